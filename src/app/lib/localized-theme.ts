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
  mergeThemeOverrides,
  type CloseButtonProps,
  type MantineThemeOverride,
  type MenuProps,
  type PaginationProps,
  type PasswordInputProps,
} from '@mantine/core';
import type { CalendarHeaderProps } from '@mantine/dates';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { theme } from './theme';

const CONTROL_LABELS = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;

// Plain `{ defaultProps }` objects, which is all `Component.extend()` returns: importing the components
// themselves would put the menu, pager, password field and calendar (and their positioning library)
// into the code every first screen downloads.
export function localizedTheme(i18n: I18n): MantineThemeOverride {
  // A prop every element takes, though CloseButton's own props do not list it.
  const closeDefaults: Partial<CloseButtonProps> & { 'aria-label': string } = { 'aria-label': i18n._(msg`Close`) };
  return mergeThemeOverrides(theme, {
    components: {
      PasswordInput: {
        defaultProps: {
          visibilityToggleButtonProps: { 'aria-label': i18n._(msg`Toggle password visibility`) },
        } satisfies Partial<PasswordInputProps>,
      },
      CloseButton: { defaultProps: closeDefaults },
      CalendarHeader: {
        defaultProps: {
          previousLabel: i18n._(msg`Previous`),
          nextLabel: i18n._(msg`Next`),
        } satisfies Partial<CalendarHeaderProps>,
      },
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': i18n._(CONTROL_LABELS[control]) }),
          getItemProps: (item) => ({ 'aria-label': i18n._(msg`Page ${item}`) }),
        } satisfies Partial<PaginationProps>,
      },
    },
  });
}
