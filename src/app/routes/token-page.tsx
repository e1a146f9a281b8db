import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../shared/schemas/user';
import { FullPageLoader } from '../components/full-page-loader';
import { RESUME_PARAM, restoreReturnPoint, storedReturnPoint } from '../features/auth/return-to';
import { apiFetch } from '../lib/api-client';
import { LOCALE_KEY } from '../lib/i18n';
import { getSession, getToken, setSession } from '../lib/session-store';
import { PATHS } from '../paths';

/**
 * Takes the session a finished single sign-on left for this browser (an httpOnly cookie only the
 * hand-off route reads), once: the answer spends it. One request per page load, shared by React's
 * repeated effects, since a second would find the hand-off spent.
 */
let handoffRequest: Promise<AuthResponse | null> | null = null;
function takeHandoff(): Promise<AuthResponse | null> {
  handoffRequest ??= apiFetch<AuthResponse>('/auth/sso/handoff', {
    method: 'POST',
    token: '',
    skipUnauthorizedLogout: true,
  })
    .catch(() => null)
    .finally(() => {
      // Settled: a later visit of /token (without a reload) asks again.
      handoffRequest = null;
    });
  return handoffRequest;
}

/**
 * /token: where single sign-on lands. The session is handed over by the server, never in the address
 * (logs, history and Referer would keep a token there), and only to the browser whose sign-in ended
 * here. It replaces everything stored (the device's language choice and the screen a session ended on
 * excepted) and the app reloads at / so it starts clean, signs in silently with it and returns the same
 * user there. With nothing to take, a stored session is reused; otherwise, to /login.
 *
 * A session for another user than the one signed in on this browser is not taken silently: the page
 * asks first, so an account never changes under someone who did not mean to change it (issue 30, item 4).
 */
export function TokenPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  /** undefined while the hand-off is being taken, null when there was none. */
  const [handoff, setHandoff] = useState<AuthResponse | null>();
  const token = handoff?.token;
  const signedIn = getSession().user;
  const [confirmed, setConfirmed] = useState(false);
  const asks = !!handoff && !!signedIn && handoff.user.id !== signedIn.id && !confirmed;

  useEffect(() => {
    let current = true;
    void takeHandoff().then((taken) => current && setHandoff(taken));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (handoff === undefined || asks) return;
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
  }, [handoff, asks, token, navigate]);

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
