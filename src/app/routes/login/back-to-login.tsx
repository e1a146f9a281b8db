import { Anchor, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';

export function BackToLogin({ to = PATHS.login.root }: { to?: string }) {
  const { t } = useLingui();
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t`Back to sign-in options`}
      </Group>
    </Anchor>
  );
}
