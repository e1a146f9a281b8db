/**
 * The supplier documentation read-only, as admins and customs agents review it: the fields, each file
 * with a Download button (photos as thumbnails that open full size, PDFs with a View button that shows
 * them in the page), and the origin yard with a maps link from its coordinates.
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconMapPin } from '@tabler/icons-react';
import type { DocumentSlot } from '../../../../shared/schemas/documentation';
import { formatAmount, formatTonnes, formatWeight, intlLocale } from '../../../lib/locale-format';
import type { DocTicket, Documentation, FileRef } from '../types';
import { PdfPreview, PhotoPreview } from './document-viewer';
import { FileDownloadButton } from './file-download-button';
import { LabelledValue } from '../../../components/labelled-value';
import { InvoiceNumber } from '../../../components/invoice-number';
import { formatDay } from '../../../../shared/format/display-format';

/** https://www.google.com/maps?q={lat},{lng} from a GeoJSON point ([lng, lat]). */
export const mapsUrl = (coordinates: [number, number]) =>
  `https://www.google.com/maps?q=${coordinates[1]},${coordinates[0]}`;

export function DocumentationDetails({
  ticket,
  doc,
  locale,
}: {
  ticket: DocTicket;
  doc: Documentation;
  locale: string;
}) {
  const { t } = useLingui();
  const numbers = intlLocale(locale);
  const slots: { slot: DocumentSlot | 'photos'; label: string }[] = [
    { slot: 'salesInvoice', label: t`Sales invoice` },
    { slot: 'weightCertificate', label: t`Weight certificate` },
    { slot: 'BL', label: t`B/L` },
    // The railcar form asks for a no-radioactivity certificate; the truck form a radioactive one.
    {
      slot: 'radioactiveCertificate',
      label: doc.mode === 'RAILCAR' ? t`No-radioactivity certificate` : t`Radioactive certificate`,
    },
    { slot: 'photos', label: t`Photos` },
  ];
  const files: { file: FileRef; label: string; photo: boolean }[] = slots.flatMap(({ slot, label }) =>
    doc[slot].map((file, index) => ({
      file,
      label: slot === 'photos' ? t`Photo ${index + 1}` : label,
      photo: slot === 'photos',
    })),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t`Supplier documentation`}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="sm">
          <LabelledValue label={t`Invoice number`}>
            <InvoiceNumber>{doc.invoiceNumber}</InvoiceNumber>
          </LabelledValue>
          <LabelledValue label={t`Invoice date`}>{formatDay(doc.invoiceDate, locale)}</LabelledValue>
          <LabelledValue label={t`Invoice amount`}>{formatAmount(doc.invoiceAmount, numbers)}</LabelledValue>
          <LabelledValue label={t`Destination`}>{doc.destination.name}</LabelledValue>
          <LabelledValue label={t`Car/Equipment`}>{doc.carEquipment}</LabelledValue>
          <LabelledValue label={t`Gross weight (lbs)`}>{formatWeight(doc.grossWeight, numbers)}</LabelledValue>
          <LabelledValue label={t`Tare weight (lbs)`}>{formatWeight(doc.tareWeight, numbers)}</LabelledValue>
          <LabelledValue label={t`Net (t)`}>{formatTonnes(doc.netTonnes, numbers)}</LabelledValue>
          <LabelledValue label={t`Material`}>{doc.material.description}</LabelledValue>
          <LabelledValue label={t`Purchase order`}>{doc.purchaseOrder?.documentNumberId ?? '—'}</LabelledValue>
          {doc.waybill && <LabelledValue label={t`WayBill`}>{doc.waybill}</LabelledValue>}
          {doc.comments && <LabelledValue label={t`Comments`}>{doc.comments}</LabelledValue>}
          <LabelledValue label={t`Origin`}>
            <Stack gap={2}>
              <span>
                {ticket.origin.name} · {ticket.origin.city}
              </span>
              <Anchor
                href={mapsUrl(ticket.origin.location.coordinates)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                <Group gap={4} component="span">
                  <IconMapPin size={14} />
                  {t`Open in maps`}
                </Group>
              </Anchor>
            </Stack>
          </LabelledValue>
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t`Files`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs" verticalSpacing="xs">
            {files.map(({ file, label, photo }) => (
              <Paper key={file.key} withBorder radius="sm" px="sm" py={6}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    {photo && <PhotoPreview file={file} label={label} />}
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {file.name}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {!photo && <PdfPreview file={file} label={label} />}
                    <FileDownloadButton file={file} label={label} />
                  </Group>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Paper>
  );
}
