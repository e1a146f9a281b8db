import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../paths';

/** Where single sign-on failures land; `?reason=` says why (sent by the server). */
export function LoginErrorPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const reason = params.get('reason');

  const explanation =
    reason === 'sso-not-configured'
      ? t`Single sign-on is not set up on this portal yet. Sign in with your username and password instead.`
      : reason === 'unknown-user'
        ? t`There is no portal account for the account you signed in with. Ask an administrator to give you access.`
        : t`We could not sign you in. Please try again.`;

  return (
    <Stack gap="lg" align="center" ta="center">
      <ThemeIcon size={56} radius="xl" color="orange" variant="light">
        <IconAlertTriangle size={30} />
      </ThemeIcon>
      <div>
        <Title order={1} fz={24}>
          {t`Sign-in failed`}
        </Title>
        <Text c="dimmed" size="sm" mt={8}>
          {explanation}
        </Text>
      </div>
      <Button component={Link} to={PATHS.login.root} size="md" fullWidth>
        {t`Accept`}
      </Button>
    </Stack>
  );
}
