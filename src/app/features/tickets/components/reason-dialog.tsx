/**
 * The carrier's answers that need a reason: passing on an offer and declining a confirmed ticket. One
 * dialog for both: the reason is required (the same schema as the server's), never cut short while typed
 * or pasted (the schema refuses one too long, with its message), kept on the device as it is typed so a
 * session that ends at midnight loses nothing (the dialog opened again for the same ticket has it), and
 * sent through the outbox, so it works offline.
 */
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { DeclineTicketSchema } from '../../../../shared/schemas/ticket';
import { useMessageTranslator } from '../../../lib/messages';
import { getSession } from '../../../lib/session-store';
import { serverMessage } from '../../../lib/server-message';
import { dropTypedDraft, readTypedDraft, saveTypedDraft, typedDraftKey } from '../../../lib/typed-draft';
import { toastNotKept, toastQueued } from '../../../offline/outbox-messages';
import { DialogActions } from '../../../components/dialog-actions';
import type { TicketWriteResult } from '../api/confirm-ticket';
import { toastError, toastSuccess } from '../toasts';
import type { Ticket } from '../types';

export interface ReasonDialogTexts {
  title: string;
  explanation: string;
  placeholder: string;
  confirm: string;
  /** The toast once the server took it. */
  done: string;
  /** The toast's title when it failed. */
  failed: string;
}

export interface ReasonDialogProps {
  /** Which answer: names the kept draft. */
  kind: 'pass' | 'decline';
  ticket: Ticket;
  texts: ReasonDialogTexts;
  send: (input: { id: number; reason: string }) => Promise<TicketWriteResult>;
  sending: boolean;
  onClose: () => void;
}

export function ReasonDialog({ kind, ticket, texts, send, sending, onClose }: ReasonDialogProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const userId = getSession().user?.id;
  const draftKey = userId !== undefined ? typedDraftKey(`${kind}-reason`, userId, ticket.id) : null;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: (draftKey && readTypedDraft<{ reason: string }>(draftKey)?.reason) || '' },
    // Pass and decline share the one reason rule.
    validate: schemaResolver(DeclineTicketSchema, { sync: true }),
    onValuesChange: (values) => {
      if (draftKey) saveTypedDraft(draftKey, values);
    },
  });
  const forget = () => {
    if (draftKey) dropTypedDraft(draftKey);
  };
  const cancel = () => {
    forget();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await send({ id: ticket.id, reason: values.reason.trim() });
      forget();
      if (result.status === 'queued') toastQueued(i18n, result.reason, t`Trip ID ${ticket.id}`);
      else toastSuccess(texts.done);
      onClose();
    } catch (error) {
      if (!toastNotKept(i18n, error)) toastError(serverMessage(error, tm, ''), texts.failed);
    }
  });

  return (
    <Modal opened onClose={cancel} title={texts.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {texts.explanation}
          </Text>
          <Textarea
            size="md"
            label={t`Reason`}
            placeholder={texts.placeholder}
            resize="vertical"
            minRows={3}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
            error={tm(form.errors.reason)}
          />
          <DialogActions
            backText={t`Cancel`}
            onBack={cancel}
            confirmText={texts.confirm}
            color="red"
            loading={sending}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
