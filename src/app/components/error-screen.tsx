/**
 * What a screen that fails to render shows instead (the root route's ErrorBoundary): what happened, in
 * the user's words and language, and two ways on. The usual cause on a phone is a screen's code that
 * cannot be fetched: a new version was deployed since the app started, or the connection dropped
 * while it loaded; reloading fixes the first. Nothing is lost either way: saved work is on the server
 * and what was queued offline stays in the outbox, so the screen says so. The failure is reported to the
 * server (lib/error-report.ts), except an address that names no screen (404): that is no fault of the app.
 */
import { Button, Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { reportAppError } from '../lib/error-report';
import { PATHS } from '../paths';

/** A lazy screen's module that could not be fetched, as browsers word it (Chromium, Firefox, WebKit). */
const NOT_LOADED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i;

export function ErrorScreen() {
  const { t } = useLingui();
  const error = useRouteError();
  const notLoaded = error instanceof Error && NOT_LOADED.test(error.message);
  const status = isRouteErrorResponse(error) ? error.status : null;
  const { pathname } = useLocation();
  useEffect(() => {
    if (status === null || status >= 500) reportAppError(error, 'render', pathname);
  }, [error, status, pathname]);

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%" role="alert">
        <Stack gap="md">
          <ThemeIcon size={48} radius="xl" color="orange" variant="light" aria-hidden>
            <IconAlertTriangle size={26} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t`Something went wrong`}
          </Title>
          <Text>
            {notLoaded
              ? t`This screen could not be loaded. The portal may have been updated, or the connection dropped. Reload to try again.`
              : t`This screen ran into an error and cannot be shown. Reload to try again.`}
          </Text>
          <Text size="sm" c="dimmed">
            {t`What you saved is kept, and anything waiting in the outbox will still be sent.`}
          </Text>
          {status !== null && <Code>{status}</Code>}
          <Button size="md" onClick={() => window.location.reload()}>
            {t`Reload`}
          </Button>
          <Button size="md" variant="default" component="a" href={PATHS.root}>
            {t`Go to my home`}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
