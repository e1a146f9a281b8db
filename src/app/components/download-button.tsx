/**
 * A download button with a progress indicator: while the file streams in, the button shows the share
 * received (or the bytes so far when the server could not say the size) and a bar under it; the
 * finished file is saved by the browser. A failure calls `onError` with the error.
 */
import { Progress, Stack, Text, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import type { QueryParams } from '../lib/api-client';
import { fetchWithProgress, saveFile, type DownloadProgress } from '../lib/download';
import { intlLocale } from '../lib/locale-format';
import { NetworkButton } from './network-button';

export interface DownloadButtonProps extends Omit<ButtonProps, 'children' | 'loading'> {
  path: string;
  query?: QueryParams;
  fallbackName: string;
  children: ReactNode;
  /** What the button is for, for screen readers ('Download RPA 3 as Excel'). */
  label: string;
  onError: (error: unknown) => void;
}

export function useByteFormat() {
  const { i18n } = useLingui();
  const format = new Intl.NumberFormat(intlLocale(i18n.locale), { maximumFractionDigits: 1 });
  return (bytes: number) =>
    bytes < 1024
      ? `${format.format(bytes)} B`
      : bytes < 1024 * 1024
        ? `${format.format(bytes / 1024)} KB`
        : `${format.format(bytes / 1024 / 1024)} MB`;
}

export function DownloadButton({
  path,
  query,
  fallbackName,
  children,
  label,
  onError,
  ...button
}: DownloadButtonProps) {
  const { t } = useLingui();
  const bytes = useByteFormat();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef(false);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setProgress({ received: 0, total: null });
    try {
      saveFile(await fetchWithProgress(path, { query, fallbackName, onProgress: setProgress }));
    } catch (error) {
      onError(error);
    } finally {
      running.current = false;
      setProgress(null);
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  const status = progress
    ? percent !== null
      ? t`${percent}% · ${bytes(progress.received)} of ${bytes(progress.total ?? 0)}`
      : t`${bytes(progress.received)} received`
    : null;

  return (
    <Stack gap={4} miw={0}>
      <NetworkButton
        {...button}
        aria-label={label}
        aria-busy={progress !== null}
        disabled={button.disabled || progress !== null}
        onClick={() => void start()}
      >
        {children}
      </NetworkButton>
      {progress && (
        <>
          <Progress
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            size="sm"
            aria-label={t`Download progress`}
            aria-valuetext={status ?? undefined}
          />
          <Text size="xs" c="dimmed" role="status">
            {status}
          </Text>
        </>
      )}
    </Stack>
  );
}
