import { Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RecoverForm } from '../../features/auth/components/recover-form';
import { PATHS } from '../../paths';
import { BackToLogin } from './back-to-login';

export function RecoverPage() {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {t`Recover your password`}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t`Enter your username and we will email you a link to choose a new password.`}
        </Text>
      </div>
      <RecoverForm />
      <BackToLogin to={PATHS.login.traditional} />
    </Stack>
  );
}
