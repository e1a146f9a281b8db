import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordFormSchema } from '../../../../shared/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import { PATHS } from '../../../paths';
import { changePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';

export interface ChangePasswordFormProps {
  /** The reset token from the mailed link. */
  token: string;
}

/**
 * The new password from a mailed link: at least 8 characters and a matching confirmation. A 401 means
 * the link expired or was used; that and any other failure lead back to the recover page.
 */
export function ChangePasswordForm({ token }: ChangePasswordFormProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmation: '' },
    validate: schemaResolver(ChangePasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    try {
      await changePassword(password, token);
      notifications.show({ color: 'teal', message: t`Your password was changed. Sign in with the new one.` });
      void navigate(PATHS.login.traditional, { replace: true });
    } catch (error) {
      setSubmitting(false);
      const expired = error instanceof ApiError && error.status === 401;
      notifications.show({
        color: 'red',
        message: expired ? t`The link expired, please request new password` : t`Failed to change password`,
      });
      void navigate(PATHS.login.recover, { replace: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields form={form} />
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t`Change password`}
        </Button>
      </Stack>
    </form>
  );
}
