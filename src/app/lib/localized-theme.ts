/**
 * The theme with the texts Mantine writes by itself (a password field's show/hide button) in the
 * user's language: Mantine's defaults are English, so they come from the catalogue here and the theme
 * follows a language change.
 */
import { PasswordInput, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { theme } from './theme';

export function localizedTheme(i18n: I18n): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': i18n._(msg`Toggle password visibility`) } },
      }),
    },
  });
}
