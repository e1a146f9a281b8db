/**
 * The signed-in user's own password change (user menu): current password, new one twice. The server
 * ends every other session and answers a token that keeps this device signed in.
 */
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ChangeOwnPasswordFormSchema } from '../../../../shared/schemas/auth';
import { MSG } from '../../../../shared/schemas/messages';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { setSession } from '../../../lib/session-store';
import { changeOwnPassword } from '../api/change-own-password';
import { NewPasswordFields } from './new-password-fields';
import { DialogActions } from '../../../components/dialog-actions';

export interface ChangeOwnPasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangeOwnPasswordModal({ opened, onClose }: ChangeOwnPasswordModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Change password`} centered>
      {/* Mounted only while open, so the typed passwords do not outlive the dialog. */}
      {opened && <ChangeOwnPasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangeOwnPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    validate: schemaResolver(ChangeOwnPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ currentPassword, password }) => {
    setSubmitting(true);
    try {
      const { token, user } = await changeOwnPassword(currentPassword, password);
      setSession(token, user);
      notifications.show({
        color: 'teal',
        message: t`Your password was changed. You were signed out on your other devices.`,
      });
      onDone();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 422) {
        form.setFieldError('currentPassword', MSG.wrongCurrentPassword);
        return;
      }
      notifications.show({
        color: 'red',
        message:
          error instanceof NetworkError
            ? t`No connection to the server. Check your network and try again.`
            : t`Failed to change password`,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t`Your other devices will be signed out.`}
        </Text>
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          data-autofocus
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
          error={tm(form.errors.currentPassword)}
        />
        <NewPasswordFields form={form} />
        <DialogActions
          needsNetwork
          backText={t`Cancel`}
          onBack={onDone}
          confirmText={t`Change password`}
          loading={submitting}
          mt="xs"
        />
      </Stack>
    </form>
  );
}
