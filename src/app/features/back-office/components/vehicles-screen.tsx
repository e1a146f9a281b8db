/**
 * Carrier /vehicles: the carrier's equipment register, paged, filtered by equipment id and active,
 * with a create and edit modal. The equipment id follows the car/equipment rule and is unique per
 * carrier (the server answers 409 on a duplicate, shown under the field).
 */
import { Badge, Group, Modal, Select, Switch, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { NumberField } from '../../../components/number-field';
import { formNumber } from '../../../../shared/domain/number-text';
import { VehicleSchema, type VehicleView } from '../../../../shared/schemas/vehicle';
import { useSaveVehicle, vehiclesQueryOptions } from '../api/vehicles';
import { useFormats } from '../format';
import { toastSuccess } from '../toasts';
import { EditButton, ModalForm, pagedList, useFieldErrors, usePagedFilters, PAGE_SIZE } from './screen-kit';
import { NetworkButton } from '../../../components/network-button';

type Editing = { vehicle: VehicleView | null } | null;

export function VehiclesScreen() {
  const { t } = useLingui();
  const f = useFormats();
  const filters = usePagedFilters<{ equipmentId: string; active: string | null }>({ equipmentId: '', active: null });
  const active = filters.applied('active');
  const [editing, setEditing] = useState<Editing>(null);
  const query = useQuery(
    vehiclesQueryOptions({
      page: filters.page,
      limit: PAGE_SIZE,
      equipmentId: filters.applied('equipmentId'),
      active: active === 'true' || active === 'false' ? active : undefined,
    }),
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
          <NetworkButton leftSection={<IconPlus size={16} />} onClick={() => setEditing({ vehicle: null })}>
            {t`Add vehicle`}
          </NetworkButton>
        }
        filters={
          <ListFilters
            active={filters.active}
            onClean={filters.clean}
            showLabel={t`Show ${query.data?.count ?? 0} vehicles`}
          >
            <TextInput
              label={t`Equipment ID`}
              value={filters.values.equipmentId}
              onChange={filters.text('equipmentId')}
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
              value={filters.values.active}
              onChange={filters.set('active')}
              w={{ base: '100%', md: 200 }}
            />
          </ListFilters>
        }
      />
      <DataList
        label={t`Vehicles`}
        columns={columns}
        {...pagedList(query, filters.page, filters.setPage, query.data?.vehicles)}
        rowKey={(x) => x.id}
        errorText={t`The vehicles could not be loaded`}
        emptyIcon={<IconTruck size={30} stroke={1.5} />}
        emptyTitle={filters.active > 0 ? t`No vehicles match these filters` : t`No vehicles yet`}
        emptyDescription={t`Add your trucks or railcars so suppliers can pick their equipment ids.`}
        actions={(x) => (
          <EditButton onClick={() => setEditing({ vehicle: x })} label={t`Edit vehicle ${x.equipmentId}`}>
            {t`Edit`}
          </EditButton>
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
  const save = useSaveVehicle();
  const [equipmentId, setEquipmentId] = useState(vehicle?.equipmentId ?? '');
  const [plate, setPlate] = useState(vehicle?.plate ?? '');
  const [description, setDescription] = useState(vehicle?.description ?? '');
  const [capacity, setCapacity] = useState<number | string>(vehicle?.capacityLbs ?? '');
  const [active, setActive] = useState(vehicle?.active ?? true);
  const { errors, check, refused, clear } = useFieldErrors();
  /** A field's setter that also drops its message. */
  const edit =
    <V,>(key: string, setter: (value: V) => void) =>
    (value: V) => {
      setter(value);
      clear(key);
    };

  const submit = () => {
    const checked = check(VehicleSchema, {
      equipmentId,
      plate,
      description,
      capacityLbs: formNumber(capacity),
      active,
    });
    if (!checked) return;
    save.mutate(
      { id: vehicle?.id ?? null, vehicle: checked },
      {
        onSuccess: ({ vehicle: saved }) => {
          toastSuccess(t`Vehicle ${saved.equipmentId} saved`);
          onClose();
        },
        onError: refused(t`The vehicle could not be saved`),
      },
    );
  };

  return (
    <ModalForm onSubmit={submit} onCancel={onClose} pending={save.isPending}>
      <TextInput
        label={t`Equipment ID`}
        description={t`Car initial letters plus number, no symbols or spaces`}
        required
        value={equipmentId}
        onChange={(e) => edit('equipmentId', setEquipmentId)(e.currentTarget.value)}
        error={errors.equipmentId}
        maxLength={30}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t`Plate`}
          value={plate}
          onChange={(e) => edit('plate', setPlate)(e.currentTarget.value)}
          error={errors.plate}
          maxLength={20}
        />
        <NumberField
          kind="weight"
          label={t`Capacity (lbs)`}
          required
          value={capacity}
          onChange={edit('capacityLbs', setCapacity)}
          error={errors.capacityLbs}
        />
      </Group>
      <TextInput
        label={t`Description`}
        value={description}
        onChange={(e) => edit('description', setDescription)(e.currentTarget.value)}
        error={errors.description}
        maxLength={200}
      />
      <Switch label={t`Active`} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} size="md" />
    </ModalForm>
  );
}
