/**
 * The outbox in the header: how many writes wait for the server, red when the
 * server refused one; a click opens the list.
 */
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconCloudUpload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../lib/session-store';
import { useOutboxItems } from '../offline/use-outbox';
import { OutboxDrawer } from './outbox-drawer';

export function OutboxIndicator() {
  const { t } = useLingui();
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const userId = session.token ? (session.user?.id ?? null) : null;
  const items = useOutboxItems(userId);
  const [opened, { open, close }] = useDisclosure(false);
  if (userId === null || (items.length === 0 && !opened)) return null;
  const refused = items.some((item) => item.state === 'refused');
  const count = items.length;
  const label = refused
    ? count === 1
      ? t`Outbox: 1 item refused by the server`
      : t`Outbox: ${count} waiting, some refused by the server`
    : count === 1
      ? t`Outbox: 1 waiting to be sent`
      : t`Outbox: ${count} waiting to be sent`;
  return (
    <>
      <Tooltip label={label}>
        <Indicator
          label={items.length}
          size={18}
          color={refused ? 'red' : 'orange'}
          offset={4}
          disabled={items.length === 0}
        >
          <ActionIcon
            variant="light"
            color={refused ? 'red' : 'orange'}
            size="lg"
            radius="sm"
            aria-label={label}
            onClick={open}
          >
            <IconCloudUpload size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <OutboxDrawer opened={opened} onClose={close} userId={userId} items={items} />
    </>
  );
}
