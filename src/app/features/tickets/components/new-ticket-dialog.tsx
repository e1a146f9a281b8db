import { Alert, Modal, Select, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { MAX_TICKETS_PER_REQUEST, CreateTicketSchema } from '../../../../shared/schemas/ticket';
import type { DepotRef } from '../../../../shared/schemas/user';
import { TICKET_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useCreateTickets } from '../api/create-tickets';
import { serverMessage } from '../../../lib/server-message';
import { toastError, toastSuccess } from '../toasts';
import { DialogActions } from '../../../components/dialog-actions';
import { NumberField } from '../../../components/number-field';
import { formNumber } from '../../../../shared/domain/number-text';

interface Values {
  count: number | string;
  originDepotId: number | null;
  comments: string;
}

export interface NewTicketDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The supplier's yards (user.userDetail.supplier.depots). */
  yards: readonly DepotRef[];
}

/** 'New request': 1 to 10 tickets from one of the supplier's yards. */
export function NewTicketDialog({ opened, onClose, yards }: NewTicketDialogProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const create = useCreateTickets();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { count: 1, originDepotId: yards.length === 1 ? (yards[0]?.id ?? null) : null, comments: '' },
    validate: schemaResolver(CreateTicketSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const tickets = await create.mutateAsync({
        count: formNumber(values.count) ?? Number.NaN,
        originDepotId: values.originDepotId ?? 0,
        comments: values.comments.trim() || null,
      });
      const ids = tickets.map((ticket) => `#${ticket.id}`).join(', ');
      toastSuccess(
        t`Trip IDs: ${ids}`,
        tickets.length === 1 ? t`Request created` : t`${tickets.length} requests created`,
      );
      close();
    } catch (error) {
      toastError(serverMessage(error, tm, ''), tm(TICKET_TOASTS.createError));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t`New request`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {yards.length === 0 && (
            <Alert color="yellow" variant="light">
              {t`Your company has no yards yet. Ask an administrator to add one.`}
            </Alert>
          )}
          <NumberField
            kind="count"
            label={t`Number of trucks or railcars`}
            description={t`From 1 to ${MAX_TICKETS_PER_REQUEST}; each one becomes its own ticket.`}
            size="md"
            data-autofocus
            {...form.getInputProps('count')}
            error={tm(form.errors.count)}
          />
          <Select
            label={t`Origin yard`}
            placeholder={t`Choose a yard`}
            data={yards.map((yard) => ({ value: String(yard.id), label: `${yard.name} · ${yard.city}` }))}
            value={form.values.originDepotId === null ? null : String(form.values.originDepotId)}
            onChange={(value) => form.setFieldValue('originDepotId', value ? Number(value) : null)}
            error={tm(form.errors.originDepotId)}
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            size="md"
            label={t`Comments`}
            description={t`Optional`}
            resize="vertical"
            minRows={2}
            maxLength={500}
            {...form.getInputProps('comments')}
            error={tm(form.errors.comments)}
          />
          <DialogActions
            needsNetwork
            backText={t`Cancel`}
            onBack={close}
            confirmText={t`Create`}
            loading={create.isPending}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
