/**
 * On a desktop (992 px and wider) a file field also takes files dropped on it: Mantine's Dropzone wraps
 * the field, and whatever is dropped goes through the field's own checks (size, type by the file's
 * bytes, count), exactly like a picked file, so a refusal says the same message. The field's button stays
 * the control for keyboard and click; on a phone the field is left as it is (the camera and file picker).
 */
import { Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface FileDropProps {
  /** Receives the dropped files; the field decides which it keeps. */
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

export function FileDrop({ onFiles, multiple = false, disabled = false, children }: FileDropProps) {
  const { t } = useLingui();
  const desktop = useMediaQuery('(min-width: 62em)');
  if (!desktop || disabled) return <>{children}</>;
  return (
    <Dropzone
      // The field checks every file itself: Dropzone accepts anything, and its own refusals (a second
      // file on a one-file field) still hand the files over, so the field's message is the one shown.
      onDrop={onFiles}
      onReject={(rejections) => onFiles(rejections.map((rejection) => rejection.file))}
      multiple={multiple}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      p="xs"
      radius="md"
      data-testid="file-drop"
    >
      <Stack gap={4}>
        {children}
        <Text size="xs" c="dimmed">
          {multiple ? t`Or drop files here` : t`Or drop a file here`}
        </Text>
      </Stack>
    </Dropzone>
  );
}
