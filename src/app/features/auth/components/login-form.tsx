import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoginSchema } from '../../../../shared/schemas/auth';
import { MSG } from '../../../../shared/schemas/messages';
import type { User } from '../../../../shared/schemas/user';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { PATHS } from '../../../paths';
import { useAuth } from '../auth-context';

export interface LoginFormProps {
  onSignedIn: (user: User) => void;
}

/** True when the server asks for a captcha (after 3 failed attempts, DESIGN.md section 8). */
function needsCaptcha(error: ApiError): boolean {
  const body: Record<string, unknown> | null = error.body ? { ...error.body } : null;
  return body?.captchaRequired === true || error.status === 428 || body?.message === 'captcha required';
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  });

  const describe = (error: unknown): string => {
    if (error instanceof NetworkError) return t`No connection to the server. Check your network and try again.`;
    if (error instanceof ApiError) {
      if (needsCaptcha(error)) return tm(MSG.captchaRequired);
      if (error.status === 401) return tm(MSG.incorrectLogin);
      if (error.status === 429) return t`Too many attempts. Wait a moment and try again.`;
    }
    return t`The portal could not sign you in right now. Try again in a moment.`;
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const user = await login(values);
      onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body?.details) form.setErrors(error.body.details);
      setFailure(describe(error));
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          key={form.key('username')}
          {...form.getInputProps('username')}
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
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t`Sign in`}
        </Button>
      </Stack>
    </form>
  );
}
