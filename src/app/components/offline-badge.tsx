import { Badge, Box } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudOff } from '@tabler/icons-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useOffline } from '../lib/connectivity';
import { wholeCatalogue } from '../lib/i18n';
import { firstScreenIdle } from '../lib/idle';
import { getSession, subscribeSession } from '../lib/session-store';

// The outbox (IndexedDB through Dexie) belongs to a signed-in user: a signed-out /login never loads it.
// Its texts are not among the sign-in screen's own messages: it waits for the whole catalogue. Its code
// (Dexie, about 27 kB) waits for the first screen to be idle, as the outbox's items do: it shows
// nothing until it has items, and a slow phone downloads the screen's own files first.
const OutboxIndicator = lazy(async () => {
  await firstScreenIdle();
  const [module] = await Promise.all([import('./outbox-indicator'), wholeCatalogue()]);
  return { default: module.OutboxIndicator };
});

/** Shown while the device is offline or the server does not answer, with the outbox beside it. */
export function OfflineBadge() {
  const { token } = useSyncExternalStore(subscribeSession, getSession, getSession);
  return (
    <>
      <ConnectionBadge />
      {token ? (
        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
      ) : null}
    </>
  );
}

function ConnectionBadge() {
  const offline = useOffline();
  const { t } = useLingui();
  if (!offline) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      size="lg"
      radius="sm"
      leftSection={<IconCloudOff size={14} aria-hidden />}
      role="status"
      aria-label={t`Offline`}
      px={8}
      styles={{ section: { marginInlineEnd: 0 } }}
    >
      <Box component="span" visibleFrom="sm" ml={4}>
        {t`Offline`}
      </Box>
    </Badge>
  );
}
