/**
 * The one-time "ready to work offline" note, inline above the page: it pushes the page down instead of
 * covering its title or buttons, and goes when the user closes it or moves to another page.
 */
import { Alert } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissOfflineReady, useOfflineReady } from '../lib/offline-ready';

export function OfflineReadyNote() {
  const { t } = useLingui();
  const shown = useOfflineReady();
  const { pathname } = useLocation();
  const shownAt = useRef<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    if (shownAt.current === null) shownAt.current = pathname;
    else if (shownAt.current !== pathname) dismissOfflineReady();
  }, [shown, pathname]);
  if (!shown) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCloudCheck size={18} />}
      withCloseButton
      closeButtonLabel={t`Close`}
      onClose={dismissOfflineReady}
      mb="md"
      py="xs"
      role="status"
    >
      {t`The portal is ready to work offline.`}
    </Alert>
  );
}
