import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors';
import { LoginSchema } from '../../../../shared/schemas/auth';
import { MSG } from '../../../../shared/schemas/messages';
import type { User } from '../../../../shared/schemas/user';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { PATHS } from '../../../paths';
import { getCaptchaRequired } from '../api/get-captcha-required';
import { useAuth } from '../auth-context';
import { captchaRequested, useCaptchaGate } from '../captcha/use-captcha';
import { ErrorAlert } from '../../../components/error-alert';
import { UsernameInput } from './username-input';

export interface LoginFormProps {
  onSignedIn: (user: User) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptchaGate(
    t`Several sign-ins failed from this connection. Tick “I'm not a robot” below and wait a few seconds until it says “Verified”; then sign in as usual.`,
  );
  const { require: requireCaptcha } = captcha;
  // Asks the server whether the next try needs a captcha: on opening (this address) and when the
  // username is left (that name). Only the latest question counts; a failed question changes nothing
  // (the sign-in itself still asks for the captcha when it must).
  const asked = useRef(0);
  const askCaptcha = (username?: string) => {
    const question = ++asked.current;
    getCaptchaRequired(username?.trim() || undefined).then(
      (required) => {
        if (required && question === asked.current) requireCaptcha();
      },
      () => undefined,
    );
  };
  useEffect(() => {
    askCaptcha();
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  });

  const describe = (error: unknown): string => {
    if (error instanceof NetworkError) return t`No connection to the server. Check your network and try again.`;
    if (error instanceof ApiError) {
      // A wrong password that reaches the failure limit says so and asks for the captcha in the same answer.
      if (error.body?.code === ERROR_CODES.incorrectLogin) return tm(MSG.incorrectLogin);
      if (captchaRequested(error)) return tm(MSG.captchaRequired);
      if (error.status === 401) return tm(MSG.incorrectLogin);
      if (error.status === 429) return t`Too many attempts. Wait a moment and try again.`;
    }
    return t`The portal could not sign you in right now. Try again in a moment.`;
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const user = await login({ ...values, captcha: captcha.payload });
      onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body?.details) form.setErrors(error.body.details);
      setFailure(describe(error));
      captcha.onRefused(error);
      setSubmitting(false);
    }
  });

  const usernameProps = form.getInputProps('username');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <UsernameInput
          key={form.key('username')}
          {...usernameProps}
          onBlur={(event) => {
            usernameProps.onBlur?.(event);
            askCaptcha(event.currentTarget.value);
          }}
          error={tm(form.errors.username)}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={tm(form.errors.password)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={PATHS.login.recover} size="sm">
            {t`Forgot your password?`}
          </Anchor>
        </Group>
        {captcha.field}
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={captcha.blocked}>
          {t`Sign in`}
        </Button>
      </Stack>
    </form>
  );
}
