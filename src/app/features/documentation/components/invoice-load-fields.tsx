/**
 * The 'Invoice and load' block shared by the truck and railcar forms: destination, invoice date,
 * number and amount, car/equipment, weights, material and purchase order. The railcar form adds its
 * waybill after the amount and its comments below.
 */
import { Autocomplete, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { localCalendarDay } from '../../../../shared/domain/invoice-date';
import { NumberField } from '../../../components/number-field';
import { useMessageTranslator } from '../../../lib/messages';
import { useDestinations } from '../../../lib/lookups';
import { useEquipmentSuggestions } from '../api/get-equipment-suggestions';
import type { DocumentationFormValues } from '../form-values';
import { MaterialFields, type MaterialFieldsProps } from './material-fields';
import { dateInputFormat } from '../../../../shared/format/display-format';

export interface InvoiceLoadFieldsProps {
  form: UseFormReturnType<DocumentationFormValues>;
  supplierId: number | undefined;
  /** Editing a stored documentation: destination locked, invoice date and number optional. */
  editing: boolean;
  /** Every field read-only (TA invoiced and later). */
  locked: boolean;
  storedOrder: MaterialFieldsProps['storedOrder'];
  showMaterialDescription: boolean;
  /** Fields placed after the amount (the railcar's waybill). */
  afterAmount?: ReactNode;
  /** Below the grid (the railcar's comments). */
  footer?: ReactNode;
}

export function InvoiceLoadFields({
  form,
  supplierId,
  editing,
  locked,
  storedOrder,
  showMaterialDescription,
  afterAmount,
  footer,
}: InvoiceLoadFieldsProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const destinations = useDestinations();
  const pickedTicket = form.values.ticketId ? Number(form.values.ticketId) : null;
  // The carrier's registered equipment, offered while the field is editable; any other id may be typed.
  const equipmentIds = useEquipmentSuggestions(locked ? null : pickedTicket);
  const field = (name: keyof DocumentationFormValues) => ({
    ...form.getInputProps(name),
    error: tm(form.errors[name]),
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h4">{t`Invoice and load`}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t`Destination`}
          required
          disabled={editing}
          data={(destinations.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
          {...field('destinationId')}
        />
        <DatePickerInput
          label={t`Invoice date`}
          required={!editing}
          disabled={locked}
          valueFormat={dateInputFormat(i18n.locale)}
          placeholder={dateInputFormat(i18n.locale)}
          clearable
          // An invoice is dated the day it was issued: later days cannot be picked.
          maxDate={localCalendarDay()}
          {...field('invoiceDate')}
        />
        <TextInput label={t`Invoice number`} required={!editing} disabled={locked} {...field('invoiceNumber')} />
        <NumberField kind="money" label={t`Invoice amount`} required disabled={locked} {...field('invoiceAmount')} />
        {afterAmount}
        <Autocomplete
          label={t`Car/Equipment`}
          description={t`Car initial letters plus number, no symbols or spaces`}
          required
          disabled={locked}
          autoCapitalize="characters"
          data={equipmentIds}
          {...field('carEquipment')}
        />
        <NumberField kind="weight" label={t`Gross weight (lbs)`} required disabled={locked} {...field('grossWeight')} />
        <NumberField kind="weight" label={t`Tare weight (lbs)`} required disabled={locked} {...field('tareWeight')} />
        <MaterialFields
          form={form}
          supplierId={supplierId}
          disabled={locked}
          showDescription={showMaterialDescription}
          storedOrder={storedOrder}
        />
      </SimpleGrid>
      {footer}
    </Stack>
  );
}
