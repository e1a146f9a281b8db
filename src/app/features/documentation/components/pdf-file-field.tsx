import { ActionIcon, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFileTypePdf, IconX } from '@tabler/icons-react';
import type { FileAccept } from '../../../../shared/domain/file-rules';
import { SingleFileField, type SingleFileFieldProps } from '../../../components/single-file-field';
import { refuseSupplierFile } from '../file-checks';
import type { FileRef } from '../types';

export interface PdfFileFieldProps extends Pick<
  SingleFileFieldProps,
  'slot' | 'label' | 'error' | 'required' | 'disabled' | 'onChange' | 'onError'
> {
  value: File | null;
  /** Files already stored (edit mode); a new pick replaces them. */
  stored?: FileRef[] | undefined;
  accept?: FileAccept;
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
  const storedName = stored && stored.length > 0 ? stored.map((file) => file.name).join(', ') : null;
  return (
    <SingleFileField
      slot={slot}
      label={label}
      accept={accept}
      error={error}
      required={required}
      disabled={disabled}
      buttonText={value || storedName ? t`Replace` : t`Choose PDF`}
      check={(file) => refuseSupplierFile(file, accept)}
      onChange={onChange}
      onError={onError}
    >
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
    </SingleFileField>
  );
}
