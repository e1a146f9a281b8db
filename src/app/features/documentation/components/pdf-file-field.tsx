import { ActionIcon, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type ComponentProps } from 'react';
import type { FileAccept } from '../../../../shared/domain/file-rules';
import { FileDrop } from '../../../components/file-drop';
import { useMessageTranslator } from '../../../lib/messages';
import { refuseSupplierFile } from '../file-checks';
import type { FileRef } from '../types';

export interface PdfFileFieldProps {
  /** Stable name of the slot (salesInvoice, weightCertificate, BL, radioactiveCertificate). */
  slot: string;
  label: string;
  value: File | null;
  /** Files already stored (edit mode); a new pick replaces them. */
  stored?: FileRef[] | undefined;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  accept?: FileAccept;
  onChange: (file: File | null) => void;
  onError: (message: string | null) => void;
}

/** One document slot of a supplier form: picks a PDF, checks size and %PDF- in the browser. */
export function PdfFileField({
  slot,
  label,
  value,
  stored,
  error,
  required,
  disabled,
  accept = 'pdf',
  onChange,
  onError,
}: PdfFileFieldProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const [checking, setChecking] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    setChecking(true);
    const refusal = await refuseSupplierFile(file, accept);
    setChecking(false);
    if (refusal) {
      onChange(null);
      onError(refusal);
      return;
    }
    onError(null);
    onChange(file);
  };

  const storedName = stored && stored.length > 0 ? stored.map((file) => file.name).join(', ') : null;
  return (
    <Input.Wrapper label={label} required={required} error={error ? tm(error) : undefined}>
      <FileDrop onFiles={(files) => void pick(files[0] ?? null)} disabled={disabled}>
        <Group gap="xs" wrap="nowrap" mt={4}>
          <FileButton
            onChange={(file) => void pick(file)}
            accept="application/pdf"
            disabled={disabled}
            inputProps={{ 'aria-label': label, 'data-slot': slot } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconUpload size={16} />}
                loading={checking}
                disabled={disabled}
              >
                {value || storedName ? t`Replace` : t`Choose PDF`}
              </Button>
            )}
          </FileButton>
          <Group gap={4} wrap="nowrap" miw={0} style={{ flex: 1 }}>
            {(value || storedName) && (
              <IconFileTypePdf size={18} color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
            )}
            <Text size="sm" truncate="end" c={value ? undefined : 'dimmed'}>
              {value ? value.name : (storedName ?? t`No file chosen`)}
            </Text>
            {value && !disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t`Remove ${label}`}
                onClick={() => onChange(null)}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      </FileDrop>
    </Input.Wrapper>
  );
}
