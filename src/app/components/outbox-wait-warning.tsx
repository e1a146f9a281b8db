/**
 * On the home screen: a warning when something has waited in the outbox longer than
 * OUTBOX_WAIT_WARNING_MS (offline/outbox-age.ts), with the way to the outbox. A write queued in the
 * morning and still on the phone at night is one a dispatcher is missing, and one the phone may lose.
 */
import { Alert, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconClockExclamation } from '@tabler/icons-react';
import { useNow } from '../lib/use-now';
import { formatWait, lateInOutbox, OUTBOX_WAIT_WARNING_MS } from '../offline/outbox-age';
import { useOutboxItems } from '../offline/use-outbox';
import { OutboxDrawer } from './outbox-drawer';

export function OutboxWaitWarning({ userId }: { userId: number }) {
  const { t, i18n } = useLingui();
  const items = useOutboxItems(userId);
  const now = useNow(60_000).getTime();
  const [opened, { open, close }] = useDisclosure(false);
  const warning = lateInOutbox(items, now);
  if (!warning) return opened ? <OutboxDrawer opened onClose={close} userId={userId} items={items} /> : null;
  const { late, oldest } = warning;
  const limit = formatWait(OUTBOX_WAIT_WARNING_MS, i18n.locale);
  const age = formatWait(now - oldest, i18n.locale);
  return (
    <>
      <Alert
        color="orange"
        variant="light"
        icon={<IconClockExclamation size={18} />}
        title={t`Not sent yet`}
        mb="md"
        role="status"
        data-testid="outbox-wait-warning"
      >
        <Text size="sm">
          {late === 1
            ? t`1 item has waited in the outbox for more than ${limit} (the oldest for ${age}). It is only on this device until it is sent.`
            : t`${late} items have waited in the outbox for more than ${limit} (the oldest for ${age}). They are only on this device until they are sent.`}
        </Text>
        <Button size="compact-md" variant="light" color="orange" mt="xs" onClick={open}>
          {t`Open the outbox`}
        </Button>
      </Alert>
      <OutboxDrawer opened={opened} onClose={close} userId={userId} items={items} />
    </>
  );
}
