import { Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { PATHS } from '../../paths';
import { BackToLogin } from './back-to-login';

export function ChangePasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to={PATHS.login.root} replace />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {t`Choose a new password`}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t`Use at least 8 characters and type it twice.`}
        </Text>
      </div>
      <ChangePasswordForm token={token} />
      <BackToLogin />
    </Stack>
  );
}
