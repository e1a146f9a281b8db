import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { PassOfferSchema } from '../../../../shared/schemas/ticket';
import { useMessageTranslator } from '../../../lib/messages';
import { toastOutOfSpace, toastQueued } from '../../../offline/outbox-messages';
import { OutOfSpaceError } from '../../../offline/storage';
import { usePassOffer } from '../api/pass-offer';
import { serverMessage } from '../../../lib/server-message';
import { toastError, toastSuccess } from '../toasts';
import type { TicketDialogProps } from './accept-ticket-dialog';
import { DialogActions } from '../../../components/dialog-actions';

/**
 * The carrier passes on an offer it does not want (beyond the spec, DESIGN.md section 3): a reason is
 * required, and the ticket goes to the next carrier at once instead of waiting for the offer to expire.
 */
export function PassOfferDialog({ ticket, onClose }: TicketDialogProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const pass = usePassOffer();
  // No maxLength on the field: a pasted reason is never cut short; the schema refuses one too long.
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: schemaResolver(PassOfferSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await pass.mutateAsync({ id: ticket.id, reason: values.reason.trim() });
      if (result.status === 'queued') toastQueued(i18n, result.reason, t`Trip ID ${ticket.id}`);
      else toastSuccess(t`You passed on trip ID ${ticket.id}. It is offered to the next carrier.`);
      onClose();
    } catch (error) {
      if (error instanceof OutOfSpaceError) toastOutOfSpace(i18n);
      else toastError(serverMessage(error, tm, ''), t`The offer could not be passed on`);
    }
  });

  return (
    <Modal opened onClose={onClose} title={t`Pass on trip #${ticket.id}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t`The offer goes to the next carrier right away and counts as not accepted in your service level. Tell the planners why.`}
          </Text>
          <Textarea
            size="md"
            label={t`Reason`}
            placeholder={t`E.g. no truck near that yard`}
            resize="vertical"
            minRows={3}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
            error={tm(form.errors.reason)}
          />
          <DialogActions
            backText={t`Cancel`}
            onBack={onClose}
            confirmText={t`Pass on the offer`}
            color="red"
            loading={pass.isPending}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
