/**
 * What a screen shows instead of its data when the data never reached this device: offline (the query
 * is paused, or the server could not be reached) it says the page is not saved here and loads by itself
 * when the connection returns; a server that answered with an error says the page could not be loaded.
 * Both offer 'Try again', which works once the device is online. Never an empty list or a skeleton that
 * would read as "nothing there" or "still loading".
 */
import { Button, EmptyState, Paper } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { NetworkError } from '../lib/api-client';

/** The parts of a TanStack query result this module reads. */
export interface QueryState {
  data: unknown;
  error: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  /** The last try's error while the query still retries. */
  failureReason?: unknown;
}

export type Unavailable = 'offline' | 'failed';

/** Why a query has nothing to show, or null when it has data or is still loading online. */
export function unavailableReason(query: QueryState): Unavailable | null {
  if (query.data !== undefined) return null;
  if (query.fetchStatus === 'paused') return 'offline';
  // A try that got no answer already says enough: the retries that follow must not read as loading.
  if (query.failureReason instanceof NetworkError) return 'offline';
  if (!query.isError) return null;
  return query.error instanceof NetworkError ? 'offline' : 'failed';
}

/** A request that never got an answer: the offline state says so, no error toast is needed. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof NetworkError;

function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export interface NotOnDeviceProps {
  reason: Unavailable;
  /** What is missing: a list, a ticket page. */
  subject: 'list' | 'ticket';
  onRetry: () => void;
  retrying?: boolean;
}

export function NotOnDevice({ reason, subject, onRetry, retrying = false }: NotOnDeviceProps) {
  const { t } = useLingui();
  const online = useBrowserOnline();
  const offline = reason === 'offline';
  const title = offline
    ? subject === 'list'
      ? t`This list is not saved on this device yet`
      : t`This ticket is not saved on this device yet`
    : subject === 'list'
      ? t`This list could not be loaded`
      : t`This ticket could not be loaded`;
  const description = offline
    ? online
      ? t`The server could not be reached. Try again when your connection works.`
      : t`It loads as soon as the connection returns.`
    : t`Something went wrong on the server. Try again in a moment.`;
  return (
    <Paper withBorder radius="lg" py={48} px="md" data-testid={subject === 'list' ? 'list-offline' : 'ticket-offline'}>
      <EmptyState
        icon={offline ? <IconCloudOff size={30} stroke={1.5} /> : <IconAlertTriangle size={30} stroke={1.5} />}
        variant="light"
        title={title}
        description={description}
      >
        <EmptyState.Actions>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            onClick={onRetry}
            loading={retrying}
            disabled={!online}
          >
            {t`Try again`}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
