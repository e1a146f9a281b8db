import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { FILE_MSG } from '../../../../shared/schemas/documentation';
import { PaymentSchema } from '../../../../shared/schemas/invoice';
import { ApiError } from '../../../lib/api-client';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useSavePayment } from '../api/save-payment';
import type { FileRef, Invoice } from '../types';
import { AdminFileField } from './admin-file-field';
import { NetworkButton } from '../../../components/network-button';
import { dateInputFormat } from '../../../../shared/format/display-format';

export interface PaymentFormProps {
  ticketId: number;
  /** What the user may do with the ticket now (availableActions): 'payment-view' shows the voucher. */
  actions: readonly AvailableAction[];
  invoice: Invoice | null;
  readOnly: boolean;
  renderDownload: (file: FileRef, label: string) => ReactNode;
}

/** The payment voucher: only once the ticket is TA_INVOICED, MX_TRANSIT or DELIVERED. */
export function PaymentForm({ ticketId, actions, invoice, readOnly, renderDownload }: PaymentFormProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const save = useSavePayment();
  const form = useForm<{ paymentNumber: string; paymentDate: string | null; file: File | null }>({
    initialValues: {
      paymentNumber: invoice?.paymentNumber ?? '',
      paymentDate: invoice?.paymentDate ?? null,
      file: null,
    },
  });
  const allowed = invoice !== null && actions.includes('payment-view');

  const submit = form.onSubmit((values) => {
    if (!invoice) return;
    const parsed = v.safeParse(PaymentSchema, { paymentNumber: values.paymentNumber, paymentDate: values.paymentDate });
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const [key, messages] of Object.entries(v.flatten(parsed.issues).nested ?? {}))
        if (messages?.[0]) errors[key] = messages[0];
    }
    if (!values.file) errors.file = FILE_MSG.required;
    if (!parsed.success || !values.file || Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    save.mutate(
      { invoiceId: invoice.id, payment: parsed.output, file: values.file },
      {
        onSuccess: () => {
          form.setFieldValue('file', null);
          notifications.show({
            color: 'teal',
            title: t`Trip ID ${ticketId}`,
            message: tm(DOCUMENT_TOASTS.paymentAdded),
          });
        },
        onError: (error) => {
          const details = error instanceof ApiError ? error.body?.details : undefined;
          if (details) form.setErrors({ ...details, ...(details.paymentFile ? { file: details.paymentFile } : {}) });
          notifications.show({
            color: 'red',
            message: tm(error instanceof ApiError ? (error.body?.message ?? error.message) : error.message),
          });
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">{t`Payment voucher`}</Title>
        {!allowed ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text size="sm" c="dimmed" data-testid="payment-hint">
              {t`The payment voucher can be added once the ticket is TA invoiced, in MX transit or delivered.`}
            </Text>
          </Group>
        ) : readOnly && !invoice.paymentFile ? (
          <Text size="sm" c="dimmed" data-testid="payment-none">
            {t`No payment voucher yet.`}
          </Text>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t`Payment number`}
                  required
                  disabled={readOnly}
                  {...form.getInputProps('paymentNumber')}
                  error={tm(form.errors.paymentNumber)}
                />
                <DatePickerInput
                  label={t`Payment date`}
                  required
                  disabled={readOnly}
                  valueFormat={dateInputFormat(i18n.locale)}
                  placeholder={dateInputFormat(i18n.locale)}
                  {...form.getInputProps('paymentDate')}
                  error={tm(form.errors.paymentDate)}
                />
                <AdminFileField
                  slot="paymentFile"
                  label={t`Voucher (PDF or image)`}
                  accept="pdfOrImage"
                  required
                  disabled={readOnly}
                  readOnly={readOnly}
                  value={form.values.file}
                  stored={invoice.paymentFile ? renderDownload(invoice.paymentFile, t`Payment voucher`) : undefined}
                  error={form.errors.file as string | undefined}
                  onChange={(file) => form.setFieldValue('file', file)}
                  onError={(message) => form.setFieldError('file', message)}
                />
              </SimpleGrid>
              {!readOnly && (
                <Group justify="flex-end">
                  <NetworkButton type="submit" loading={save.isPending}>
                    {invoice.paymentFile ? t`Update payment voucher` : t`Add payment voucher`}
                  </NetworkButton>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
