/**
 * The theme with the texts Mantine writes by itself in the user's language: Mantine's defaults are
 * English (or missing), so they come from the catalogue here and the theme follows a language change.
 * - a password field's show/hide button;
 * - icon-only controls named once for every screen: close buttons (dialogs, drawers, notifications),
 *   the pager's arrows and page numbers, the calendar's previous and next.
 * Menus also open without Mantine's hidden focus placeholder (a `menu` may hold only its items) and,
 * opened from the keyboard, focus their first item.
 */
import {
  CloseButton,
  Menu,
  Pagination,
  PasswordInput,
  mergeThemeOverrides,
  type CloseButtonProps,
  type MantineThemeOverride,
} from '@mantine/core';
import { CalendarHeader } from '@mantine/dates';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { theme } from './theme';

const CONTROL_LABELS = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;

export function localizedTheme(i18n: I18n): MantineThemeOverride {
  // A prop every element takes, though CloseButton's own props do not list it.
  const closeDefaults: Partial<CloseButtonProps> & { 'aria-label': string } = { 'aria-label': i18n._(msg`Close`) };
  return mergeThemeOverrides(theme, {
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': i18n._(msg`Toggle password visibility`) } },
      }),
      CloseButton: CloseButton.extend({ defaultProps: closeDefaults }),
      CalendarHeader: CalendarHeader.extend({
        defaultProps: { previousLabel: i18n._(msg`Previous`), nextLabel: i18n._(msg`Next`) },
      }),
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      Pagination: Pagination.extend({
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': i18n._(CONTROL_LABELS[control]) }),
          getItemProps: (item) => ({ 'aria-label': i18n._(msg`Page ${item}`) }),
        },
      }),
    },
  });
}
