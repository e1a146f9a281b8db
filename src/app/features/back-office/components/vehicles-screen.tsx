/**
 * Carrier /vehicles: the carrier's equipment register, paged, filtered by equipment id and active,
 * with a create and edit modal. The equipment id follows the car/equipment rule and is unique per
 * carrier (the server answers 409 on a duplicate, shown under the field).
 */
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconPencil, IconPlus, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { useMessageTranslator } from '../../../lib/messages';
import { VehicleSchema, type VehicleView } from '../../../../shared/schemas/vehicle';
import { useSaveVehicle, vehiclesQueryOptions } from '../api/vehicles';
import { useFormats } from '../format';
import { fieldIssues, serverError, serverFieldErrors } from '../server-error';
import { toastError, toastSuccess } from '../toasts';

const PAGE_SIZE = 10;
type Editing = { vehicle: VehicleView | null } | null;

export function VehiclesScreen() {
  const { t } = useLingui();
  const f = useFormats();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Editing>(null);
  const query = useQuery(
    vehiclesQueryOptions({ page, limit: PAGE_SIZE, equipmentId: debounced || undefined, active: active ?? undefined }),
  );

  const columns: DataColumn<VehicleView>[] = [
    { key: 'equipmentId', header: t`Equipment ID`, cell: (x) => x.equipmentId, primary: true },
    { key: 'kind', header: t`Kind`, cell: (x) => (x.kind === 'TRUCK' ? t`truck` : t`railcar`) },
    { key: 'plate', header: t`Plate`, cell: (x) => x.plate ?? '—' },
    { key: 'description', header: t`Description`, cell: (x) => x.description ?? '—' },
    { key: 'capacity', header: t`Capacity (lbs)`, cell: (x) => f.number(x.capacityLbs), numeric: true },
    {
      key: 'active',
      header: t`Status`,
      cell: (x) => (
        <Badge color={x.active ? 'green' : 'gray'} variant="light">
          {x.active ? t`Active` : t`Inactive`}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t`Vehicles`}
        description={t`Your equipment: suppliers see the active equipment ids when they load your trips.`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ vehicle: null })}>
            {t`Add vehicle`}
          </Button>
        }
        filters={
          <ListFilters
            active={(search ? 1 : 0) + (active ? 1 : 0)}
            onClean={() => {
              setSearch('');
              setActive(null);
              setPage(1);
            }}
            showLabel={t`Show ${query.data?.count ?? 0} vehicles`}
          >
            <TextInput
              label={t`Equipment ID`}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', md: 200 }}
            />
            <Select
              label={t`Status`}
              placeholder={t`Active and inactive`}
              clearable
              data={[
                { value: 'true', label: t`Active` },
                { value: 'false', label: t`Inactive` },
              ]}
              value={active}
              onChange={(value) => {
                setActive(value === 'true' || value === 'false' ? value : null);
                setPage(1);
              }}
              w={{ base: '100%', md: 200 }}
            />
          </ListFilters>
        }
      />
      <DataList
        label={t`Vehicles`}
        columns={columns}
        rows={query.data?.vehicles ?? []}
        rowKey={(x) => x.id}
        loading={query.isPending}
        error={query.isError}
        errorText={t`The vehicles could not be loaded`}
        onRetry={() => void query.refetch()}
        emptyIcon={<IconTruck size={30} stroke={1.5} />}
        emptyTitle={search || active ? t`No vehicles match these filters` : t`No vehicles yet`}
        emptyDescription={t`Add your trucks or railcars so suppliers can pick their equipment ids.`}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.count ?? 0}
        onPage={setPage}
        actions={(x) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing({ vehicle: x })}
            aria-label={t`Edit vehicle ${x.equipmentId}`}
          >
            {t`Edit`}
          </Button>
        )}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.vehicle ? t`Edit vehicle ${editing.vehicle.equipmentId}` : t`New vehicle`}
      >
        {editing && (
          <VehicleForm key={editing.vehicle?.id ?? 'new'} vehicle={editing.vehicle} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}

function VehicleForm({ vehicle, onClose }: { vehicle: VehicleView | null; onClose: () => void }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const save = useSaveVehicle();
  const [equipmentId, setEquipmentId] = useState(vehicle?.equipmentId ?? '');
  const [plate, setPlate] = useState(vehicle?.plate ?? '');
  const [description, setDescription] = useState(vehicle?.description ?? '');
  const [capacity, setCapacity] = useState<number | string>(vehicle?.capacityLbs ?? '');
  const [active, setActive] = useState(vehicle?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = v.safeParse(VehicleSchema, {
      equipmentId,
      plate,
      description,
      capacityLbs: capacity === '' ? undefined : Number(capacity),
      active,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldIssues(parsed.issues)).map(([k, m]) => [k, tm(m)])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: vehicle?.id ?? null, vehicle: parsed.output },
      {
        onSuccess: ({ vehicle: saved }) => {
          toastSuccess(t`Vehicle ${saved.equipmentId} saved`);
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, tm));
          toastError(serverError(error, tm, t`The vehicle could not be saved`));
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
        <TextInput
          label={t`Equipment ID`}
          description={t`Car initial letters plus number, no symbols or spaces`}
          required
          value={equipmentId}
          onChange={(e) => setEquipmentId(e.currentTarget.value)}
          error={errors.equipmentId}
          maxLength={30}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t`Plate`}
            value={plate}
            onChange={(e) => setPlate(e.currentTarget.value)}
            error={errors.plate}
            maxLength={20}
          />
          <NumberInput
            label={t`Capacity (lbs)`}
            required
            thousandSeparator=","
            decimalScale={2}
            min={0}
            value={capacity}
            onChange={setCapacity}
            error={errors.capacityLbs}
          />
        </Group>
        <TextInput
          label={t`Description`}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          maxLength={200}
        />
        <Switch label={t`Active`} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} size="md" />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>{t`Cancel`}</Button>
          <Button type="submit" loading={save.isPending}>{t`Save`}</Button>
        </Group>
      </Stack>
    </form>
  );
}
