/**
 * Admin /suppliersabm: suppliers paged and filtered by business name and SAP id, each with its options
 * (may request tickets, default destination, notice e-mail) edited in a modal. ADMINRO sees the edit
 * buttons disabled.
 */
import { Badge, Modal, Select, Switch, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { useMessageTranslator } from '../../../lib/messages';
import { UpdateSupplierSchema, type SupplierView } from '../../../../shared/schemas/supplier';
import { suppliersQueryOptions, useDestinationLookup, useUpdateSupplier } from '../api/masters';
import { useFormats } from '../format';
import { toastSuccess } from '../toasts';
import { EditButton, ModalForm, pagedList, useFieldErrors, usePagedFilters, PAGE_SIZE } from './screen-kit';

export function SuppliersScreen({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const f = useFormats();
  const filters = usePagedFilters({ businessName: '', sapId: '' });
  const [editing, setEditing] = useState<SupplierView | null>(null);
  const destinations = useDestinationLookup();
  const query = useQuery(
    suppliersQueryOptions({
      page: filters.page,
      limit: PAGE_SIZE,
      businessName: filters.applied('businessName'),
      sapId: filters.applied('sapId'),
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
      // As wide as the badge, and the badge as wide as its text: a squeezed cell cut 'Allowed' at 1280 px.
      fit: true,
      cell: (s) => (
        <Badge color={s.options.enabled ? 'green' : 'red'} variant="light" miw="max-content">
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
            active={filters.active}
            onClean={filters.clean}
            showLabel={t`Show ${query.data?.count ?? 0} suppliers`}
          >
            <TextInput
              label={t`Business name`}
              value={filters.values.businessName}
              onChange={filters.text('businessName')}
              w={{ base: '100%', md: 260 }}
            />
            <TextInput
              label={t`SAP id`}
              value={filters.values.sapId}
              onChange={filters.text('sapId')}
              w={{ base: '100%', md: 160 }}
            />
          </ListFilters>
        }
      />
      <DataList
        label={t`Suppliers`}
        columns={columns}
        {...pagedList(query, filters.page, filters.setPage, query.data?.suppliers)}
        rowKey={(s) => s.id}
        errorText={tm(BACK_OFFICE_TOASTS.suppliersError)}
        emptyIcon={<IconBuildingFactory2 size={30} stroke={1.5} />}
        emptyTitle={t`No suppliers match these filters`}
        emptyDescription={t`Change or clean the filters to see more suppliers.`}
        actions={(s) => (
          <EditButton disabled={readOnly} onClick={() => setEditing(s)} label={t`Edit options of ${s.businessName}`}>
            {t`Options`}
          </EditButton>
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
  const update = useUpdateSupplier();
  const [enabled, setEnabled] = useState(supplier.options.enabled);
  const [destination, setDestination] = useState<string | null>(
    supplier.options.defaultDestinationId === null ? null : String(supplier.options.defaultDestinationId),
  );
  const [email, setEmail] = useState(supplier.options.noticeEmail ?? '');
  const { errors, check, refused, clear } = useFieldErrors();
  const submit = () => {
    const options = check(UpdateSupplierSchema, {
      enabled,
      defaultDestinationId: destination === null ? null : Number(destination),
      noticeEmail: email,
    });
    if (!options) return;
    update.mutate(
      { id: supplier.id, supplier: options },
      {
        onSuccess: () => {
          toastSuccess(t`${supplier.businessName}: options saved`);
          onClose();
        },
        onError: refused(t`The options could not be saved`),
      },
    );
  };
  return (
    <ModalForm onSubmit={submit} onCancel={onClose} pending={update.isPending}>
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
        onChange={(value) => {
          setDestination(value);
          clear('defaultDestinationId');
        }}
        error={errors.defaultDestinationId}
      />
      <TextInput
        label={t`Notice e-mail`}
        type="email"
        value={email}
        onChange={(e) => {
          setEmail(e.currentTarget.value);
          clear('noticeEmail');
        }}
        error={errors.noticeEmail}
      />
    </ModalForm>
  );
}
