import { Button, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBuildingFactory2, IconId } from '@tabler/icons-react';
import { API_PREFIX } from '../../lib/api-client';
import { BackToLogin } from './back-to-login';

/** Both buttons leave the app for the server's OpenID Connect routes. */
export function SsoPage() {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {t`Single sign-on`}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t`Sign in with your company account.`}
        </Text>
      </div>
      <Stack gap="sm">
        <Button
          component="a"
          href={`${API_PREFIX}/auth/login/supplier`}
          size="lg"
          leftSection={<IconBuildingFactory2 size={20} />}
        >
          {t`I am supplier`}
        </Button>
        <Button
          component="a"
          href={`${API_PREFIX}/auth/login/employee`}
          size="lg"
          variant="light"
          leftSection={<IconId size={20} />}
        >
          {t`I am employee`}
        </Button>
      </Stack>
      <BackToLogin />
    </Stack>
  );
}
