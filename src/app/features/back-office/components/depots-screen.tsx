/**
 * Admin /depotsabm: depots paged and filtered by supplier and city, each row's location opening the
 * maps service, and the create form (supplier, city and address of 3 to 100 characters, latitude and
 * longitude as text, an optional description of at most 200, a border crossing). A duplicate
 * supplier/city/address shows 'Error: Duplicate Depot values'; other failures 'Failed to create depot'.
 */
import { Anchor, Group, Modal, Select, TextInput, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBuildingWarehouse, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { useMessageTranslator } from '../../../lib/messages';
import { BACK_OFFICE_MSG as M } from '../../../../shared/schemas/back-office-messages';
import { CreateDepotSchema, mapsUrl, type DepotView } from '../../../../shared/schemas/depot';
import { formNumber } from '../../../../shared/domain/number-text';
import { NumberField } from '../../../components/number-field';
import { depotsQueryOptions, useBorderCrossingLookup, useCreateDepot, useSupplierLookup } from '../api/masters';
import { fieldIssues, serverFieldErrors } from '../server-error';
import { toastError, toastSuccess } from '../toasts';
import { ModalForm, pagedList, useFieldErrors, usePagedFilters, PAGE_SIZE } from './screen-kit';
import { NetworkButton } from '../../../components/network-button';

export function DepotsScreen({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const filters = usePagedFilters<{ supplierId: string | null; city: string }>({ supplierId: null, city: '' });
  const supplierId = filters.applied('supplierId');
  const [creating, setCreating] = useState(false);
  const suppliers = useSupplierLookup();
  const query = useQuery(
    depotsQueryOptions({
      page: filters.page,
      limit: PAGE_SIZE,
      supplierId: supplierId ? Number(supplierId) : undefined,
      city: filters.applied('city'),
    }),
  );

  const columns: DataColumn<DepotView>[] = [
    { key: 'name', header: t`Depot`, cell: (d) => `#${d.id} ${d.name}`, primary: true },
    { key: 'supplier', header: t`Supplier`, cell: (d) => d.supplier?.businessName ?? '—' },
    { key: 'city', header: t`City`, cell: (d) => d.city },
    { key: 'address', header: t`Address`, cell: (d) => d.address },
    { key: 'crossing', header: t`Border crossing`, cell: (d) => d.borderCrossing?.description ?? '—' },
    {
      key: 'location',
      header: t`Location`,
      cell: (d) => (
        <Anchor
          href={mapsUrl(d.location.coordinates[1], d.location.coordinates[0])}
          target="_blank"
          rel="noreferrer"
          size="sm"
          // The name starts with the coordinates the link shows, so voice control finds it by them.
          aria-label={t`${`${d.location.coordinates[1]}, ${d.location.coordinates[0]}`}: open depot ${d.id} in maps`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconMapPin size={14} aria-hidden />
            {`${d.location.coordinates[1]}, ${d.location.coordinates[0]}`}
          </Group>
        </Anchor>
      ),
    },
    { key: 'description', header: t`Description`, cell: (d) => d.description ?? '—' },
  ];

  return (
    <>
      <PageHeader
        title={t`Depots`}
        description={t`Supplier yards with their location and border crossing.`}
        actions={
          <NetworkButton leftSection={<IconPlus size={16} />} disabled={readOnly} onClick={() => setCreating(true)}>
            {t`Add depot`}
          </NetworkButton>
        }
        filters={
          <ListFilters
            active={filters.active}
            onClean={filters.clean}
            showLabel={t`Show ${query.data?.count ?? 0} depots`}
          >
            <Select
              label={t`Supplier`}
              placeholder={t`All suppliers`}
              clearable
              data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.businessName }))}
              value={filters.values.supplierId}
              onChange={filters.set('supplierId')}
              w={{ base: '100%', md: 260 }}
            />
            <TextInput
              label={t`City`}
              value={filters.values.city}
              onChange={filters.text('city')}
              w={{ base: '100%', md: 200 }}
            />
          </ListFilters>
        }
      />
      <DataList
        label={t`Depots`}
        columns={columns}
        {...pagedList(query, filters.page, filters.setPage, query.data?.depots)}
        rowKey={(d) => d.id}
        errorText={tm(BACK_OFFICE_TOASTS.depotsError)}
        emptyIcon={<IconBuildingWarehouse size={30} stroke={1.5} />}
        emptyTitle={t`No depots match these filters`}
        emptyDescription={t`Change or clean the filters to see more depots.`}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t`New depot`}>
        {creating && <DepotForm suppliers={suppliers.data ?? []} onClose={() => setCreating(false)} />}
      </Modal>
    </>
  );
}

