/**
 * The accounting screen: the open period on top (To = NOW, its invoices waiting), then the batches,
 * searchable by RPA id and by a day of the period; each batch downloads as the ERP workbook and as a
 * zip of its invoice PDFs, with progress. Only an admin may create an RPA; ADMINRO sees it disabled.
 */
import { Badge, Group, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Registers Mexican Spanish for the date pickers.
import '../../../lib/dayjs';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconCalculator, IconFileSpreadsheet, IconFileZip, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RPA_MSG, RPA_PAGE_SIZE, type RpaView } from '../../../../shared/schemas/rpa';
import { isNetworkFailure } from '../../../components/not-on-device';
import { DataList, ListFilters, type DataColumn } from '../../../components/data-list';
import { DownloadButton } from '../../../components/download-button';
import { NumberField } from '../../../components/number-field';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { useRpas } from '../api/get-rpas';
import { formatRpaDate } from '../rpa-format';
import { CreateRpaDialog } from './create-rpa-dialog';
import { NetworkButton } from '../../../components/network-button';
import { dateInputFormat } from '../../../../shared/format/display-format';

const positive = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

export function RpaList({ mayCreate }: { mayCreate: boolean }) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page')) ?? 1;
  const rpaId = positive(search.get('rpaId'));
  const date = search.get('date') && /^\d{4}-\d{2}-\d{2}$/.test(search.get('date')!) ? search.get('date')! : undefined;
  const query = useRpas({ page, limit: RPA_PAGE_SIZE, rpaId, date });
  const [confirm, setConfirm] = useState<RpaView | null>(null);
  // The RPA ID as typed: text the field refuses stays on screen with its message and filters nothing.
  const [rpaText, setRpaText] = useState<number | string>(rpaId ?? '');
  const rpaTextError = typeof rpaText === 'number' && rpaText < 1 ? t`An RPA ID is a whole number of at least 1` : null;
  const failed = query.isError && !isNetworkFailure(query.error);
  useEffect(() => {
    // The spec's toast once per failure; the list also shows its error state with 'Try again'.
    if (failed) notifications.show({ color: 'red', message: tm(RPA_MSG.error) });
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
  const downloadFailed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: isApiError(error, 404) ? tm(RPA_MSG.notFound) : tm('Error al descargar el archivo'),
    });

  const idText = (rpa: RpaView) =>
    rpa.id === null ? (
      // Never cut short ('Periodo abierto') by the period dates beside it, which name their time zone.
      <Badge variant="light" color="orange" miw="max-content">
        {t`Open period`}
      </Badge>
    ) : (
      <Text fw={600} size="sm">{`#${rpa.id}`}</Text>
    );

  const columns: DataColumn<RpaView>[] = [
    { key: 'id', header: t`RPA ID`, tableOnly: true, cell: idText },
    // The bounds may wrap after the day: with their time zone named they no longer fit every column.
    { key: 'from', header: t`From`, cell: (r) => formatRpaDate(r.from) },
    { key: 'to', header: t`To`, cell: (r) => (r.to === 'NOW' ? t`NOW` : formatRpaDate(r.to)) },
    {
      key: 'qty',
      header: t`Invoices`,
      numeric: true,
      cell: (r) => <span data-testid="rpa-invoice-count">{r.invoiceQty}</span>,
    },
  ];

  const actions = (rpa: RpaView) =>
    rpa.id === null ? (
      <NetworkButton
        size="sm"
        leftSection={<IconPlus size={16} />}
        disabled={!mayCreate}
        title={mayCreate ? undefined : t`Read-only access`}
        onClick={() => setConfirm(rpa)}
      >
        {t`Create RPA`}
      </NetworkButton>
    ) : (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DownloadButton
          size="sm"
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          path="/data-sap/excel"
          query={{ rpaId: rpa.id }}
          fallbackName={`RPA-${rpa.id}.xlsx`}
          label={t`Download RPA ${rpa.id} as Excel`}
          onError={downloadFailed}
        >
          {t`Excel`}
        </DownloadButton>
        <DownloadButton
          size="sm"
          variant="light"
          leftSection={<IconFileZip size={16} />}
          path="/tickets/pdf"
          query={{ rpaId: rpa.id }}
          fallbackName={`RPA-${rpa.id}-invoices.zip`}
          label={t`Download the invoices of RPA ${rpa.id} as a zip`}
          onError={downloadFailed}
        >
          {t`Invoices (zip)`}
        </DownloadButton>
      </Group>
    );

  const filters = (
    <ListFilters
      active={(rpaId ? 1 : 0) + (date ? 1 : 0)}
      onClean={() => {
        setRpaText('');
        set({ rpaId: undefined, date: undefined });
      }}
      showLabel={t`Show ${query.data?.rpas.length ?? 0} results`}
    >
      <NumberField
        kind="id"
        label={t`RPA ID`}
        placeholder={t`Any`}
        w={{ base: '100%', md: 140 }}
        value={rpaText}
        error={rpaTextError}
        onChange={(value) => {
          setRpaText(value);
          if (value === '' || (typeof value === 'number' && value >= 1))
            set({ rpaId: value === '' ? undefined : String(value) });
        }}
      />
      <DatePickerInput
        label={t`Date`}
        placeholder={dateInputFormat(i18n.locale)}
        valueFormat={dateInputFormat(i18n.locale)}
        clearable
        w={{ base: '100%', md: 180 }}
        value={date ?? null}
        onChange={(value) => set({ date: value ?? undefined })}
      />
    </ListFilters>
  );

  return (
    <>
      <PageHeader
        title={t`Accounting`}
        description={t`Accounting batches (RPA) with their provider invoices.`}
        filters={filters}
      />
      <DataList
        label={t`Accounting batches`}
        rows={query.data?.rpas ?? []}
        rowKey={(r) => String(r.id ?? 'open')}
        columns={columns}
        cardTitle={(r) => (
          <Group justify="space-between" wrap="nowrap">
            {r.id === null ? idText(r) : <Text fw={700} size="lg">{t`RPA #${r.id}`}</Text>}
          </Group>
        )}
        actions={actions}
        actionsHeader={t`Downloads`}
        tableMinWidth={760}
        loading={query.isPending}
        error={query.isError && !query.data}
        onRetry={() => void query.refetch()}
        query={query}
        emptyIcon={<IconCalculator size={30} stroke={1.5} />}
        emptyTitle={t`No accounting batches match this search`}
        emptyDescription={t`Change or clean the search to see the batches.`}
        page={page}
        pageSize={RPA_PAGE_SIZE}
        total={query.data?.count ?? 0}
        onPage={(next) => set({ page: String(next) })}
      />
      <CreateRpaDialog open={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
