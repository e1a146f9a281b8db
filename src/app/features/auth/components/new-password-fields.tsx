/**
 * The new password and its confirmation, as both ways of setting a password ask for them (a mailed
 * link, and "Change password" in the account menu): the same labels, hint, autocomplete and messages.
 */
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useMessageTranslator } from '../../../lib/messages';

export function NewPasswordFields<Values extends { password: string; confirmation: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  return (
    <>
      <PasswordInput
        label={t`New password`}
        description={t`At least 8 characters.`}
        autoComplete="new-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
        error={tm(form.errors.password)}
      />
      <PasswordInput
        label={t`Confirm the new password`}
        autoComplete="new-password"
        key={form.key('confirmation')}
        {...form.getInputProps('confirmation')}
        error={tm(form.errors.confirmation)}
      />
    </>
  );
}
