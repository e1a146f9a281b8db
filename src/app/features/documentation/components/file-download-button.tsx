import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { downloadFile } from '../api/download-file';
import type { FileRef } from '../types';
import { NetworkButton } from '../../../components/network-button';

/** Downloads one stored file under the server's name (tripID-{id}-{type}-{date}.{ext}). */
export function FileDownloadButton({ file, label }: { file: FileRef; label: string }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(file);
    } catch {
      notifications.show({ color: 'red', message: tm(DOCUMENT_TOASTS.downloadError) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <NetworkButton
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={() => void download()}
      aria-label={t`Download ${label}`}
    >
      {t`Download`}
    </NetworkButton>
  );
}
