import { Button, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { homeFor } from '../../../shared/domain/roles';
import { useAuth } from '../../features/auth/auth-context';
import { LoginNotice } from './login-notice';

/** On /login while signed in: who is signed in, with the way home and a way out. */
export function SignedInNotice() {
  const { t } = useLingui();
  const { user, logout } = useAuth();
  if (!user) return null;
  const name = user.userDetail.name || user.username;
  return (
    <LoginNotice color="brand" title={t`You are signed in as ${name}`}>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" component={Link} to={homeFor(user.roles)}>
          {t`Go to my home`}
        </Button>
        <Button size="compact-sm" variant="default" onClick={logout}>
          {t`Log out`}
        </Button>
      </Group>
    </LoginNotice>
  );
}
