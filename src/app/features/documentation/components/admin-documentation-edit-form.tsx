/**
 * The admin's ticket-edit form (spec sections 2, 5 and 8): corrects a supplier-invoiced ticket's truck
 * documentation before the TA invoice. Files stay as the supplier sent them. Saving answers
 * 'Datos actualizados con éxito' and goes to the admin home, or 'Error al actualizar datos'.
 */
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { checkAdminEdit } from '../admin-edit-values';
import { useSaveDocumentation } from '../api/save-documentation';
import { valuesFromDocumentation, type DocumentationFormValues } from '../form-values';
import { describeSaveError } from '../save-error';
import type { DocTicket, Destination, Documentation } from '../types';
import { MaterialFields } from './material-fields';
import { TicketSummary } from './ticket-summary';
import { useAmountProps } from './use-amount-props';

export interface AdminDocumentationEditFormProps {
  ticket: DocTicket;
  doc: Documentation;
  destinations: Destination[];
  /** False outside SUPPLIER_INVOICED or for a read-only admin: the fields show, nothing saves. */
  editable: boolean;
  onSaved: () => void;
  onBack: () => void;
}

export function AdminDocumentationEditForm({ ticket, doc, destinations, editable, onSaved, onBack }: AdminDocumentationEditFormProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const save = useSaveDocumentation();
  const { money, weight } = useAmountProps();
  const form = useForm<DocumentationFormValues>({ initialValues: valuesFromDocumentation(doc, ticket.id) });
  const locked = !editable;

  const submit = form.onSubmit((values) => {
    const checked = checkAdminEdit(values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    save.mutate(
      { mode: 'TRUCK', id: doc.id, payload: checked.payload, files: { documents: {}, photos: [] } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: t`Trip ID ${ticket.id}`, message: tm(DOCUMENT_TOASTS.adminUpdateSuccess) });
          onSaved();
        },
        onError: (error) => {
          const failure = describeSaveError(error, DOCUMENT_TOASTS.adminUpdateError);
          form.setErrors({ ...form.errors, ...failure.fieldErrors });
          notifications.show({ color: 'red', title: t`Trip ID ${ticket.id}`, message: tm(DOCUMENT_TOASTS.adminUpdateError) });
        },
      },
    );
  });

  const field = (name: keyof DocumentationFormValues) => ({ ...form.getInputProps(name), error: tm(form.errors[name]) });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TicketSummary ticket={ticket} role="ADMIN" invoiceNumber={doc.invoiceNumber} />
        {locked && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t`Only a supplier-invoiced ticket can be edited; this one is shown read-only.`}
          </Alert>
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">{t`Truck documentation`}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t`Destination`}
                disabled={locked}
                data={destinations.map((item) => ({ value: String(item.id), label: item.name }))}
                {...field('destinationId')}
              />
              <DatePickerInput label={t`Invoice date`} disabled={locked} valueFormat="DD/MM/YYYY" placeholder="DD/MM/YYYY" {...field('invoiceDate')} />
              <TextInput label={t`Invoice number`} disabled={locked} {...field('invoiceNumber')} />
              <NumberInput label={t`Invoice amount`} disabled={locked} {...money} {...field('invoiceAmount')} />
              <TextInput
                label={t`Car/Equipment`}
                description={t`Car initial letters plus number, no symbols or spaces`}
                disabled={locked}
                autoCapitalize="characters"
                {...field('carEquipment')}
              />
              <NumberInput label={t`Gross weight (lbs)`} disabled={locked} {...weight} {...field('grossWeight')} />
              <NumberInput label={t`Tare weight (lbs)`} disabled={locked} {...weight} {...field('tareWeight')} />
              <MaterialFields form={form} supplierId={ticket.supplier.id} disabled={locked} showDescription={false} storedOrder={doc.purchaseOrder} required={false} />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack}>
            {t`Back`}
          </Button>
          {editable && (
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              {t`Save changes`}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
