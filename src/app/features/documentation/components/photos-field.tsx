import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Paper, SimpleGrid, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { MAX_PHOTOS } from '../../../../shared/domain/file-rules';
import { FILE_MSG } from '../../../../shared/schemas/documentation';
import { FileDrop } from '../../../components/file-drop';
import { useMessageTranslator } from '../../../lib/messages';
import { preparePhoto } from '../file-checks';
import type { FileRef } from '../types';

export interface PhotosFieldProps {
  label: string;
  value: File[];
  /** Photos already stored (edit mode); new photos are added to them on the server. */
  stored?: FileRef[] | undefined;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  onChange: (files: File[]) => void;
  onError: (message: string | null) => void;
}

function usePreviews(files: File[]): string[] {
  const urls = useMemo(
    () => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** Up to 4 photos: the phone opens its camera, big pictures are compressed, thumbnails can be removed. */
export function PhotosField({
  label,
  value,
  stored = [],
  error,
  required,
  disabled,
  onChange,
  onError,
}: PhotosFieldProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const [busy, setBusy] = useState(false);
  const previews = usePreviews(value);
  // New photos replace the stored set on the server, so the stored ones show only until a new pick.
  const shownStored = value.length === 0 ? stored : [];
  const room = MAX_PHOTOS - value.length;

  const add = async (picked: File[]) => {
    if (picked.length === 0) return;
    if (picked.length > room) {
      onError(FILE_MSG.tooManyPhotos);
      return;
    }
    setBusy(true);
    const accepted: File[] = [];
    let refusal: string | null = null;
    for (const file of picked) {
      const result = await preparePhoto(file).catch(() => FILE_MSG.imageFormat);
      if (typeof result === 'string') refusal = result;
      else accepted.push(result);
    }
    setBusy(false);
    onError(refusal);
    if (accepted.length > 0) onChange([...value, ...accepted]);
  };

  return (
    <Input.Wrapper
      label={label}
      required={required}
      description={
        stored.length > 0
          ? t`Up to ${MAX_PHOTOS} photos. New photos replace the stored ones.`
          : t`Up to ${MAX_PHOTOS} photos. On a phone the camera opens.`
      }
      error={error ? tm(error) : undefined}
    >
      <Box mt={6}>
        {(value.length > 0 || shownStored.length > 0) && (
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mb="xs">
            {shownStored.map((file) => (
              <Paper key={file.key} withBorder p="xs" h={96} style={{ display: 'grid', placeItems: 'center' }}>
                <Group gap={4} wrap="nowrap" miw={0}>
                  <IconPhoto size={16} style={{ flexShrink: 0 }} />
                  <Text size="xs" truncate="end">
                    {file.name}
                  </Text>
                </Group>
              </Paper>
            ))}
            {value.map((file, index) => (
              <Paper key={`${file.name}-${index}`} withBorder pos="relative" h={96} style={{ overflow: 'hidden' }}>
                {previews[index] ? (
                  <Image src={previews[index]} alt={file.name} h={96} fit="cover" />
                ) : (
                  <Text size="xs" p="xs" truncate="end">
                    {file.name}
                  </Text>
                )}
                {!disabled && (
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="sm"
                    radius="xl"
                    color="dark"
                    variant="filled"
                    aria-label={t`Remove photo ${index + 1}`}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <FileDrop multiple onFiles={(files) => void add(files)} disabled={disabled || room <= 0}>
          <FileButton
            multiple
            accept="image/*"
            capture="environment"
            disabled={disabled || room <= 0}
            onChange={(files) => void add(files)}
            inputProps={{ 'aria-label': label, 'data-slot': 'photos' } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconCamera size={16} />}
                loading={busy}
                disabled={disabled || room <= 0}
              >
                {t`Add photos`}
              </Button>
            )}
          </FileButton>
        </FileDrop>
      </Box>
    </Input.Wrapper>
  );
}
