/**
 * Tells the user when a new version of the app has been downloaded (vite-plugin-pwa, registerType
 * 'prompt') and reloads into it on request. The service worker waits until the user says so.
 * The one-time "ready to work offline" note never covers a dialog: it waits until none is open and
 * leaves when one opens.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_ID = 'app-update';
const OFFLINE_READY_ID = 'offline-ready';
const HOUR = 60 * 60 * 1000;

/** Mantine's modals and drawers (and any other modal dialog) while they are open. */
const dialogOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/**
 * Shows the note once no dialog is open, hides it when a dialog opens while it is up. Returns the
 * clean-up that stops watching.
 */
function showBesideDialogs(show: () => void, hide: () => void, shownFor: number): () => void {
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (!shown && !dialogOpen()) {
      shown = true;
      show();
      timer = setTimeout(() => observer.disconnect(), shownFor);
    } else if (shown && dialogOpen()) {
      hide();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-modal', 'role'],
  });
  check();
  return () => {
    observer.disconnect();
    if (timer) clearTimeout(timer);
  };
}

export function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Field devices stay open for days: look for a new version every hour.
      if (registration) setInterval(() => void registration.update(), HOUR);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    notifications.show({
      id: UPDATE_ID,
      autoClose: false,
      withCloseButton: true,
      color: 'brand',
      icon: <IconRefresh size={18} />,
      title: t`A new version is available`,
      message: (
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="sm">{t`Reload to use it.`}</Text>
          <Button size="compact-sm" onClick={() => void updateServiceWorker(true)}>
            {t`Reload`}
          </Button>
        </Group>
      ),
    });
  }, [needRefresh, t, updateServiceWorker]);

  const offlineNoted = useRef(false);
  useEffect(() => {
    if (!offlineReady || offlineNoted.current) return;
    const shownFor = 4000;
    const message = t`The portal is ready to work offline.`;
    return showBesideDialogs(
      () => {
        offlineNoted.current = true;
        notifications.show({ id: OFFLINE_READY_ID, color: 'teal', message, autoClose: shownFor });
      },
      () => notifications.hide(OFFLINE_READY_ID),
      shownFor,
    );
  }, [offlineReady, t]);

  return null;
}
