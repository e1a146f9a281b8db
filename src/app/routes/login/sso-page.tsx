import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBuildingFactory2, IconId, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { SsoProvider } from '../../../shared/schemas/sso';
import { useSsoProviders } from '../../features/auth/api/get-sso-providers';
import { API_PREFIX } from '../../lib/api-client';
import { PATHS } from '../../paths';
import { BackToLogin } from './back-to-login';

interface SsoButtonProps {
  provider: SsoProvider;
  label: string;
  icon: Icon;
  variant: 'filled' | 'light';
  /** False when the server says this provider is not set up; undefined while unknown (offline, loading). */
  configured: boolean | undefined;
  notSetUp: string;
}

/** A button that leaves the app for the server's OpenID Connect route, or says why it cannot. */
function SsoButton({ provider, label, icon: ButtonIcon, variant, configured, notSetUp }: SsoButtonProps) {
  const common = { size: 'lg', variant, leftSection: <ButtonIcon size={20} aria-hidden /> } as const;
  if (configured === false) {
    const hintId = `sso-${provider}-not-set-up`;
    return (
      <Stack gap={4}>
        <Button {...common} disabled aria-describedby={hintId}>
          {label}
        </Button>
        <Text id={hintId} size="sm" c="dimmed">
          {notSetUp}
        </Text>
      </Stack>
    );
  }
  return (
    <Button {...common} component="a" href={`${API_PREFIX}/auth/login/${provider}`}>
      {label}
    </Button>
  );
}

export function SsoPage() {
  const { t } = useLingui();
  const { data: providers } = useSsoProviders();
  const anyOff = providers?.supplier === false || providers?.employee === false;
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
        <SsoButton
          provider="supplier"
          label={t`I am supplier`}
          icon={IconBuildingFactory2}
          variant="filled"
          configured={providers?.supplier}
          notSetUp={t`Single sign-on for suppliers is not set up on this portal.`}
        />
        <SsoButton
          provider="employee"
          label={t`I am employee`}
          icon={IconId}
          variant="light"
          configured={providers?.employee}
          notSetUp={t`Single sign-on for employees is not set up on this portal.`}
        />
      </Stack>
      {anyOff && (
        <Anchor component={Link} to={PATHS.login.traditional} size="sm">
          {t`Sign in with your username and password`}
        </Anchor>
      )}
      <BackToLogin />
    </Stack>
  );
}
