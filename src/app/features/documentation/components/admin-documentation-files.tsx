/**
 * The admin edit form's file replacements (admin and provider forms): each
 * of the four documents can be replaced by a PDF, and the photos by up to 4 new images, every file under
 * 3,670,016 bytes ('File is too big (max. size: 3,5 Mb.)'). Checked by size and magic bytes in the browser
 * as the server checks them (src/shared/domain/file-rules.ts). Photos are sent as picked: the admin limit
 * is the office's, there is no phone camera to compress for.
 */
import { ActionIcon, Button, FileButton, Group, Input, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { HEAD_BYTES, MAX_PHOTOS, checkFile, fileRule, type FileAccept } from '../../../../shared/domain/file-rules';
import { FILE_MSG, type DocumentSlot } from '../../../../shared/schemas/documentation';
import { useMessageTranslator } from '../../../lib/messages';
import type { DocumentationFormValues } from '../form-values';
import type { Documentation, FileRef } from '../types';

/** The refusal of a file picked on an admin form, or null. */
export async function refuseAdminFile(file: File, accept: FileAccept): Promise<string | null> {
  const rule = fileRule(accept, 'admin');
  if (file.size > rule.maxBytes) return rule.tooBig;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return checkFile(rule, { size: file.size, head });
}

interface SlotProps {
  slot: DocumentSlot | 'photos';
  label: string;
  stored: FileRef[];
  chosen: File[];
  error: string | undefined;
  disabled: boolean;
  multiple: boolean;
  accept: string;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}

function AdminFileSlot({
  slot,
  label,
  stored,
  chosen,
  error,
  disabled,
  multiple,
  accept,
  onPick,
  onRemove,
}: SlotProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const storedNames = stored.map((file) => file.name).join(', ');
  const full = multiple && chosen.length >= MAX_PHOTOS;
  return (
    <Input.Wrapper label={label} error={error ? tm(error) : undefined}>
      <Stack gap={4} mt={4}>
        <Group gap="xs" wrap="nowrap">
          <FileButton
            accept={accept}
            multiple={multiple}
            disabled={disabled || full}
            onChange={(picked: File | File[] | null) =>
              onPick(picked === null ? [] : Array.isArray(picked) ? picked : [picked])
            }
            inputProps={{ 'aria-label': t`Replace ${label}`, 'data-slot': slot } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} />}
                disabled={disabled || full}
                style={{ flexShrink: 0 }}
              >
                {multiple ? t`Add photos` : t`Replace`}
              </Button>
            )}
          </FileButton>
          {chosen.length === 0 && (
            <Text size="xs" c="dimmed" truncate="end" miw={0}>
              {storedNames ? t`Stored: ${storedNames}` : t`No file stored`}
            </Text>
          )}
        </Group>
        {chosen.map((file, index) => (
          <Group key={`${file.name}-${index}`} gap={6} wrap="nowrap">
            {multiple && <IconPhoto size={14} style={{ flexShrink: 0 }} />}
            <Text size="xs" fw={500} truncate="end" miw={0}>
              {file.name}
            </Text>
            {!disabled && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t`Remove ${file.name}`}
                onClick={() => onRemove(index)}
              >
                <IconX size={12} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}

export interface AdminDocumentationFilesProps {
  form: UseFormReturnType<DocumentationFormValues>;
  doc: Documentation;
  disabled: boolean;
}

export function AdminDocumentationFiles({ form, doc, disabled }: AdminDocumentationFilesProps) {
  const { t } = useLingui();
  const labels: Record<DocumentSlot, string> = {
    salesInvoice: t`Sales invoice`,
    weightCertificate: t`Weight certificate`,
    BL: t`B/L`,
    radioactiveCertificate: doc.mode === 'RAILCAR' ? t`No-radioactivity certificate` : t`Radioactive certificate`,
  };
  const errorOf = (name: DocumentSlot | 'photos') => form.errors[name] as string | undefined;

  const pickDocument = async (slot: DocumentSlot, files: File[]) => {
    const file = files[0];
    if (!file) return;
    const refusal = await refuseAdminFile(file, 'pdf');
    form.setFieldError(slot, refusal);
    if (!refusal) form.setFieldValue(slot, file);
  };

  const pickPhotos = async (files: File[]) => {
    if (files.length === 0) return;
    const current = form.values.photos;
    if (current.length + files.length > MAX_PHOTOS) {
      form.setFieldError('photos', FILE_MSG.tooManyPhotos);
      return;
    }
    const accepted: File[] = [];
    let refusal: string | null = null;
    for (const file of files) {
      const reason = await refuseAdminFile(file, 'image');
      if (reason) refusal = reason;
      else accepted.push(file);
    }
    form.setFieldError('photos', refusal);
    if (accepted.length > 0) form.setFieldValue('photos', [...current, ...accepted]);
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t`Files`}
          </Title>
          <Text size="sm" c="dimmed">
            {t`Leave a file alone to keep it. A new PDF replaces that document; new photos replace all stored photos (up to ${MAX_PHOTOS}, each under 3.5 MB).`}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(Object.keys(labels) as DocumentSlot[]).map((slot) => (
            <AdminFileSlot
              key={slot}
              slot={slot}
              label={labels[slot]}
              stored={doc[slot]}
              chosen={form.values[slot] ? [form.values[slot]] : []}
              error={errorOf(slot)}
              disabled={disabled}
              multiple={false}
              accept="application/pdf"
              onPick={(files) => void pickDocument(slot, files)}
              onRemove={() => form.setFieldValue(slot, null)}
            />
          ))}
          <AdminFileSlot
            slot="photos"
            label={t`Photos`}
            stored={doc.photos}
            chosen={form.values.photos}
            error={errorOf('photos')}
            disabled={disabled}
            multiple
            accept="image/*"
            onPick={(files) => void pickPhotos(files)}
            onRemove={(index) =>
              form.setFieldValue(
                'photos',
                form.values.photos.filter((_, i) => i !== index),
              )
            }
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
