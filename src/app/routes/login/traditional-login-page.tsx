import { Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { homeFor } from '../../../shared/domain/roles';
import { LoginForm } from '../../features/auth/components/login-form';
import { takeScreen } from '../../features/auth/return-to';
import { BackToLogin } from './back-to-login';

export function TraditionalLoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {t`Sign in`}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t`Enter your portal username and password.`}
        </Text>
      </div>
      <LoginForm onSignedIn={(user) => void navigate(takeScreen(user) ?? homeFor(user.roles), { replace: true })} />
      <BackToLogin />
    </Stack>
  );
}
