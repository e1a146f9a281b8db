/**
 * The admin's ticket-edit form (5 and 8): corrects a supplier-invoiced ticket's truck or
 * railcar documentation before the TA invoice. The ticket, carrier, yard and destination stay locked (edit
 * mode); a file is replaced only when the admin picks a new one, within the admin limits.
 * Saving answers 'Datos actualizados con éxito' and goes to the admin home, or 'Error al actualizar datos'.
 */
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { localCalendarDay } from '../../../../shared/domain/invoice-date';
import { NumberField } from '../../../components/number-field';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { checkAdminEdit } from '../admin-edit-values';
import { useSaveDocumentation } from '../api/save-documentation';
import { documentationFiles, valuesFromDocumentation, type DocumentationFormValues } from '../form-values';
import { describeSaveError } from '../save-error';
import type { DocTicket, Destination, Documentation, DocumentationMode } from '../types';
import { AdminDocumentationFiles } from './admin-documentation-files';
import { MaterialFields } from './material-fields';
import { TicketSummary } from './ticket-summary';
import { NetworkButton } from '../../../components/network-button';
import { dateInputFormat } from '../../../../shared/format/display-format';

/** Why the form cannot save: the ticket's status, or a read-only admin. */
export type AdminEditLock = 'status' | 'read-only' | null;

export interface AdminDocumentationEditFormProps {
  mode: DocumentationMode;
  ticket: DocTicket;
  doc: Documentation;
  destinations: Destination[];
  /** Set outside SUPPLIER_INVOICED or for a read-only admin: the fields show, nothing saves. */
  lock: AdminEditLock;
  onSaved: () => void;
  onBack: () => void;
}

export function AdminDocumentationEditForm({
  mode,
  ticket,
  doc,
  destinations,
  lock,
  onSaved,
  onBack,
}: AdminDocumentationEditFormProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const save = useSaveDocumentation();
  const form = useForm<DocumentationFormValues>({
    initialValues: valuesFromDocumentation(doc, ticket.id, ticket.carrier?.id),
  });
  const locked = lock !== null;
  const railcar = mode === 'RAILCAR';

  const submit = form.onSubmit((values) => {
    const checked = checkAdminEdit(values, mode);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    save.mutate(
      { mode, id: doc.id, payload: checked.payload, files: documentationFiles(values) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: t`Trip ID ${ticket.id}`,
            message: tm(DOCUMENT_TOASTS.adminUpdateSuccess),
          });
          onSaved();
        },
        onError: (error) => {
          const failure = describeSaveError(error, DOCUMENT_TOASTS.adminUpdateError);
          form.setErrors({ ...form.errors, ...failure.fieldErrors });
          notifications.show({
            color: 'red',
            title: t`Trip ID ${ticket.id}`,
            message: tm(DOCUMENT_TOASTS.adminUpdateError),
          });
        },
      },
    );
  });

  const field = (name: keyof DocumentationFormValues) => ({
    ...form.getInputProps(name),
    error: tm(form.errors[name]),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TicketSummary ticket={ticket} role="ADMIN" invoiceNumber={doc.invoiceNumber} />
        {lock && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {lock === 'read-only'
              ? t`A read-only admin sees this form but cannot save it.`
              : t`Only a supplier-invoiced ticket can be edited; this one is shown read-only.`}
          </Alert>
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {railcar ? t`Railcar documentation` : t`Truck documentation`}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t`Destination`}
                description={locked ? undefined : t`The destination of a documented ticket cannot change.`}
                disabled
                data={destinations.map((item) => ({ value: String(item.id), label: item.name }))}
                {...field('destinationId')}
              />
              {railcar && (
                // The railcar's carrier and yard are the ticket's own (the server checks them); shown, never sent.
                <TextInput
                  label={t`Yard`}
                  description={locked ? undefined : t`The ticket's origin yard; carrier and yard cannot change.`}
                  disabled
                  value={`${ticket.origin.name} · ${ticket.origin.city}`}
                  readOnly
                />
              )}
              <DatePickerInput
                label={t`Invoice date`}
                disabled={locked}
                valueFormat={dateInputFormat(i18n.locale)}
                placeholder={dateInputFormat(i18n.locale)}
                maxDate={localCalendarDay()}
                {...field('invoiceDate')}
              />
              <TextInput label={t`Invoice number`} disabled={locked} {...field('invoiceNumber')} />
              <NumberField
                kind="money"
                label={t`Invoice amount`}
                required
                disabled={locked}
                {...field('invoiceAmount')}
              />
              {railcar && (
                <TextInput
                  label={t`WayBill`}
                  description={t`Rail tracking number, digits only (min 5)`}
                  required
                  disabled={locked}
                  inputMode="numeric"
                  {...field('waybill')}
                />
              )}
              <TextInput
                label={t`Car/Equipment`}
                description={t`Car initial letters plus number, no symbols or spaces`}
                required
                disabled={locked}
                autoCapitalize="characters"
                {...field('carEquipment')}
              />
              <NumberField
                kind="weight"
                label={t`Gross weight (lbs)`}
                required
                disabled={locked}
                {...field('grossWeight')}
              />
              <NumberField
                kind="weight"
                label={t`Tare weight (lbs)`}
                required
                disabled={locked}
                {...field('tareWeight')}
              />
              <MaterialFields
                form={form}
                supplierId={ticket.supplier.id}
                disabled={locked}
                showDescription={railcar}
                storedOrder={doc.purchaseOrder}
                required={false}
              />
            </SimpleGrid>
            {railcar && <Textarea label={t`Comments`} rows={3} disabled={locked} {...field('comments')} />}
          </Stack>
        </Paper>
        {/* No upload controls on a locked form (a read-only admin sees none). */}
        {!locked && <AdminDocumentationFiles form={form} doc={doc} disabled={false} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack}>
            {t`Back`}
          </Button>
          {!locked && (
            <NetworkButton type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              {t`Save changes`}
            </NetworkButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
