/**
 * The create and edit modals of /contracts. Create: carrier, description, price (at least 1, 2
 * decimals), from and to (to not before from). Edit: description, price (a whole number), to; the start
 * date is shown read-only. The same valibot schemas as the server check the form before it is sent;
 * the server's answer (409 for an ended contract, 422 for an end before the start) shows in the form.
 */
import { Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import {
  checkContractEdit,
  CreateContractSchema,
  UpdateContractSchema,
  type ContractView,
} from '../../../../shared/schemas/contract';
import type { CarrierView } from '../../../../shared/schemas/carrier';
import { dateInputFormat } from '../../../../shared/format/display-format';
import { useSaveContract } from '../api/contracts';
import { fieldIssues, serverError, serverFieldErrors } from '../server-error';
import { toastError, toastSuccess } from '../toasts';
import { DialogActions } from '../../../components/dialog-actions';
import { NumberField } from '../../../components/number-field';
import { formNumber } from '../../../../shared/domain/number-text';

export type ContractModalState = { kind: 'create' } | { kind: 'edit'; contract: ContractView } | null;

export function ContractModal({
  state,
  carriers,
  onClose,
}: {
  state: ContractModalState;
  carriers: CarrierView[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.kind === 'edit' ? t`Edit contract ${state.contract.id}` : t`New contract`}
      size="md"
    >
      {state && (
        <ContractForm
          key={state.kind === 'edit' ? state.contract.id : 'new'}
          state={state}
          carriers={carriers}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ContractForm({
  state,
  carriers,
  onClose,
}: {
  state: NonNullable<ContractModalState>;
  carriers: CarrierView[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const save = useSaveContract();
  const editing = state.kind === 'edit' ? state.contract : null;
  const [carrierId, setCarrierId] = useState<string | null>(editing ? String(editing.carrier.id) : null);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [price, setPrice] = useState<number | string>(editing?.price ?? '');
  const [from, setFrom] = useState(editing?.from ?? '');
  const [to, setTo] = useState(editing?.to ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's setter that also drops its message (and the form's own), as the app's other forms do. */
  const edit =
    <V,>(key: string, setter: (value: V) => void) =>
    (value: V) => {
      setter(value);
      setErrors((current) => {
        const { [key]: _field, _: _form, ...rest } = current;
        return _field === undefined && _form === undefined ? current : rest;
      });
    };
  // Typed dates in the language's numeric order (DD/MM/YYYY in Spanish), whatever the browser's own
  // locale: a native date input followed the browser and showed 12/23/2026 to a Spanish user.
  const pattern = dateInputFormat(i18n.locale);
  const dayFormat = { valueFormat: pattern, placeholder: pattern };

  const submit = () => {
    const priceValue = formNumber(price);
    const found: Record<string, string> = {};
    if (!carrierId) found.carrierId = tm('Campo obligatorio');
    if (editing) {
      const parsed = v.safeParse(UpdateContractSchema, { description, price: priceValue, to });
      if (!parsed.success) Object.assign(found, fieldIssues(parsed.issues));
      else Object.assign(found, checkContractEdit(editing, parsed.output));
      if (Object.keys(found).length > 0) return setErrors(mapped(found));
      if (!parsed.success) return;
      save.mutate(
        { kind: 'edit', carrierId: editing.carrier.id, contractId: editing.id, contract: parsed.output },
        { onSuccess: () => done(t`The contract was updated`), onError: failed(t`The contract could not be updated`) },
      );
      return;
    }
    const parsed = v.safeParse(CreateContractSchema, { description, price: priceValue, from, to });
    if (!parsed.success) Object.assign(found, fieldIssues(parsed.issues));
    if (Object.keys(found).length > 0 || !parsed.success) return setErrors(mapped(found));
    save.mutate(
      { kind: 'create', carrierId: Number(carrierId), contract: parsed.output },
      { onSuccess: () => done(t`The contract was created`), onError: failed(t`The contract could not be created`) },
    );
  };

  const mapped = (found: Record<string, string>) =>
    Object.fromEntries(Object.entries(found).map(([k, msgText]) => [k, tm(msgText)]));
  const done = (text: string) => {
    toastSuccess(text);
    onClose();
  };
  const failed = (fallback: string) => (error: Error) => {
    const fields = serverFieldErrors(error, tm);
    if (Object.keys(fields).length > 0) setErrors(fields);
    else if (error instanceof ApiError && error.status === 409) setErrors({ _: serverError(error, tm, fallback) });
    toastError(serverError(error, tm, fallback));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label={t`Carrier`}
          required
          data={carriers.map((c) => ({ value: String(c.id), label: c.businessName }))}
          value={carrierId}
          onChange={edit('carrierId', setCarrierId)}
          disabled={!!editing}
          error={errors.carrierId}
          searchable
        />
        <TextInput
          label={t`Description`}
          required
          value={description}
          onChange={(e) => edit('description', setDescription)(e.currentTarget.value)}
          error={errors.description}
          maxLength={200}
        />
        <NumberField
          kind={editing ? 'wholeMoney' : 'money'}
          label={t`Price`}
          description={editing ? t`Whole dollars, at least $1` : t`At least $1, up to 2 decimals`}
          required
          value={price}
          onChange={edit('price', setPrice)}
          error={errors.price}
        />
        <Group grow align="flex-start">
          <DatePickerInput
            label={t`From`}
            required={!editing}
            value={from || null}
            onChange={(value) => edit('from', setFrom)(value ?? '')}
            disabled={!!editing}
            maxDate={to || undefined}
            error={errors.from}
            {...dayFormat}
          />
          <DatePickerInput
            label={t`To`}
            required
            value={to || null}
            onChange={(value) => edit('to', setTo)(value ?? '')}
            minDate={from || undefined}
            error={errors.to}
            {...dayFormat}
          />
        </Group>
        {errors._ && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
            {errors._}
          </div>
        )}
        <DialogActions
          needsNetwork
          backText={t`Cancel`}
          onBack={onClose}
          confirmText={editing ? t`Save changes` : t`Create contract`}
          loading={save.isPending}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
