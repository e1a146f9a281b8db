/**
 * Tells the user when a new version of the app has been downloaded (vite-plugin-pwa, registerType
 * 'prompt') and reloads into it on request. The service worker waits until the user says so.
 * The one-time "ready to work offline" note is not a toast: it is handed to the signed-in frame, which
 * shows it inline above the page (components/offline-ready-note.tsx), so it covers no control.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { announceOfflineReady } from '../lib/offline-ready';

const UPDATE_ID = 'app-update';
const HOUR = 60 * 60 * 1000;

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

  useEffect(() => {
    if (offlineReady) announceOfflineReady();
  }, [offlineReady]);

  return null;
}
