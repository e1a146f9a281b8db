/**
 * Admin /service-level: per carrier, offers made and confirmed in the last 30 and 7 days and the two
 * rates (confirmed over offers; none offered shows a dash), as a sortable table (cards on phones) and a
 * bar chart. @mantine/charts and recharts load with this module only (the route is lazy).
 */
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChartBar } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { isNetworkFailure } from '../../../components/not-on-device';
import { DataList, useDesktop, type DataColumn, type SortState } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { useMessageTranslator } from '../../../lib/messages';
import { useServiceLevels, type ServiceLevelRow } from '../api/masters';
import { useFormats } from '../format';
import { toastError } from '../toasts';

export interface ServiceLevel {
  id: number;
  businessName: string;
  monthTotal: number;
  monthConfirmed: number;
  monthRate: number | null;
  weekTotal: number;
  weekConfirmed: number;
  weekRate: number | null;
}

const rate = (confirmed: number, total: number) => (total > 0 ? confirmed / total : null);

export function toServiceLevel(r: ServiceLevelRow): ServiceLevel {
  return {
    id: r.id,
    businessName: r.businessName,
    monthTotal: r.lastMonth.total,
    monthConfirmed: r.lastMonth.confirmed,
    monthRate: rate(r.lastMonth.confirmed, r.lastMonth.total),
    weekTotal: r.lastWeek.total,
    weekConfirmed: r.lastWeek.confirmed,
    weekRate: rate(r.lastWeek.confirmed, r.lastWeek.total),
  };
}

/** Sorts by a column; a carrier without offers (no rate) sorts below every rate. */
export function sortServiceLevels(rows: ServiceLevel[], sort: SortState): ServiceLevel[] {
  const key = sort.key as keyof ServiceLevel;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'string' && typeof y === 'string') return sign * x.localeCompare(y);
    return sign * (Number(x) - Number(y));
  });
}

export function ServiceLevelScreen() {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const f = useFormats();
  const desktop = useDesktop();
  const query = useServiceLevels();
  const [sort, setSort] = useState<SortState>({ key: 'monthRate', direction: 'desc' });
  useEffect(() => {
    // No answer at all is said on the page (not saved on this device), not in an error toast.
    if (query.isError && !isNetworkFailure(query.error)) toastError(tm(BACK_OFFICE_TOASTS.carriersCountError));
    // A language change does not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError]);
  const rows = useMemo(() => sortServiceLevels((query.data ?? []).map(toServiceLevel), sort), [query.data, sort]);

  const columns: DataColumn<ServiceLevel>[] = [
    { key: 'businessName', header: t`Carrier`, cell: (r) => r.businessName, primary: true, sortable: true },
    {
      key: 'monthTotal',
      header: t`Offers (30 days)`,
      cell: (r) => f.number(r.monthTotal),
      numeric: true,
      sortable: true,
    },
    {
      key: 'monthConfirmed',
      header: t`Confirmed (30 days)`,
      cell: (r) => f.number(r.monthConfirmed),
      numeric: true,
      sortable: true,
    },
    { key: 'monthRate', header: t`Rate (30 days)`, cell: (r) => f.percent(r.monthRate), numeric: true, sortable: true },
    { key: 'weekTotal', header: t`Offers (7 days)`, cell: (r) => f.number(r.weekTotal), numeric: true, sortable: true },
    {
      key: 'weekConfirmed',
      header: t`Confirmed (7 days)`,
      cell: (r) => f.number(r.weekConfirmed),
      numeric: true,
      sortable: true,
    },
    { key: 'weekRate', header: t`Rate (7 days)`, cell: (r) => f.percent(r.weekRate), numeric: true, sortable: true },
  ];

  const chartData = rows.map((r) => ({
    carrier: r.businessName,
    month: Math.round((r.monthRate ?? 0) * 1000) / 10,
    week: Math.round((r.weekRate ?? 0) * 1000) / 10,
  }));

  return (
    <Stack gap="lg">
      <PageHeader
        title={t`Service level`}
        description={t`How often each carrier confirms the tickets it is offered.`}
      />
      <DataList
        label={t`Service level per carrier`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={query.isPending}
        error={query.isError}
        errorText={tm(BACK_OFFICE_TOASTS.carriersCountError)}
        onRetry={() => void query.refetch()}
        query={query}
        emptyIcon={<IconChartBar size={30} stroke={1.5} />}
        emptyTitle={t`No carriers to show`}
        emptyDescription={t`Carriers appear here once they exist.`}
        sort={sort}
        onSort={setSort}
      />
      {rows.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="md">
            {t`Confirmation rate`}
          </Title>
          <BarChart
            // On a phone the carriers go down the side, one row each: along the bottom the axis had room
            // for every other name only, and two of four carriers' bars had no name under them.
            {...(desktop
              ? { h: 300, xAxisProps: {}, yAxisProps: { domain: [0, 100] } }
              : {
                  orientation: 'vertical' as const,
                  h: 80 + chartData.length * 64,
                  xAxisProps: { domain: [0, 100] },
                  yAxisProps: { width: 110, interval: 0 },
                })}
            data={chartData}
            dataKey="carrier"
            // The percent sign by the formatter, not 'unit': laid on its side the chart put the unit on the
            // carriers' names ('Lines%'). The same formatter as the table, so both read as es-MX writes them.
            valueFormatter={(value) => f.percent(value / 100)}
            withLegend
            series={[
              { name: 'month', label: t`Last 30 days`, color: 'indigo.6' },
              { name: 'week', label: t`Last 7 days`, color: 'teal.5' },
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
