import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudUpload, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SaveActionsProps {
  editing: boolean;
  locked: boolean;
  saving: boolean;
  /** Share of the upload sent (0..1), when the browser reports it. */
  progress?: number | null;
  cancel: ReactNode;
}

/** Upload (or Update) and the cancel-ticket button; an upload shows a progress bar while it runs. */
export function SaveActions({ editing, locked, saving, progress = null, cancel }: SaveActionsProps) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      {saving && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress
            value={progress === null ? 100 : Math.round(progress * 100)}
            animated
            striped
            size="sm"
            aria-label={t`Uploading`}
          />
          <Text size="xs" c="dimmed">
            {progress === null ? t`Uploading documents…` : t`Uploading documents… ${Math.round(progress * 100)}%`}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" gap="sm" grow={false} wrap="wrap">
        {cancel}
        {!locked && (
          <Button
            type="submit"
            loading={saving}
            leftSection={editing ? <IconDeviceFloppy size={16} /> : <IconCloudUpload size={16} />}
          >
            {editing ? t`Update` : t`Upload`}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
