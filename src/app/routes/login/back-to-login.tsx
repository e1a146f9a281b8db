import { Anchor, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';

/** Link back to /login, or to the sign-in form when `to` is it. */
export function BackToLogin({ to = PATHS.login.root }: { to?: string }) {
  const { t } = useLingui();
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {to === PATHS.login.traditional ? t`Back to sign in` : t`Back to sign-in options`}
      </Group>
    </Anchor>
  );
}
