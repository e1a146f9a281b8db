/**
 * E-vouchers: one per delivered trip, with the contract that applied and the amount; each downloads as
 * a one-page PDF in the user's language. Admins filter by carrier and see trips with no contract
 * (flagged) so they can fix them; a carrier sees its own vouchers only (the server decides).
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { dateInputFormat, formatDay } from '../../../../shared/format/display-format';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EVOUCHER_PAGE_SIZE, type EvoucherView } from '../../../../shared/schemas/evoucher';
import { isNetworkFailure } from '../../../components/not-on-device';
import { DataList, ListFilters, WarningBadge, type DataColumn } from '../../../components/data-list';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { formatAmount, formatWeight, intlLocale } from '../../../lib/locale-format';
import { useMessageTranslator } from '../../../lib/messages';
import { useCarrierOptions, useEvouchers } from '../api/get-evouchers';

const positive = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined);
const day = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

export function EvoucherList({ admin }: { admin: boolean }) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const locale = intlLocale(i18n.locale);
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page')) ?? 1;
  const carrierId = admin ? positive(search.get('carrierId')) : undefined;
  const from = day(search.get('from'));
  const to = day(search.get('to'));
  const query = useEvouchers({ page, limit: EVOUCHER_PAGE_SIZE, carrierId, from, to });
  const carriers = useCarrierOptions(admin);
  // No answer at all is said on the page (not saved on this device), not in an error toast.
  const failed = query.isError && !isNetworkFailure(query.error);
  useEffect(() => {
    if (failed) notifications.show({ color: 'red', message: tm('Error retrieving data') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };

  const columns: DataColumn<EvoucherView>[] = [
    {
      key: 'trip',
      header: t`Trip ID`,
      fit: true,
      tableOnly: true,
      cell: (e) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {e.ticketId}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDay(e.deliveredAt, locale)}
          </Text>
        </Stack>
      ),
    },
    ...(admin ? [{ key: 'carrier', header: t`Carrier`, cell: (e: EvoucherView) => e.carrier.businessName }] : []),
    {
      key: 'route',
      header: t`Origin → destination`,
      cell: (e) => (
        <Stack gap={0}>
          <span>{e.origin.name}</span>
          <Text size="xs" c="dimmed">{`→ ${e.destination?.name ?? '—'}`}</Text>
        </Stack>
      ),
    },
    {
      key: 'load',
      header: t`Equipment · net weight`,
      fit: true,
      cell: (e) => (
        <Stack gap={0}>
          <span>{e.equipment ?? '—'}</span>
          <Text size="xs" c="dimmed">
            {e.netWeight !== null ? `${formatWeight(Number(e.netWeight), locale)} lbs` : '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'contract',
      header: t`Contract`,
      cell: (e) =>
        e.contract ? `#${e.contract.id} ${e.contract.description}` : <WarningBadge>{t`No contract`}</WarningBadge>,
    },
    {
      key: 'amount',
      header: t`Amount`,
      numeric: true,
      fit: true,
      cell: (e) => (e.amount !== null ? formatAmount(e.amount, locale) : '—'),
    },
  ];

  const filters = (
    <ListFilters
      active={(carrierId ? 1 : 0) + (from || to ? 1 : 0)}
      onClean={() => set({ carrierId: undefined, from: undefined, to: undefined })}
      showLabel={t`Show ${query.data?.count ?? 0} results`}
    >
      {admin && (
        <Select
          label={t`Carrier`}
          placeholder={t`All carriers`}
          clearable
          searchable
          w={{ base: '100%', md: 240 }}
          data={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.businessName }))}
          value={carrierId ? String(carrierId) : null}
          onChange={(value) => set({ carrierId: value ?? undefined })}
        />
      )}
      <DatePickerInput
        type="range"
        label={t`Delivered between`}
        placeholder={`${dateInputFormat(locale)} – ${dateInputFormat(locale)}`}
        valueFormat={dateInputFormat(locale)}
        clearable
        allowSingleDateInRange
        w={{ base: '100%', md: 260 }}
        value={[from ?? null, to ?? null]}
        onChange={([start, end]) => {
          if (start && !end) return;
          set({ from: start ?? undefined, to: end ?? undefined });
        }}
      />
    </ListFilters>
  );

  return (
    <>
      <PageHeader
        title={t`E-vouchers`}
        description={
          admin
            ? t`Freight settlements of delivered trips, priced by the carrier's contract.`
            : t`Freight settlements of the trips you delivered.`
        }
        filters={filters}
      />
      <DataList
        label={t`E-vouchers`}
        rows={query.data?.evouchers ?? []}
        rowKey={(e) => String(e.ticketId)}
        columns={columns}
        cardTitle={(e) => (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700} size="lg">{t`Trip #${e.ticketId}`}</Text>
              <Text size="xs" c="dimmed">
                {t`Delivered ${formatDay(e.deliveredAt, locale)}`}
              </Text>
            </Stack>
          </Group>
        )}
        actions={(e) => (
          <DownloadButton
            size="sm"
            variant="light"
            leftSection={<IconDownload size={16} />}
            path={`/evouchers/${e.ticketId}/pdf`}
            query={{ lang: i18n.locale === 'es' ? 'es' : 'en', tz: Intl.DateTimeFormat().resolvedOptions().timeZone }}
            fallbackName={`tripID-${e.ticketId}-evoucher.pdf`}
            label={t`Download PDF e-voucher of trip ${e.ticketId}`}
            onError={() => notifications.show({ color: 'red', message: tm('Error al descargar el archivo') })}
          >
            {t`PDF`}
          </DownloadButton>
        )}
        actionsHeader={t`E-voucher`}
        tableMinWidth={760}
        loading={query.isPending}
        error={query.isError && !query.data}
        onRetry={() => void query.refetch()}
        query={query}
        emptyIcon={<IconReceipt size={30} stroke={1.5} />}
        emptyTitle={from || to || carrierId ? t`No e-vouchers match these filters` : t`No e-vouchers to show`}
        emptyDescription={
          admin
            ? t`Each delivered trip gets its e-voucher here.`
            : t`The e-vouchers of your delivered trips will be listed here.`
        }
        page={page}
        pageSize={EVOUCHER_PAGE_SIZE}
        total={query.data?.count ?? 0}
        onPage={(next) => set({ page: String(next) })}
      />
    </>
  );
}
