/**
 * Admin /suppliersabm: suppliers paged and filtered by business name and SAP id, each with its options
 * (may request tickets, default destination, notice e-mail) edited in a modal. ADMINRO sees the edit
 * buttons disabled.
 */
import { Badge, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconBuildingFactory2, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { useMessageTranslator } from '../../../lib/messages';
import { UpdateSupplierSchema, type SupplierView } from '../../../../shared/schemas/supplier';
import { suppliersQueryOptions, useDestinationLookup, useUpdateSupplier } from '../api/masters';
import { useFormats } from '../format';
import { fieldIssues, serverError, serverFieldErrors } from '../server-error';
import { toastError, toastSuccess } from '../toasts';

const PAGE_SIZE = 10;

export function SuppliersScreen({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const f = useFormats();
  const [name, setName] = useState('');
  const [sapId, setSapId] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const [debouncedSap] = useDebouncedValue(sapId.trim(), 300);
  const [editing, setEditing] = useState<SupplierView | null>(null);
  const destinations = useDestinationLookup();
  const query = useQuery(
    suppliersQueryOptions({
      page,
      limit: PAGE_SIZE,
      businessName: debouncedName || undefined,
      sapId: debouncedSap || undefined,
    }),
  );
  const destinationName = (id: number | null) => destinations.data?.find((d) => d.id === id)?.name ?? '—';

  const columns: DataColumn<SupplierView>[] = [
    { key: 'businessName', header: t`Business name`, cell: (s) => s.businessName, primary: true },
    { key: 'sapId', header: t`SAP id`, cell: (s) => s.sapId ?? '—' },
    { key: 'city', header: t`City`, cell: (s) => s.city ?? '—' },
    { key: 'cellphone', header: t`Phone`, cell: (s) => s.cellphone ?? '—' },
    {
      key: 'enabled',
      header: t`Requests`,
      cell: (s) => (
        <Badge color={s.options.enabled ? 'green' : 'red'} variant="light">
          {s.options.enabled ? t`Allowed` : t`Blocked`}
        </Badge>
      ),
    },
    {
      key: 'destination',
      header: t`Default destination`,
      cell: (s) => destinationName(s.options.defaultDestinationId),
    },
    { key: 'email', header: t`Notice e-mail`, cell: (s) => s.options.noticeEmail ?? '—' },
    { key: 'created', header: t`Since`, cell: (s) => f.day(s.createAt.slice(0, 10)) },
  ];

  return (
    <>
      <PageHeader
        title={t`Suppliers`}
        description={t`Suppliers and their options.`}
        filters={
          <ListFilters
            active={(name ? 1 : 0) + (sapId ? 1 : 0)}
            onClean={() => {
              setName('');
              setSapId('');
              setPage(1);
            }}
            showLabel={t`Show ${query.data?.count ?? 0} suppliers`}
          >
            <TextInput
              label={t`Business name`}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', md: 260 }}
            />
            <TextInput
              label={t`SAP id`}
              value={sapId}
              onChange={(e) => {
                setSapId(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', md: 160 }}
            />
          </ListFilters>
        }
      />
      <DataList
        label={t`Suppliers`}
        columns={columns}
        rows={query.data?.suppliers ?? []}
        rowKey={(s) => s.id}
        loading={query.isPending}
        error={query.isError}
        errorText={tm(BACK_OFFICE_TOASTS.suppliersError)}
        onRetry={() => void query.refetch()}
        emptyIcon={<IconBuildingFactory2 size={30} stroke={1.5} />}
        emptyTitle={t`No suppliers match these filters`}
        emptyDescription={t`Change or clean the filters to see more suppliers.`}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.count ?? 0}
        onPage={setPage}
        actions={(s) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            disabled={readOnly}
            onClick={() => setEditing(s)}
            aria-label={t`Edit options of ${s.businessName}`}
          >
            {t`Options`}
          </Button>
        )}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.businessName}>
        {editing && (
          <SupplierOptionsForm
            key={editing.id}
            supplier={editing}
            destinations={destinations.data ?? []}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}

function SupplierOptionsForm({
  supplier,
  destinations,
  onClose,
}: {
  supplier: SupplierView;
  destinations: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const update = useUpdateSupplier();
  const [enabled, setEnabled] = useState(supplier.options.enabled);
  const [destination, setDestination] = useState<string | null>(
    supplier.options.defaultDestinationId === null ? null : String(supplier.options.defaultDestinationId),
  );
  const [email, setEmail] = useState(supplier.options.noticeEmail ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = v.safeParse(UpdateSupplierSchema, {
      enabled,
      defaultDestinationId: destination === null ? null : Number(destination),
      noticeEmail: email,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldIssues(parsed.issues)).map(([k, m]) => [k, tm(m)])));
      return;
    }
    update.mutate(
      { id: supplier.id, supplier: parsed.output },
      {
        onSuccess: () => {
          toastSuccess(t`${supplier.businessName}: options saved`);
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, tm));
          toastError(serverError(error, tm, t`The options could not be saved`));
        },
      },
    );
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
        <Switch
          label={t`May request tickets`}
          description={t`When off, the supplier cannot create new tickets.`}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          size="md"
        />
        <Select
          label={t`Default destination`}
          clearable
          data={destinations.map((d) => ({ value: String(d.id), label: d.name }))}
          value={destination}
          onChange={setDestination}
          error={errors.defaultDestinationId}
        />
        <TextInput
          label={t`Notice e-mail`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.noticeEmail}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>{t`Cancel`}</Button>
          <Button type="submit" loading={update.isPending}>{t`Save`}</Button>
        </Group>
      </Stack>
    </form>
  );
}
