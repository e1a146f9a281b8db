/**
 * The ticket page's Delete (owning supplier, PENDING or CONFIRMED): offered only on the ticket the shared
 * delete rule offers for its yard, as the bottom bar's picker does; on another ticket of the yard the
 * page names the trip that can be deleted instead. The server enforces the same rule (409).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NetworkButton } from '../../../components/network-button';
import { useMessageTranslator } from '../../../lib/messages';
import { serverMessage } from '../../../lib/server-message';
import { useDeleteTicket } from '../api/delete-ticket';
import { deletableInstead, useDeleteCandidates } from '../api/get-delete-candidates';
import { toastError, toastSuccess } from '../toasts';
import type { Ticket } from '../types';

/** The toast text of a refused delete: the trip of the yard that can be deleted, when the server named it. */
export function useDeleteRefusal(): (error: unknown) => string {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  return (error) => {
    const instead = deletableInstead(error);
    return instead === null
      ? serverMessage(error, tm, '')
      : t`Only trip #${instead}, the newest open request of this yard, can be deleted now.`;
  };
}

export function DeleteTicketButton({ ticket, listPath }: { ticket: Ticket; listPath: string }) {
  const { t } = useLingui();
  const refusal = useDeleteRefusal();
  const navigate = useNavigate();
  const remove = useDeleteTicket();
  const { open, candidates } = useDeleteCandidates(true);
  const [opened, setOpened] = useState(false);
  // Until the supplier's open tickets are known (or when they cannot be read) the button stays: the
  // server decides, and its refusal names the trip to delete instead.
  const offered = open.data ? candidates.find((c) => c.origin.id === ticket.origin.id) : undefined;
  if (offered && offered.id !== ticket.id) {
    const instead = offered.id;
    return (
      <Text size="sm" c="dimmed" maw={360} data-testid="delete-not-offered">
        {t`Only trip #${instead}, the newest open request of this yard, can be deleted now.`}
      </Text>
    );
  }
  const run = async () => {
    try {
      await remove.mutateAsync(ticket.id);
      toastSuccess(t`Ticket deleted. ID: ${ticket.id}`);
      void navigate(listPath);
    } catch (error) {
      toastError(refusal(error), t`The ticket could not be deleted`);
      setOpened(false);
    }
  };
  return (
    <>
      <NetworkButton
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconTrash size={16} />}
        onClick={() => setOpened(true)}
      >
        {t`Delete`}
      </NetworkButton>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Delete request`} centered>
        <Stack gap="md">
          <Text size="sm">{t`Delete trip #${ticket.id} from ${ticket.origin.name}? The carrier's offer is withdrawn. This cannot be undone.`}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t`Back`}
            </Button>
            <NetworkButton color="red" loading={remove.isPending} onClick={() => void run()}>
              {t`Delete trip #${ticket.id}`}
            </NetworkButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
