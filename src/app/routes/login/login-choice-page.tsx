import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronRight, IconKey, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { homeFor } from '../../../shared/domain/roles';
import { useAuth } from '../../features/auth/auth-context';
import { PATHS } from '../../paths';

export function LoginChoicePage() {
  const { t } = useLingui();
  const { user, logout } = useAuth();
  const name = user?.userDetail.name || user?.username || '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          {t`Sign in`}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t`Choose how you want to sign in to the portal.`}
        </Text>
      </div>
      {user && (
        <Alert color="brand" variant="light" title={t`You are signed in as ${name}`}>
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" component={Link} to={homeFor(user.roles)}>
              {t`Go to my home`}
            </Button>
            <Button size="compact-sm" variant="default" onClick={logout}>
              {t`Log out`}
            </Button>
          </Group>
        </Alert>
      )}
      <Stack gap="sm">
        <Button
          component={Link}
          to={PATHS.login.sso}
          size="lg"
          variant="light"
          justify="space-between"
          leftSection={<IconKey size={20} />}
          rightSection={<IconChevronRight size={18} />}
        >
          {t`Single sign-on`}
        </Button>
        <Button
          component={Link}
          to={PATHS.login.traditional}
          size="lg"
          variant="light"
          justify="space-between"
          leftSection={<IconUser size={20} />}
          rightSection={<IconChevronRight size={18} />}
        >
          {t`Username and password`}
        </Button>
      </Stack>
    </Stack>
  );
}