function DepotForm({ suppliers, onClose }: { suppliers: { id: number; businessName: string }[]; onClose: () => void }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const crossings = useBorderCrossingLookup();
  const create = useCreateDepot();
  const [values, setValues] = useState({
    supplierId: '',
    city: '',
    address: '',
    description: '',
    borderCrossingId: '',
  });
  // As the coordinate fields hand them over: the number read, '' or the text they refused.
  const [point, setPoint] = useState<{ latitude: number | string; longitude: number | string }>({
    latitude: '',
    longitude: '',
  });
  const { errors, setErrors, show, clear } = useFieldErrors();
  const set = (key: keyof typeof values) => (value: string | null) => {
    setValues((x) => ({ ...x, [key]: value ?? '' }));
    clear(key);
  };
  const setCoordinate = (key: keyof typeof point) => (value: number | string) => {
    setPoint((x) => ({ ...x, [key]: value }));
    clear(key);
  };

  const submit = () => {
    const found: Record<string, string> = {};
    const latitude = formNumber(point.latitude);
    const longitude = formNumber(point.longitude);
    const coordinate = (n: number | undefined, limit: number, message: string) =>
      n === undefined ? M.required : Number.isFinite(n) && Math.abs(n) <= limit ? null : message;
    const latitudeProblem = coordinate(latitude, 90, M.latitude);
    const longitudeProblem = coordinate(longitude, 180, M.longitude);
    if (latitudeProblem) found.latitude = latitudeProblem;
    if (longitudeProblem) found.longitude = longitudeProblem;
    const parsed = v.safeParse(CreateDepotSchema, {
      supplierId: values.supplierId ? Number(values.supplierId) : undefined,
      city: values.city,
      address: values.address,
      location: { type: 'Point', coordinates: [longitude, latitude] },
      description: values.description,
      borderCrossingId: values.borderCrossingId ? Number(values.borderCrossingId) : undefined,
    });
    if (!parsed.success)
      for (const [k, m] of Object.entries(fieldIssues(parsed.issues))) if (k !== 'location') found[k] ??= m;
    if (Object.keys(found).length > 0 || !parsed.success) {
      show(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.output, {
      onSuccess: ({ depot }) => {
        toastSuccess(t`Depot ID ${depot.id}: New Depot added successfully`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toastError(tm(BACK_OFFICE_TOASTS.depotDuplicate));
        else {
          setErrors(serverFieldErrors(error, tm));
          toastError(tm(BACK_OFFICE_TOASTS.depotError));
        }
      },
    });
  };

  return (
    <ModalForm onSubmit={submit} onCancel={onClose} pending={create.isPending} submitLabel={t`Add depot`}>
      <Select
        label={t`Supplier`}
        required
        searchable
        data={suppliers.map((s) => ({ value: String(s.id), label: s.businessName }))}
        value={values.supplierId || null}
        onChange={set('supplierId')}
        error={errors.supplierId}
      />
      <TextInput
        label={t`City`}
        required
        value={values.city}
        onChange={(e) => set('city')(e.currentTarget.value)}
        error={errors.city}
        maxLength={100}
      />
      <TextInput
        label={t`Address`}
        required
        value={values.address}
        onChange={(e) => set('address')(e.currentTarget.value)}
        error={errors.address}
        maxLength={100}
      />
      <Group grow align="flex-start">
        <NumberField
          kind="coordinate"
          label={t`Latitude`}
          required
          value={point.latitude}
          onChange={setCoordinate('latitude')}
          error={errors.latitude}
        />
        <NumberField
          kind="coordinate"
          label={t`Longitude`}
          required
          value={point.longitude}
          onChange={setCoordinate('longitude')}
          error={errors.longitude}
        />
      </Group>
      <Textarea
        label={t`Description`}
        value={values.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
        error={errors.description}
        maxLength={200}
        minRows={2}
      />
      <Select
        label={t`Border crossing`}
        required
        data={(crossings.data ?? []).map((c) => ({ value: String(c.id), label: c.description }))}
        value={values.borderCrossingId || null}
        onChange={set('borderCrossingId')}
        error={errors.borderCrossingId}
      />
    </ModalForm>
  );
}
