/**
 * Push for the signed-in user, when the app was built with Firebase's configuration: with permission
 * the device is registered at once; without it the spec's message is shown once per
 * page load, with a button that asks the browser while it still may ask. Without configuration this
 * renders and does nothing.
 */
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { pushPermission, registerDevice, requestPushPermission } from '../lib/firebase';
import { PUSH_TOAST_MS } from '../lib/notify';

export const PUSH_PERMISSION_TOAST = 'push-permission';

/** Users already told in this page's life (StrictMode and remounts must not repeat the message). */
const told = new Set<number>();

function register(userId: number): void {
  registerDevice(userId).catch((error: unknown) => {
    // Push is an extra: the app works on without it.
    console.warn('push registration failed', error);
  });
}

export function PushRegistration({ userId }: { userId: number }) {
  const { t } = useLingui();

  useEffect(() => {
    const permission = pushPermission();
    if (permission === 'granted') {
      register(userId);
      return;
    }
    if ((permission !== 'default' && permission !== 'denied') || told.has(userId)) return;
    told.add(userId);
    const allow = async () => {
      notifications.hide(PUSH_PERMISSION_TOAST);
      if ((await requestPushPermission()) === 'granted') register(userId);
    };
    notifications.show({
      id: PUSH_PERMISSION_TOAST,
      color: 'yellow',
      icon: <IconBellOff size={18} aria-hidden />,
      autoClose: PUSH_TOAST_MS,
      withCloseButton: true,
      message: (
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t`To receive push notifications, give permission to your device`}</Text>
          {permission === 'default' && (
            <Button size="compact-sm" variant="light" onClick={() => void allow()}>
              {t`Allow notifications`}
            </Button>
          )}
        </Stack>
      ),
    });
  }, [userId, t]);

  return null;
}
