/**
 * Admin /contracts: filters (carrier, active or inactive, order) kept in the URL, the paged list
 * (table or cards), and the create and edit modals. ADMINRO sees the buttons disabled; an ended
 * contract's edit button is disabled for everyone.
 */
import { Badge, Select, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFileDollar, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContractView } from '../../../../shared/schemas/contract';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { useContracts } from '../api/contracts';
import { useCarrierList } from '../api/masters';
import { useFormats } from '../format';
import { ContractModal, type ContractModalState } from './contract-modal';
import { NetworkButton } from '../../../components/network-button';

const PAGE_SIZE = 10;

export function ContractsScreen({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useLingui();
  const f = useFormats();
  const [params, setParams] = useSearchParams();
  const [modal, setModal] = useState<ContractModalState>(null);
  const carrierId = Number(params.get('carrier')) || undefined;
  const status = (['active', 'inactive'] as const).find((s) => s === params.get('status'));
  const orderBy = params.get('order') === 'ASC' ? 'ASC' : 'DESC';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const carriers = useCarrierList();
  const query = useContracts({ page, limit: PAGE_SIZE, orderBy, carrierId, contractStatus: status });

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: DataColumn<ContractView>[] = [
    { key: 'description', header: t`Description`, cell: (c) => c.description, primary: true },
    { key: 'id', header: t`Contract`, cell: (c) => `#${c.id}`, fit: true },
    { key: 'carrier', header: t`Carrier`, cell: (c) => c.carrier.businessName },
    { key: 'price', header: t`Price`, cell: (c) => f.money(c.price), numeric: true, fit: true },
    { key: 'from', header: t`From`, cell: (c) => f.day(c.from), fit: true },
    { key: 'to', header: t`To`, cell: (c) => f.day(c.to), fit: true },
    {
      key: 'status',
      header: t`Status`,
      // As wide as the badge, and the badge as wide as its text: a squeezed cell cut the Spanish status at 1280 px.
      fit: true,
      cell: (c) => (
        <Badge color={c.status === 'active' ? 'green' : c.ended ? 'gray' : 'blue'} variant="light" miw="max-content">
          {c.status === 'active' ? t`Active` : c.ended ? t`Ended` : t`Not started`}
        </Badge>
      ),
    },
  ];

  const filters = (
    <ListFilters
      active={(carrierId ? 1 : 0) + (status ? 1 : 0) + (orderBy === 'ASC' ? 1 : 0)}
      onClean={() => setParams(new URLSearchParams(), { replace: true })}
      showLabel={t`Show ${query.data?.total ?? 0} contracts`}
    >
      <Select
        label={t`Carrier`}
        placeholder={t`All carriers`}
        clearable
        searchable
        data={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.businessName }))}
        value={carrierId ? String(carrierId) : null}
        onChange={(value) => set('carrier', value)}
        w={{ base: '100%', md: 240 }}
      />
      <Select
        label={t`Status`}
        placeholder={t`Active and inactive`}
        clearable
        data={[
          { value: 'active', label: t`Active` },
          { value: 'inactive', label: t`Inactive` },
        ]}
        value={status ?? null}
        onChange={(value) => set('status', value)}
        w={{ base: '100%', md: 200 }}
      />
      <Select
        label={t`Order by`}
        allowDeselect={false}
        data={[
          { value: 'DESC', label: t`Newest first` },
          { value: 'ASC', label: t`Oldest first` },
        ]}
        value={orderBy}
        onChange={(value) => set('order', value === 'ASC' ? 'ASC' : null)}
        // Wide enough for the Spanish 'Más recientes primero' beside the chevron.
        w={{ base: '100%', md: 220 }}
      />
    </ListFilters>
  );

  return (
    <>
      <PageHeader
        title={t`Contracts`}
        description={t`Carrier contracts: the price and the dates the allocation relies on.`}
        actions={
          <NetworkButton
            leftSection={<IconPlus size={16} />}
            disabled={!mayEdit}
            onClick={() => setModal({ kind: 'create' })}
          >
            {t`New contract`}
          </NetworkButton>
        }
        filters={filters}
      />
      <DataList
        label={t`Contracts`}
        columns={columns}
        rows={query.data?.contracts ?? []}
        rowKey={(c) => c.id}
        loading={query.isPending}
        error={query.isError}
        errorText={t`The contracts could not be loaded`}
        onRetry={() => void query.refetch()}
        query={query}
        emptyIcon={<IconFileDollar size={30} stroke={1.5} />}
        emptyTitle={carrierId || status ? t`No contracts match these filters` : t`No contracts yet`}
        emptyDescription={t`Create a contract so that its carrier can receive tickets.`}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onPage={(next) => set('page', String(next))}
        actions={(c) => (
          <Tooltip label={t`The contract has ended, you can no longer change its conditions`} disabled={!c.ended}>
            <NetworkButton
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              disabled={!mayEdit || c.ended}
              onClick={() => setModal({ kind: 'edit', contract: c })}
              aria-label={t`Edit contract ${c.id}`}
            >
              {t`Edit`}
            </NetworkButton>
          </Tooltip>
        )}
      />
      <ContractModal state={modal} carriers={carriers.data ?? []} onClose={() => setModal(null)} />
    </>
  );
}
