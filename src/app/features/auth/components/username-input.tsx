import { TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** The username as typed on a phone: no capital first letter, no spelling fixes, the browser's saved logins. */
export function UsernameInput(props: Omit<TextInputProps, 'label'>) {
  const { t } = useLingui();
  return <TextInput label={t`Username`} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
