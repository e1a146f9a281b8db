/**
 * A form field that takes one file: a labelled button that opens the file picker (and, on a desktop, a
 * drop area), the file's check in the browser before it is kept, and beside the button whatever the
 * form shows of the chosen or stored file. The documentation and the provider-invoice forms differ
 * only in their checks, their texts and what they show beside the button.
 */
import { Button, FileButton, Group, Input } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { FileAccept } from '../../shared/domain/file-rules';
import { useMessageTranslator } from '../lib/messages';
import { FileDrop } from './file-drop';

/** What the picker offers for each kind of file the rules accept. */
const ACCEPT_ATTR: Record<FileAccept, string> = {
  pdf: 'application/pdf',
  image: 'image/*',
  pdfOrImage: 'application/pdf,image/gif,image/png,image/jpeg,image/bmp,image/webp',
};

export interface SingleFileFieldProps {
  /** Stable name of the field, on its file input (`data-slot`) for tests and the outbox. */
  slot: string;
  label: string;
  accept: FileAccept;
  error?: string | null | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** The button's text ('Choose PDF', or 'Replace' when a file is chosen or stored). */
  buttonText: string;
  /** The picked file's refusal message, or null when it may be kept. */
  check: (file: File) => Promise<string | null>;
  onChange: (file: File | null) => void;
  onError: (message: string | null) => void;
  /** Beside the button: the chosen or stored file. */
  children: ReactNode;
}

export function SingleFileField({
  slot,
  label,
  accept,
  error,
  required,
  disabled,
  buttonText,
  check,
  onChange,
  onError,
  children,
}: SingleFileFieldProps) {
  const tm = useMessageTranslator();
  const [checking, setChecking] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setChecking(true);
    const refusal = await check(file);
    setChecking(false);
    onChange(refusal ? null : file);
    onError(refusal);
  };
  return (
    <Input.Wrapper label={label} required={required} error={error ? tm(error) : undefined}>
      <FileDrop onFiles={(files) => void pick(files[0] ?? null)} disabled={disabled}>
        <Group gap="xs" wrap="nowrap" mt={4}>
          <FileButton
            onChange={(file) => void pick(file)}
            accept={ACCEPT_ATTR[accept]}
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
                style={{ flexShrink: 0 }}
              >
                {buttonText}
              </Button>
            )}
          </FileButton>
          {children}
        </Group>
      </FileDrop>
    </Input.Wrapper>
  );
}
