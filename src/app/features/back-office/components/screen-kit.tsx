/**
 * What the master-data screens (suppliers, depots, vehicles, contracts, settings) share: the filters of a
 * paged list (typed values, debounced for the query, any change back to page 1), the list's paging and
 * state props from its query, the row's edit button, and the modal form with its Cancel/Save footer and
 * its field errors (the shared valibot schema before sending, the server's field messages after).
 */
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconPencil } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { useMessageTranslator } from '../../../lib/messages';
import { fieldIssues, serverError, serverFieldErrors } from '../server-error';
import { toastError } from '../toasts';
import { DialogActions } from '../../../components/dialog-actions';
import { NetworkButton } from '../../../components/network-button';

export const PAGE_SIZE = 10;

type FilterValues = Record<string, string | null>;

export function usePagedFilters<F extends FilterValues>(initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(values, 300);
  const set = (key: keyof F) => (value: string | null) => {
    setValues((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  /** The debounced value of a filter, trimmed; undefined when empty (the query leaves it out). */
  const applied = (key: keyof F): string | undefined => debounced[key]?.trim() || undefined;
  return {
    values,
    page,
    setPage,
    set,
    applied,
    /** onChange of a text input bound to the filter. */
    text: (key: keyof F) => (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    /** How many filters are set (the phone's filter button shows it). */
    active: Object.values(values).filter((value) => value !== null && value.trim() !== '').length,
    clean: () => {
      setValues(initial);
      setPage(1);
    },
  };
}

/** The paging and state props of a DataList fed by a `{ count }` query on a page of PAGE_SIZE. */
export function pagedList<R>(
  query: UseQueryResult<{ count: number }>,
  page: number,
  setPage: (page: number) => void,
  rows: R[] | undefined,
) {
  return {
    rows: rows ?? [],
    loading: query.isPending,
    error: query.isError,
    query,
    onRetry: () => void query.refetch(),
    page,
    pageSize: PAGE_SIZE,
    total: query.data?.count ?? 0,
    onPage: setPage,
  };
}

export function EditButton({
  label,
  disabled,
  onClick,
  children,
}: {
  /** The accessible name, naming the row ('Edit vehicle ABCU123456'). */
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <NetworkButton
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} />}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </NetworkButton>
  );
}

/** A modal's form: no browser validation bubbles (the fields show the spec's texts), Cancel and Save. */
export function ModalForm({
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        <DialogActions
          needsNetwork
          backText={t`Cancel`}
          onBack={onCancel}
          confirmText={submitLabel ?? t`Save`}
          loading={pending}
          mt="sm"
        />
      </Stack>
    </form>
  );
}

/** Field errors of a form, translated: from the shared schema before sending, from the server after. */
export function useFieldErrors() {
  const tm = useMessageTranslator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const show = (found: Record<string, string>) =>
    setErrors(Object.fromEntries(Object.entries(found).map(([key, text]) => [key, tm(text)])));
  return {
    errors,
    setErrors,
    show,
    /** Drops a field's message once the user changes the field, as the app's other forms do. */
    clear: (key: string) =>
      setErrors((current) => {
        if (!(key in current)) return current;
        const { [key]: _dropped, ...rest } = current;
        return rest;
      }),
    /** The schema's output, or null after showing its messages under the fields. */
    check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> | null {
      const parsed = v.safeParse(schema, input);
      if (!parsed.success) {
        show(fieldIssues(parsed.issues));
        return null;
      }
      setErrors({});
      return parsed.output;
    },
    /** A refused save: the server's field messages under the fields and its message (or `fallback`) in a toast. */
    refused: (fallback: string) => (error: Error) => {
      setErrors(serverFieldErrors(error, tm));
      toastError(serverError(error, tm, fallback));
    },
  };
}
