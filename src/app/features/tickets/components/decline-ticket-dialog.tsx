import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { DeclineTicketSchema } from '../../../../shared/schemas/ticket';
import { TICKET_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { toastOutOfSpace, toastQueued } from '../../../offline/outbox-messages';
import { OutOfSpaceError } from '../../../offline/storage';
import { useDeclineTicket } from '../api/decline-ticket';
import { serverMessage } from '../../../lib/server-message';
import { toastError, toastSuccess } from '../toasts';
import type { TicketDialogProps } from './accept-ticket-dialog';
import { DialogActions } from '../../../components/dialog-actions';

/** The carrier gives back a confirmed ticket; a reason is required. */
export function DeclineTicketDialog({ ticket, onClose }: TicketDialogProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const decline = useDeclineTicket();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: schemaResolver(DeclineTicketSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await decline.mutateAsync({ id: ticket.id, reason: values.reason.trim() });
      if (result.status === 'queued') toastQueued(i18n, result.reason, t`Trip ID ${ticket.id}`);
      else toastSuccess(t`Trip ID ${ticket.id} declined. It goes back to the allocation.`);
      onClose();
    } catch (error) {
      if (error instanceof OutOfSpaceError) toastOutOfSpace(i18n);
      else toastError(serverMessage(error, tm, ''), tm(TICKET_TOASTS.declineError));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t`Decline trip #${ticket.id}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t`The ticket will be offered to another carrier. Tell the supplier and the planners why.`}
          </Text>
          <Textarea
            size="md"
            label={t`Reason`}
            placeholder={t`E.g. no truck available that day`}
            resize="vertical"
            minRows={3}
            maxLength={500}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
            error={tm(form.errors.reason)}
          />
          <DialogActions
            backText={t`Cancel`}
            onBack={onClose}
            confirmText={t`Decline`}
            color="red"
            loading={decline.isPending}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
