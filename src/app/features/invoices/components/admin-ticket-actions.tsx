import { Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconBan, IconPackageImport, IconTruckDelivery } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { useChangeTicket, type AdminTicketChange } from '../api/change-ticket';
import { DialogActions } from '../../../components/dialog-actions';
import { serverMessage } from '../../../lib/server-message';
import { NetworkButton } from '../../../components/network-button';

/**
 * The admin's Cancel (SUPPLIER_INVOICED only), Release (TA_INVOICED → MX_TRANSIT, as the customs agent
 * would) and Mark delivered (MX_TRANSIT) buttons, each confirmed first.
 */
export interface AdminTicketActionsProps {
  ticketId: number;
  /** What the admin may do with the ticket now (availableActions); the others show disabled. */
  actions: readonly AvailableAction[];
  onCanceled: () => void;
  /** A page action shown first in the same row (the TA invoice page's 'Edit documentation'). */
  leading?: ReactNode;
}

export function AdminTicketActions({ ticketId, actions, onCanceled, leading }: AdminTicketActionsProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const change = useChangeTicket(ticketId);
  const [pending, setPending] = useState<AdminTicketChange | null>(null);

  const run = () => {
    if (!pending) return;
    change.mutate(pending, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: t`Trip ID ${ticketId}`,
          message:
            pending.kind === 'cancel'
              ? t`The ticket was canceled`
              : pending.status === 'MX_TRANSIT'
                ? t`Released: the ticket is in MX transit`
                : t`The ticket was marked delivered`,
        });
        const canceled = pending.kind === 'cancel';
        setPending(null);
        if (canceled) onCanceled();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t`Trip ID ${ticketId}`,
          message: serverMessage(error, tm, tm(error.message)),
        }),
    });
  };

  return (
    <>
      {/* One flat row that wraps from the left, so a phone shows two tidy rows of buttons. */}
      <Group gap="xs" justify="flex-start" wrap="wrap">
        {leading}
        <NetworkButton
          variant="light"
          color="red"
          leftSection={<IconBan size={16} />}
          disabled={!actions.includes('cancel')}
          onClick={() => setPending({ kind: 'cancel' })}
        >
          {t`Cancel ticket`}
        </NetworkButton>
        <NetworkButton
          variant="light"
          leftSection={<IconTruckDelivery size={16} />}
          disabled={!actions.includes('release')}
          onClick={() => setPending({ kind: 'status', status: 'MX_TRANSIT' })}
        >
          {t`Release`}
        </NetworkButton>
        <NetworkButton
          color="teal"
          leftSection={<IconPackageImport size={16} />}
          disabled={!actions.includes('deliver')}
          onClick={() => setPending({ kind: 'status', status: 'DELIVERED' })}
        >
          {t`Mark delivered`}
        </NetworkButton>
      </Group>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t`Trip ID ${ticketId}`} centered>
        <Text size="sm">
          {pending?.kind === 'cancel'
            ? t`Cancel this ticket? It cannot be undone.`
            : pending?.status === 'MX_TRANSIT'
              ? t`Release this ticket at the border? It moves to MX transit.`
              : t`Mark this ticket as delivered at its destination?`}
        </Text>
        <DialogActions
          needsNetwork
          backText={t`Back`}
          onBack={() => setPending(null)}
          confirmText={t`Confirm`}
          color={pending?.kind === 'cancel' ? 'red' : 'teal'}
          loading={change.isPending}
          onConfirm={run}
          mt="lg"
        />
      </Modal>
    </>
  );
}
