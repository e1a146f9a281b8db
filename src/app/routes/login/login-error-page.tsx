import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SsoErrorReason } from '../../../shared/schemas/sso';
import { PATHS } from '../../paths';

/** Where single sign-on failures land; `?reason=` says why (sent by the server). */
export function LoginErrorPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const reason = params.get('reason');

  const explanations: Record<string, string> = {
    'sso-not-configured': t`Single sign-on is not set up on this portal yet. Sign in with your username and password instead.`,
    'sso-unavailable': t`The sign-in service of your company could not be reached. Try again later, or sign in with your username and password.`,
    'sso-refused': t`The sign-in was cancelled or refused at your company's sign-in page.`,
    'unknown-user': t`There is no portal account for the account you signed in with. Ask an administrator to give you access.`,
  } satisfies Partial<Record<SsoErrorReason, string>>;
  // sso-failed (an answer that could not be trusted, or one used twice) and anything else: try again.
  const explanation = (reason && explanations[reason]) || t`We could not sign you in. Please try again.`;

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
