import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconUpload } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { HEAD_BYTES, checkFile, fileRule, type FileAccept } from '../../../../shared/domain/file-rules';
import { FileDrop } from '../../../components/file-drop';
import { useMessageTranslator } from '../../../lib/messages';

export interface AdminFileFieldProps {
  slot: string;
  label: string;
  accept: FileAccept;
  value: File | null;
  /** The stored file's name and its download control. */
  stored?: ReactNode;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  /** A read-only admin: no upload control at all, only the stored file. */
  readOnly?: boolean;
  onChange: (file: File | null) => void;
  onError: (message: string | null) => void;
}

const ACCEPT_ATTR: Record<FileAccept, string> = {
  pdf: 'application/pdf',
  image: 'image/*',
  pdfOrImage: 'application/pdf,image/gif,image/png,image/jpeg,image/bmp,image/webp',
};

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
  const tm = useMessageTranslator();
  const pick = async (file: File | null) => {
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const refusal = checkFile(fileRule(accept, 'admin'), { size: file.size, head });
    onChange(refusal ? null : file);
    onError(refusal);
  };
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
    <Input.Wrapper label={label} required={required} error={error ? tm(error) : undefined}>
      <FileDrop onFiles={(files) => void pick(files[0] ?? null)} disabled={disabled}>
        <Group gap="xs" mt={4} wrap="nowrap">
          <FileButton
            accept={ACCEPT_ATTR[accept]}
            disabled={disabled}
            onChange={(file) => void pick(file)}
            inputProps={{ 'aria-label': label, 'data-slot': slot } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconUpload size={16} />}
                disabled={disabled}
                style={{ flexShrink: 0 }}
              >
                {value || stored ? t`Replace` : t`Choose file`}
              </Button>
            )}
          </FileButton>
          <Text size="sm" truncate="end" c={value ? undefined : 'dimmed'} miw={0}>
            {value ? value.name : stored ? null : t`No file chosen`}
          </Text>
          {!value && stored}
        </Group>
      </FileDrop>
    </Input.Wrapper>
  );
}
