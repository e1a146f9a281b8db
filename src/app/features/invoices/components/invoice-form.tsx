/**
 * The provider (TA) invoice of a ticket (5 and 8): number, date, border crossing (with
 * its customs agent) and the PDF. Creating it moves the ticket to TA_INVOICED; a duplicate number reads
 * 'Invoice number already used'; the fields lock once the invoice belongs to an RPA.
 */
import { Alert, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { ERROR_CODES } from '../../../../shared/errors';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { FILE_MSG } from '../../../../shared/schemas/documentation';
import { CreateInvoiceSchema, UpdateInvoiceSchema } from '../../../../shared/schemas/invoice';
import { ApiError } from '../../../lib/api-client';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useBorderCrossings } from '../api/get-border-crossings';
import { useSaveInvoice } from '../api/save-invoice';
import type { FileRef, Invoice } from '../types';
import { AdminFileField } from './admin-file-field';
import { SapStatus } from './sap-status';
import { NetworkButton } from '../../../components/network-button';
import { dateInputFormat } from '../../../../shared/format/display-format';

export interface InvoiceFormProps {
  ticketId: number;
  /** What the user may do with the ticket now (availableActions): whether the invoice may be added or corrected. */
  actions: readonly AvailableAction[];
  invoice: Invoice | null;
  /** ADMINRO: everything read-only and no buttons. */
  readOnly: boolean;
  /** The crossing the ticket's origin yard names: the new invoice's default border crossing. */
  defaultBorderCrossingId?: number | null;
  renderDownload: (file: FileRef, label: string) => ReactNode;
}

interface Values {
  number: string;
  date: string | null;
  borderCrossingId: string | null;
  file: File | null;
}

export function InvoiceForm({
  ticketId,
  actions,
  invoice,
  readOnly,
  defaultBorderCrossingId,
  renderDownload,
}: InvoiceFormProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const crossings = useBorderCrossings();
  const save = useSaveInvoice();
  const form = useForm<Values>({
    initialValues: {
      number: invoice?.number ?? '',
      date: invoice?.date ?? null,
      borderCrossingId: invoice
        ? String(invoice.borderCrossingId)
        : defaultBorderCrossingId
          ? String(defaultBorderCrossingId)
          : null,
      file: null,
    },
  });
  const inRpa = invoice?.rpa != null;
  const creating = invoice === null;
  // Closed tickets (delivered, canceled) keep their invoice as it is; the server refuses a change too.
  // A read-only admin is offered neither action, but is locked (and told nothing) by readOnly anyway.
  const closed = !actions.includes(creating ? 'invoice-create' : 'invoice-update');
  const locked = readOnly || inRpa || closed;

  const submit = form.onSubmit((values) => {
    const input = { number: values.number, date: values.date, borderCrossingId: values.borderCrossingId, ticketId };
    const parsed = creating ? v.safeParse(CreateInvoiceSchema, input) : v.safeParse(UpdateInvoiceSchema, input);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const [key, messages] of Object.entries(v.flatten(parsed.issues).nested ?? {}))
        if (messages?.[0]) errors[key] = messages[0];
    }
    if (creating && !values.file) errors.file = FILE_MSG.required;
    if (!parsed.success || Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const output = parsed.output as { number: string; date: string; borderCrossingId: number };
    save.mutate(
      {
        id: invoice?.id,
        invoice: { number: output.number, date: output.date, borderCrossingId: output.borderCrossingId, ticketId },
        file: values.file,
      },
      {
        onSuccess: () => {
          form.setFieldValue('file', null);
          notifications.show({
            color: 'teal',
            message: creating
              ? t`Trip ID ${ticketId}: TA invoice added successfully`
              : t`Trip ID ${ticketId}: TA invoice updated successfully`,
          });
        },
        onError: (error) => {
          const duplicate = error instanceof ApiError && error.body?.code === ERROR_CODES.duplicateInvoiceNumber;
          const details = error instanceof ApiError ? error.body?.details : undefined;
          if (duplicate) form.setFieldError('number', DOCUMENT_TOASTS.invoiceNumberUsed);
          else if (details)
            form.setErrors({ ...details, ...(details.invoiceFile ? { file: details.invoiceFile } : {}) });
          const fallback = creating ? DOCUMENT_TOASTS.invoiceCreateError : DOCUMENT_TOASTS.invoiceUpdateError;
          notifications.show({ color: 'red', message: tm(duplicate ? DOCUMENT_TOASTS.invoiceNumberUsed : fallback) });
        },
      },
    );
  });

  const numberChanged = invoice !== null && form.values.number.trim() !== invoice.number;
  const crossingOptions = (crossings.data ?? []).map((crossing) => ({
    value: String(crossing.id),
    label: crossing.customsAgent?.tradeName
      ? `${crossing.description} · ${crossing.customsAgent.tradeName}`
      : crossing.description,
  }));
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">{t`Provider (TA) invoice`}</Title>
          {inRpa && (
            <Alert color="gray" icon={<IconLock size={18} />}>
              {t`This invoice belongs to RPA ${invoice.rpa?.id ?? ''}; its fields are locked.`}
            </Alert>
          )}
          {!inRpa && closed && !creating && !readOnly && (
            <Alert color="gray" icon={<IconLock size={18} />}>
              {t`The ticket is closed; its TA invoice can no longer change.`}
            </Alert>
          )}
          {/* The ERP validation stays possible inside an RPA and on a closed ticket; only the invoice's own fields lock. */}
          {invoice && (
            <SapStatus
              invoiceId={invoice.id}
              status={numberChanged ? 'pending' : invoice.sapValidationStatus}
              editable={!readOnly}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`TA invoice number`}
              required
              disabled={locked}
              rightSection={
                numberChanged ? (
                  <IconClockHour4 size={16} color="var(--mantine-color-yellow-7)" aria-label={t`Pending validation`} />
                ) : null
              }
              {...form.getInputProps('number')}
              error={tm(form.errors.number)}
            />
            <DatePickerInput
              label={t`TA invoice date`}
              required
              disabled={locked}
              valueFormat={dateInputFormat(i18n.locale)}
              placeholder={dateInputFormat(i18n.locale)}
              {...form.getInputProps('date')}
              error={tm(form.errors.date)}
            />
            <Select
              label={t`Border crossing`}
              description={t`The customs agent of the crossing reviews the ticket`}
              required
              disabled={locked}
              // Required: picking the chosen crossing again keeps it instead of clearing it.
              allowDeselect={false}
              data={crossingOptions}
              {...form.getInputProps('borderCrossingId')}
              error={tm(form.errors.borderCrossingId)}
            />
            <AdminFileField
              slot="invoiceFile"
              label={t`TA invoice PDF`}
              accept="pdf"
              required={creating}
              disabled={locked}
              readOnly={readOnly}
              value={form.values.file}
              stored={invoice?.invoiceFile ? renderDownload(invoice.invoiceFile, t`TA invoice PDF`) : undefined}
              error={form.errors.file as string | undefined}
              onChange={(file) => form.setFieldValue('file', file)}
              onError={(message) => form.setFieldError('file', message)}
            />
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end">
              <NetworkButton type="submit" loading={save.isPending} disabled={locked}>
                {creating ? t`Add TA invoice` : t`Update`}
              </NetworkButton>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
