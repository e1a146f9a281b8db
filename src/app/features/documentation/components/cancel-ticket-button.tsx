import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconBan } from '@tabler/icons-react';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { useCancelTicket } from '../api/cancel-ticket';
import { DialogActions } from '../../../components/dialog-actions';
import { serverMessage } from '../../../lib/server-message';
import { NetworkButton } from '../../../components/network-button';

export interface CancelTicketButtonProps {
  ticketId: number | null;
  /** What the user may do with the ticket now (availableActions); enabled when it holds 'cancel'. */
  actions: readonly AvailableAction[];
  onCanceled: () => void;
  fullWidth?: boolean;
}

/** Cancels the ticket after a confirmation; disabled unless the user may cancel it now (SUPPLIER_INVOICED). */
export function CancelTicketButton({ ticketId, actions, onCanceled, fullWidth }: CancelTicketButtonProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const [opened, { open, close }] = useDisclosure(false);
  const cancel = useCancelTicket();
  const enabled = ticketId !== null && actions.includes('cancel');

  const confirm = () => {
    if (ticketId === null) return;
    cancel.mutate(ticketId, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', title: t`Trip ID ${ticketId}`, message: t`The ticket was canceled` });
        onCanceled();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: t`The ticket could not be canceled`,
          message: serverMessage(error, tm, tm(error.message)),
        });
      },
    });
  };

  return (
    <>
      <NetworkButton
        variant="light"
        color="red"
        leftSection={<IconBan size={16} />}
        disabled={!enabled}
        onClick={open}
        fullWidth={fullWidth}
      >
        {t`Cancel ticket`}
      </NetworkButton>
      <Modal opened={opened} onClose={close} title={t`Cancel ticket ${ticketId ?? ''}?`} centered>
        <Text size="sm">{t`The ticket ends canceled and its documentation can no longer change. This cannot be undone.`}</Text>
        <DialogActions
          needsNetwork
          backText={t`Keep it`}
          onBack={close}
          confirmText={t`Cancel ticket`}
          color="red"
          loading={cancel.isPending}
          onConfirm={confirm}
          mt="lg"
        />
      </Modal>
    </>
  );
}

/**
 * The truck form's Cancel, disabled always as spec section 2 says (see
 * ../decisions/0001-truck-cancel-always-disabled.md). While the ticket could be canceled
 * (SUPPLIER_INVOICED) it says who can: an administrator, from the ticket's page.
 */
export function TruckCancelButton({ cancelable }: { cancelable: boolean }) {
  const { t } = useLingui();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="light"
        color="red"
        leftSection={<IconBan size={16} />}
        disabled
        aria-describedby={cancelable ? 'truck-cancel-hint' : undefined}
      >
        {t`Cancel ticket`}
      </Button>
      {cancelable && (
        <Text id="truck-cancel-hint" size="xs" c="dimmed" ta="right" maw={320}>
          {t`A truck ticket is canceled by an administrator: ask them to cancel it from the ticket's page.`}
        </Text>
      )}
    </Stack>
  );
}
