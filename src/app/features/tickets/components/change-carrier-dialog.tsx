import { Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { ManualAssignSchema } from '../../../../shared/schemas/ticket';
import { TICKET_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useAssignCarrier } from '../api/assign-carrier';
import { useCarriers } from '../../../lib/lookups';
import { serverMessage } from '../../../lib/server-message';
import { openOffer } from '../ticket-format';
import { toastError, toastSuccess } from '../toasts';
import type { TicketDialogProps } from './accept-ticket-dialog';
import { useModeLabel } from './carrier-cell';
import { useErrorToast } from './use-error-toast';
import { DialogActions } from '../../../components/dialog-actions';

interface Values {
  carrierId: number | null;
  reason: string;
}

/** The admin's manual assignment (PUT /tickets/{id}/manual): another carrier and a reason. */
export function ChangeCarrierDialog({ ticket, onClose }: TicketDialogProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const modeLabel = useModeLabel();
  const carriers = useCarriers();
  useErrorToast(carriers.isError, TICKET_TOASTS.carriersError);
  const assign = useAssignCarrier();
  const current = openOffer(ticket)?.carrier ?? ticket.carrier;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { carrierId: null, reason: '' },
    validate: schemaResolver(ManualAssignSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await assign.mutateAsync({ id: ticket.id, carrierId: values.carrierId ?? 0, reason: values.reason.trim() });
      toastSuccess(t`Trip ID ${ticket.id}`, tm(TICKET_TOASTS.manualSuccess));
      onClose();
    } catch (error) {
      toastError(serverMessage(error, tm, ''), tm(TICKET_TOASTS.manualError));
    }
  });

  const options = (carriers.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.businessName} · ${modeLabel(c.mode)}`,
    disabled: c.id === current?.id,
  }));

  return (
    <Modal opened onClose={onClose} title={t`Change carrier of trip #${ticket.id}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {current ? t`Current carrier: ${current.businessName}` : t`No carrier has this ticket now.`}
            <br />
            {t`The ticket goes back to PENDING, offered to the carrier you choose.`}
          </Text>
          <Select
            label={t`Carrier`}
            placeholder={carriers.isLoading ? t`Loading…` : t`Choose a carrier`}
            data={options}
            value={form.values.carrierId === null ? null : String(form.values.carrierId)}
            onChange={(value) => form.setFieldValue('carrierId', value ? Number(value) : null)}
            error={tm(form.errors.carrierId)}
            searchable
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            size="md"
            label={t`Reason`}
            resize="vertical"
            minRows={3}
            maxLength={500}
            {...form.getInputProps('reason')}
            error={tm(form.errors.reason)}
          />
          <DialogActions
            needsNetwork
            backText={t`Cancel`}
            onBack={onClose}
            confirmText={t`Change carrier`}
            loading={assign.isPending}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
