import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconBan } from '@tabler/icons-react';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { useCancelTicket } from '../api/cancel-ticket';
import { DialogActions } from '../../../components/dialog-actions';
import { serverMessage } from '../../../lib/server-message';

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
      <Button
        variant="light"
        color="red"
        leftSection={<IconBan size={16} />}
        disabled={!enabled}
        onClick={open}
        fullWidth={fullWidth}
      >
        {t`Cancel ticket`}
      </Button>
      <Modal opened={opened} onClose={close} title={t`Cancel ticket ${ticketId ?? ''}?`} centered>
        <Text size="sm">{t`The ticket ends canceled and its documentation can no longer change. This cannot be undone.`}</Text>
        <DialogActions
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
