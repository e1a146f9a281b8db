/**
 * 'Delete request': the picker offers what the shared delete rule offers (deleteCandidates: per origin
 * yard, its newest PENDING ticket, else its newest CONFIRMED one); the user picks one, confirms, and the
 * toast names the deleted ID.
 */
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { TICKET_TOASTS } from '../../../lib/messages';
import { useDeleteTicket } from '../api/delete-ticket';
import { useDeleteCandidates } from '../api/get-delete-candidates';
import { formatDateTime } from '../ticket-format';
import { toastError, toastSuccess } from '../toasts';
import { useDeleteRefusal } from './delete-ticket-button';
import { useErrorToast } from './use-error-toast';
import { NetworkButton } from '../../../components/network-button';

export interface DeleteTicketDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function DeleteTicketDialog({ opened, onClose }: DeleteTicketDialogProps) {
  const { t } = useLingui();
  const refusal = useDeleteRefusal();
  const { open, candidates } = useDeleteCandidates(opened);
  useErrorToast(opened && open.isError, TICKET_TOASTS.listError);
  const remove = useDeleteTicket();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const picked = candidates.find((c) => String(c.id) === chosen) ?? null;

  const close = () => {
    setChosen(null);
    setConfirming(false);
    onClose();
  };

  const run = async () => {
    if (!picked) return;
    try {
      await remove.mutateAsync(picked.id);
      toastSuccess(t`Ticket deleted. ID: ${picked.id}`);
      close();
    } catch (error) {
      toastError(refusal(error), t`The ticket could not be deleted`);
      setConfirming(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t`Delete request`} centered>
      {open.isLoading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : candidates.length === 0 ? (
        <Stack gap="md">
          <Text size="sm">{t`There is no pending or confirmed request to delete.`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} size="md">
              {t`Close`}
            </Button>
          </Group>
        </Stack>
      ) : confirming && picked ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t`Delete trip #${picked.id} from ${picked.origin.name}? The carrier's offer is withdrawn. This cannot be undone.`}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} size="md">
              {t`Back`}
            </Button>
            <NetworkButton color="red" onClick={() => void run()} loading={remove.isPending} size="md">
              {t`Delete trip #${picked.id}`}
            </NetworkButton>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t`Each yard can delete its newest pending request, or its newest confirmed one when none is pending. Pick one.`}
          </Text>
          <Radio.Group value={chosen} onChange={setChosen} aria-label={t`Request to delete`}>
            <Stack gap="xs">
              {candidates.map((c) => (
                <Radio.Card key={c.id} value={String(c.id)} radius="md" p="sm" withBorder>
                  <Group wrap="nowrap" align="center" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={0} style={{ flex: 1 }} miw={0}>
                      <Text fw={600} size="sm">
                        {t`Trip #${c.id}`} · {c.origin.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(c.createAt)}
                      </Text>
                    </Stack>
                    <StatusBadge role="SUPPLIER" status={c.status} />
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} size="md">
              {t`Cancel`}
            </Button>
            <NetworkButton color="red" disabled={!picked} onClick={() => setConfirming(true)} size="md">
              {t`Delete`}
            </NetworkButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
