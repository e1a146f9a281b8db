/**
 * The admin's purchase-order import: the ERP export as CSV or XLSX, with the
 * columns documentNumberId, supplierSapId, materialCode, earlyDeliveryDate, quantity and an optional
 * materialDesc. Shows how many rows were imported and each refused row with its reason.
 */
import { Alert, Code, FileInput, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { Plural, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState, type ComponentProps } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { useImportPurchaseOrders, type ImportResult } from '../api/import-purchase-orders';
import { missingColumnsText, rowErrorText } from '../import-messages';
import { NetworkButton } from '../../../components/network-button';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function PurchaseOrderImportCard({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const upload = useImportPurchaseOrders();

  const start = () => {
    if (!file) {
      setFileError(t`This is a required file`);
      return;
    }
    setResult(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        setFile(null);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? error.body?.details : undefined;
        const detail = details && typeof details === 'object' ? (details as Record<string, unknown>).file : undefined;
        const text = typeof detail === 'string' ? detail : error.message || t`The import failed`;
        setFileError(missingColumnsText(i18n, text) ?? tm(text));
      },
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconFileSpreadsheet size={24} stroke={1.5} aria-hidden />
          <Title order={2} size="h4">{t`Import purchase orders`}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t`Upload the ERP export as CSV or XLSX. Columns:`} <Code>documentNumberId</Code>, <Code>supplierSapId</Code>,{' '}
          <Code>materialCode</Code>, <Code>earlyDeliveryDate</Code>, <Code>quantity</Code>, <Code>materialDesc</Code>{' '}
          {t`(optional)`}. {t`Existing orders are updated by their number.`}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t`Spreadsheet`}
            placeholder={t`Choose a CSV or XLSX file`}
            accept={ACCEPT}
            clearable
            disabled={readOnly}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setFileError(null);
            }}
            error={fileError}
            fileInputProps={{ 'data-slot': 'purchaseOrders' } as ComponentProps<'input'>}
            style={{ flex: '1 1 260px' }}
          />
          <NetworkButton
            leftSection={<IconUpload size={16} />}
            loading={upload.isPending}
            disabled={readOnly}
            onClick={start}
          >
            {t`Import`}
          </NetworkButton>
        </Group>
        {readOnly && <Text size="xs" c="dimmed">{t`Read-only administrators cannot import purchase orders.`}</Text>}
        {result && (
          <Alert
            color={result.errors.length > 0 ? 'yellow' : 'teal'}
            icon={result.errors.length > 0 ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
            title={
              <Plural value={result.imported} one="# purchase order imported" other="# purchase orders imported" />
            }
            role="status"
          >
            {result.errors.length === 0 ? (
              t`Every row was imported.`
            ) : (
              <Stack gap="xs">
                <Text size="sm">
                  <Plural
                    value={result.errors.length}
                    one="# row was not imported:"
                    other="# rows were not imported:"
                  />
                </Text>
                <ScrollArea.Autosize mah={240}>
                  <Table striped withRowBorders={false} aria-label={t`Rows not imported`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={70}>{t`Row`}</Table.Th>
                        <Table.Th>{t`Reason`}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.errors.map((error) => (
                        <Table.Tr key={`${error.row}-${error.message}`}>
                          <Table.Td>{error.row}</Table.Td>
                          <Table.Td>{rowErrorText(i18n, error)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Stack>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
