import { Group, Input, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HEAD_BYTES, checkFile, fileRule } from '../../../../shared/domain/file-rules';
import { SingleFileField, type SingleFileFieldProps } from '../../../components/single-file-field';

export interface AdminFileFieldProps extends Pick<
  SingleFileFieldProps,
  'slot' | 'label' | 'accept' | 'error' | 'required' | 'disabled' | 'onChange' | 'onError'
> {
  value: File | null;
  /** The stored file's name and its download control. */
  stored?: ReactNode;
  /** A read-only admin: no upload control at all, only the stored file. */
  readOnly?: boolean;
}

/** A provider-form file (admin limits: < 3,670,016 bytes; PDF, or PDF or image), checked by its bytes. */
export function AdminFileField({
  slot,
  label,
  accept,
  value,
  stored,
  error,
  required,
  disabled,
  readOnly,
  onChange,
  onError,
}: AdminFileFieldProps) {
  const { t } = useLingui();
  if (readOnly) {
    return (
      <Input.Wrapper label={label}>
        <Group gap="xs" mt={4} wrap="nowrap">
          {stored ?? (
            <Text size="sm" c="dimmed">
              {t`No file`}
            </Text>
          )}
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <SingleFileField
      slot={slot}
      label={label}
      accept={accept}
      error={error}
      required={required}
      disabled={disabled}
      buttonText={value || stored ? t`Replace` : t`Choose file`}
      check={async (file) => {
        const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
        return checkFile(fileRule(accept, 'admin'), { size: file.size, head });
      }}
      onChange={onChange}
      onError={onError}
    >
      <Text size="sm" truncate="end" c={value ? undefined : 'dimmed'} miw={0}>
        {value ? value.name : stored ? null : t`No file chosen`}
      </Text>
      {!value && stored}
    </SingleFileField>
  );
}
