import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
 * excepted) and signs the user in on this page, as the sign-in form does, then goes to `/?resume=1`, which
 * returns the same user to the screen their last session ended on. With nothing to take, a stored session
 * is reused; otherwise, to /login.
 *
 * No reload carries the session: on a first visit of the portal, WebKit sometimes started the next page
 * before the token written just before it had reached the storage, and that page found none (3 of 8 tries
 * on WebKitGTK; tests/e2e/field-journeys.e2e.ts). The reload only served to start clean, and a sign-in
 * switches the user's saved lists and outbox by itself (offline/restore.ts).
 *
 * A session for another user than the one signed in on this browser is not taken silently: the page
 * asks first, so an account never changes under someone who did not mean to change it (issue 30, item 4).
 */
export function TokenPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  /** undefined while the hand-off is being taken, null when there was none. */
  const [handoff, setHandoff] = useState<AuthResponse | null>();
  const queryClient = useQueryClient();
  const taken = useRef(false);
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
    if (handoff) {
      // Once: signing in changes who is signed in, which runs this effect again.
      if (taken.current) return;
      taken.current = true;
      const locale = localStorage.getItem(LOCALE_KEY);
      const returnPoint = storedReturnPoint();
      localStorage.clear();
      if (locale) localStorage.setItem(LOCALE_KEY, locale);
      restoreReturnPoint(returnPoint);
      // Another user's data must not stay on screen or in memory once the session is theirs.
      if (signedIn && signedIn.id !== handoff.user.id) queryClient.clear();
      setSession(handoff.token, handoff.user);
      void navigate(`${PATHS.root}?${RESUME_PARAM}=1`, { replace: true });
      return;
    }
    void navigate(getToken() ? PATHS.root : PATHS.login.root, { replace: true });
  }, [handoff, asks, signedIn, queryClient, navigate]);

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
