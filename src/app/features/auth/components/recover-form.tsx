import { Alert, Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { RecoverSchema } from '../../../../shared/schemas/auth';
import { NetworkError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { useMessageTranslator } from '../../../lib/messages';
import { MSG } from '../../../../shared/schemas/messages';
import { recoverPassword } from '../api/recover-password';
import { captchaRequested, useCaptchaGate } from '../captcha/use-captcha';
import { ErrorAlert } from '../../../components/error-alert';
import { UsernameInput } from './username-input';

type Outcome = { kind: 'sent' } | { kind: 'error'; text: string };

export function RecoverForm() {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptchaGate(
    t`To protect the accounts, tick “I'm not a robot” below and wait a few seconds until it says “Verified”; then send the link.`,
  );
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '' },
    validate: schemaResolver(RecoverSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setOutcome(null);
    setSubmitting(true);
    try {
      await recoverPassword({ ...values, captcha: captcha.payload }, i18n.locale);
      setOutcome({ kind: 'sent' });
    } catch (error) {
      captcha.onRefused(error);
      if (captchaRequested(error)) setOutcome({ kind: 'error', text: tm(MSG.captchaRequired) });
      else if (error instanceof NetworkError)
        setOutcome({ kind: 'error', text: t`No connection to the server. Check your network and try again.` });
      else
        setOutcome({
          kind: 'error',
          text: serverMessage(error, tm, t`The link could not be requested. Try again later.`),
        });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {outcome?.kind === 'sent' && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            role="status"
            title={t`Check your email to change the password`}
          >
            {/* The same answer for every username: the server does not say which ones exist. */}
            {t`If this username has an account here, a link valid for one hour is on its way to its e-mail address.`}
          </Alert>
        )}
        {outcome?.kind === 'error' && <ErrorAlert>{outcome.text}</ErrorAlert>}
        <UsernameInput
          key={form.key('username')}
          {...form.getInputProps('username')}
          error={tm(form.errors.username)}
        />
        {captcha.field}
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={captcha.blocked}>
          {t`Send reset link`}
        </Button>
      </Stack>
    </form>
  );
}
