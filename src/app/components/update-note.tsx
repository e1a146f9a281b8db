/**
 * "A new version is available · Reload", inline above the page (lib/app-update.ts): it never lies over
 * a form's buttons, and the user reloads when the work on the page is saved.
 */
import { Alert, Button, Group, Text, type MantineSpacing } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { dismissUpdate, useAppUpdate } from '../lib/app-update';

/** `mb`: the space below it (none where the frame spaces its children itself). */
export function UpdateNote({ mb = 'md' }: { mb?: MantineSpacing | 0 }) {
  const { t } = useLingui();
  const apply = useAppUpdate();
  if (!apply) return null;
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconRefresh size={18} />}
      title={t`A new version is available`}
      withCloseButton
      closeButtonLabel={t`Close`}
      onClose={dismissUpdate}
      mb={mb}
      py="xs"
      role="status"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t`Reload to use it.`}</Text>
        <Button size="compact-sm" onClick={() => void apply()}>
          {t`Reload`}
        </Button>
      </Group>
    </Alert>
  );
}
