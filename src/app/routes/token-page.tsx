import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { RESUME_PARAM, restoreReturnPoint, storedReturnPoint } from '../features/auth/return-to';
import { LOCALE_KEY } from '../lib/i18n';
import { getSession, getToken, setSession } from '../lib/session-store';
import { PATHS } from '../paths';

/** The user id a session token names (its `sub`), read without checking it: the server does that. */
export function tokenUserId(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && /^\d+$/.test(payload.sub) ? Number(payload.sub) : null;
  } catch {
    return null;
  }
}

/**
 * /token: the SSO callback hands a token over here. A token in the query replaces everything stored
 * (the device's language choice and the screen a session ended on excepted) and the app reloads at / so
 * it starts clean, signs in silently with it and returns the same user there. Without one, a stored
 * token is reused; otherwise, to /login.
 *
 * A token for another user than the one signed in on this browser is not taken silently: a link made by
 * someone else (with their own token) would otherwise sign this browser into their account, and what the
 * user then uploaded would land there. The page asks first (issue 30, item 4).
 */
export function TokenPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const signedIn = getSession().user;
  const [confirmed, setConfirmed] = useState(false);
  const asks = !!token && !!signedIn && tokenUserId(token) !== signedIn.id && !confirmed;

  useEffect(() => {
    if (asks) return;
    if (token) {
      const locale = localStorage.getItem(LOCALE_KEY);
      const returnPoint = storedReturnPoint();
      localStorage.clear();
      if (locale) localStorage.setItem(LOCALE_KEY, locale);
      restoreReturnPoint(returnPoint);
      setSession(token, null);
      window.location.replace(`${PATHS.root}?${RESUME_PARAM}=1`);
      return;
    }
    void navigate(getToken() ? PATHS.root : PATHS.login.root, { replace: true });
  }, [asks, token, navigate]);

  if (!asks || !signedIn) return <FullPageLoader />;
  const name = signedIn.userDetail?.name ?? signedIn.username;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t`Change the signed-in account?`}
          </Title>
          <Text>{t`This browser is signed in as ${name}. A sign-in for another account was just handed over to it.`}</Text>
          <Text size="sm" c="dimmed">
            {t`If you did not just sign in with your company account, stay signed in: the link may not be yours.`}
          </Text>
          <Button onClick={() => setConfirmed(true)}>{t`Continue with the new sign-in`}</Button>
          <Button variant="default" onClick={() => void navigate(PATHS.root, { replace: true })}>
            {t`Stay signed in as ${name}`}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
