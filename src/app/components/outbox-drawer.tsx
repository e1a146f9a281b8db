/**
 * The outbox list: each waiting write with its state, upload progress, attempts and the server's
 * message when it was refused. Documentation can be reopened in its form; anything can be discarded.
 * Above the list: how long the oldest has waited, and whether the browser agreed to keep the outbox
 * (offline/storage.ts): one that did not may clear it after days without use, Safari especially.
 */
import { Alert, Badge, Button, Drawer, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import {
  IconAlertTriangle,
  IconClockEdit,
  IconEdit,
  IconFileDownload,
  IconFileUpload,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { formatDateTime } from '../../shared/format/display-format';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOffline } from '../lib/connectivity';
import { useNow } from '../lib/use-now';
import { PATHS } from '../paths';
import { removeItem, retryNow } from '../offline/outbox';
import { formatWait, oldestQueuedAt } from '../offline/outbox-age';
import { itemTitle, refusalExplanation, refusalText } from '../offline/outbox-messages';
import type { OutboxItem } from '../offline/outbox-types';
import { requestSync } from '../offline/page-sync';
import { exportOutbox, importOutbox, OutboxFileError, readOutboxFile } from '../offline/outbox-file';
import { useUploadProgress } from '../offline/progress';
import { getPersistence, OutOfSpaceError, subscribePersistence } from '../offline/storage';
import { saveFile } from '../lib/download';

export interface OutboxDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user, whose outbox this is (a file of another user's is refused). */
  userId: number;
  items: OutboxItem[];
}

function OutboxEntry({
  item,
  offline,
  onEdit,
  onReanswer,
}: {
  item: OutboxItem;
  offline: boolean;
  onEdit: (item: OutboxItem) => void;
  onReanswer: (item: OutboxItem) => void;
}) {
  const { t, i18n } = useLingui();
  const progress = useUploadProgress(item.id);
  const [confirming, setConfirming] = useState(false);
  const refused = item.state === 'refused';
  const files = item.request.parts?.filter((part) => part.kind === 'file').length ?? 0;
  const state = refused
    ? { color: 'red', label: t`Refused` }
    : progress !== null
      ? { color: 'blue', label: t`Sending` }
      : item.state === 'editing'
        ? { color: 'gray', label: t`Being edited` }
        : { color: 'orange', label: t`Waiting` };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="outbox-item" data-state={item.state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {itemTitle(i18n, item)}
          </Text>
          <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
            {state.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t`Queued ${formatDateTime(item.queuedAt, i18n.locale)}`}
          {files > 0 ? ` · ${t`${files} files`}` : ''}
          {item.attempts === 1 ? ` · ${t`1 attempt`}` : item.attempts > 1 ? ` · ${t`${item.attempts} attempts`}` : ''}
        </Text>
        {progress !== null && <Progress value={progress * 100} size="sm" aria-label={t`Upload progress`} animated />}
        {refused && (
          <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} role="alert">
            <Text size="sm">{refusalExplanation(i18n, item, item.lastError, item.lastCode)}</Text>
          </Alert>
        )}
        {!refused && item.lastError && item.attempts > 0 && progress === null && (
          <Text size="xs" c="dimmed">
            {t`Last try: ${refusalText(i18n, item.lastError, item.lastCode)}`}
          </Text>
        )}
        {confirming ? (
          <Group gap="xs" justify="flex-end">
            <Text size="sm" mr="auto">{t`Discard this item? It will not be sent.`}</Text>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              {t`Keep`}
            </Button>
            <Button size="compact-sm" color="red" onClick={() => void removeItem(item.id)}>
              {t`Discard`}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" justify="flex-end">
            {!refused && item.state === 'pending' && progress === null && (
              <Button
                size="compact-sm"
                variant="subtle"
                disabled={offline}
                leftSection={<IconSend size={14} />}
                onClick={() => void retryNow(item.id).then(() => requestSync(true))}
              >
                {t`Send now`}
              </Button>
            )}
            {refused && item.kind === 'accept' && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconClockEdit size={14} />}
                onClick={() => onReanswer(item)}
              >
                {t`Choose another time`}
              </Button>
            )}
            {item.kind === 'documentation' && progress === null && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEdit size={14} />}
                onClick={() => onEdit(item)}
              >
                {t`Edit`}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={progress !== null}
              onClick={() => setConfirming(true)}
            >
              {t`Discard`}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Why what waits here may be lost: a standing notice, so announced politely (not taken for a refusal's alert). */
function KeepingWarning({ testId, children }: { testId: string; children: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} />}
      role="status"
      data-testid={testId}
    >
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

/** How long the oldest item has waited, and whether this browser keeps the outbox. */
function OutboxKeeping({ items }: { items: OutboxItem[] }) {
  const { t, i18n } = useLingui();
  const now = useNow(60_000).getTime();
  const persistence = useSyncExternalStore(subscribePersistence, getPersistence, getPersistence);
  const oldest = oldestQueuedAt(items);
  if (oldest === null) return null;
  // Files this browser would not keep as files (offline/outbox.ts): a private window's, gone when it closes.
  const windowOnly = items.some((item) => item.filesAsBytes);
  const age = formatWait(now - oldest, i18n.locale);
  return (
    <>
      <Text size="sm" fw={600} data-testid="outbox-oldest">
        {items.length === 1 ? t`It has waited ${age}.` : t`The oldest has waited ${age}.`}
      </Text>
      {persistence === 'granted' && (
        <Text size="sm" c="dimmed" data-testid="outbox-kept">
          {t`This browser keeps the outbox on this device until it is sent.`}
        </Text>
      )}
      {windowOnly ? (
        <KeepingWarning testId="outbox-window-only">
          {t`This browser window does not keep files once it is closed, as private windows do. Keep it open until these are sent, or save them to a file below.`}
        </KeepingWarning>
      ) : (
        (persistence === 'refused' || persistence === 'unsupported') && (
          <KeepingWarning testId="outbox-not-kept">
            {t`This browser has not agreed to keep the outbox: it may clear it if the portal is not opened for some days. Send these as soon as you have a connection.`}
          </KeepingWarning>
        )
      )}
    </>
  );
}

/**
 * The outbox to and from a file (offline/outbox-file.ts): what waits here, carried to another device
 * or browser, which sends it once. Every outcome is said here, in the drawer: nothing is dropped silently.
 */
function OutboxFiles({ userId, items }: { userId: number; items: OutboxItem[] }) {
  const { t } = useLingui();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  // The input forgets its file after each pick, so the same file can be picked again.
  const resetPick = useRef<() => void>(null);
  const save = async () => {
    setSaid(null);
    try {
      const { file, count } = await exportOutbox(userId);
      saveFile({ blob: file, fileName: `outbox-${new Date().toISOString().slice(0, 10)}.json` });
      setSaid({ ok: true, text: count === 1 ? t`1 item saved to the file.` : t`${count} items saved to the file.` });
    } catch {
      setSaid({ ok: false, text: t`The outbox could not be saved to a file. What waits here is kept.` });
    }
  };
  const add = async (file: File | null) => {
    resetPick.current?.();
    if (!file) return;
    setSaid(null);
    let added = 0;
    try {
      const result = await importOutbox(await readOutboxFile(file, userId), () => (added += 1));
      added = result.added;
      const { alreadyHere } = result;
      setSaid({
        ok: true,
        text:
          added === 0
            ? t`Everything in this file is already in the outbox.`
            : alreadyHere === 0
              ? added === 1
                ? t`1 item added from the file. It is sent in turn.`
                : t`${added} items added from the file. They are sent in turn.`
              : t`${added} added from the file, ${alreadyHere} already in the outbox.`,
      });
      if (added > 0) requestSync(true);
    } catch (error) {
      setSaid({ ok: false, text: fileProblem(error, added) });
    }
  };
  const fileProblem = (error: unknown, added: number): string => {
    if (error instanceof OutOfSpaceError) {
      return t`This device has no room left: ${added} items were added from the file, the rest were not.`;
    }
    const problem = error instanceof OutboxFileError ? error.problem : 'unreadable';
    if (problem === 'other-user') return t`This file holds another user's outbox. Sign in as that user to send it.`;
    if (problem === 'newer-version')
      return t`This file was made by a newer version of the portal. Reload the portal and try again.`;
    if (problem === 'damaged') return t`A file inside this outbox file is damaged. Nothing was added.`;
    return t`This is not an outbox file of the portal, or it is damaged. Nothing was added.`;
  };
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {t`A file carries what waits here to another device or browser, which sends it once.`}
      </Text>
      <Group gap="xs">
        {items.length > 0 && (
          <Button
            size="compact-md"
            variant="default"
            leftSection={<IconFileDownload size={16} />}
            onClick={() => void save()}
          >
            {t`Save to a file`}
          </Button>
        )}
        <FileButton resetRef={resetPick} accept="application/json,.json" onChange={(file) => void add(file)}>
          {(props) => (
            <Button {...props} size="compact-md" variant="default" leftSection={<IconFileUpload size={16} />}>
              {t`Add from a file`}
            </Button>
          )}
        </FileButton>
      </Group>
      {said && (
        <Text size="sm" role="status" c={said.ok ? undefined : 'red'} data-testid="outbox-file-result">
          {said.text}
        </Text>
      )}
    </Stack>
  );
}

export function OutboxDrawer({ opened, onClose, userId, items }: OutboxDrawerProps) {
  const { t } = useLingui();
  const offline = useOffline();
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const edit = (item: OutboxItem) => {
    const path =
      item.draft?.mode === 'RAILCAR' ? PATHS.suppliers.railcarDocumentation : PATHS.suppliers.truckDocumentation;
    onClose();
    navigate(path, {
      state: { outboxId: item.id, ...(item.draft?.editTicket ? { ticket: item.draft.editTicket } : {}) },
    });
  };
  // A refused accept (the slot is no longer valid, the offer moved on) is answered again from the ticket's card.
  const reanswer = (item: OutboxItem) => {
    onClose();
    void removeItem(item.id).then(() => navigate(`${PATHS.carrier.root}?ticketId=${item.ticketId}`));
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : 440}
      title={t`Outbox`}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {offline
            ? t`You are offline. These are kept on this device and sent when the connection returns.`
            : t`These are sent to the server in order. Refused items stay here until you fix or discard them.`}
        </Text>
        <OutboxKeeping items={items} />
        {items.length === 0 && <Text size="sm">{t`Nothing waiting to be sent.`}</Text>}
        {items.map((item) => (
          <OutboxEntry key={item.id} item={item} offline={offline} onEdit={edit} onReanswer={reanswer} />
        ))}
        <OutboxFiles userId={userId} items={items} />
      </Stack>
    </Drawer>
  );
}
