import { Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronRight, IconKey, IconUser, type Icon } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { wholeCatalogue } from '../../lib/i18n';
import { PATHS } from '../../paths';
import classes from './login-choice-page.module.css';

// Shown only to a user who is already signed in, who started with the whole catalogue: its code (and
// Mantine's Button) is not part of the signed-out /login.
const SignedInNotice = lazy(async () => {
  const [module] = await Promise.all([import('./signed-in-notice'), wholeCatalogue()]);
  return { default: module.SignedInNotice };
});

interface ChoiceProps {
  to: string;
  icon: Icon;
  title: string;
  hint: string;
}

function Choice({ to, icon: ChoiceIcon, title, hint }: ChoiceProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.choice}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light">
          <ChoiceIcon size={22} stroke={1.7} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650}>{title}</Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        <IconChevronRight size={18} className={classes.chevron} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

export function LoginChoicePage() {
  const { t } = useLingui();
  const { user } = useAuth();

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
        <Suspense fallback={null}>
          <SignedInNotice />
        </Suspense>
      )}
      <Stack gap="sm">
        <Choice to={PATHS.login.sso} icon={IconKey} title={t`Single sign-on`} hint={t`With your company account`} />
        <Choice
          to={PATHS.login.traditional}
          icon={IconUser}
          title={t`Username and password`}
          hint={t`With the account the portal gave you`}
        />
      </Stack>
    </Stack>
  );
}
