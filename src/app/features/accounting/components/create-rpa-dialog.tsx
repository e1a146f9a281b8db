/**
 * Confirms closing the open accounting period: it shows the period and the invoices it will hold,
 * sends the period the user saw, and answers with the spec's toasts ('RPA created successfully with ID',
 * 'No invoices to generate RPA', 'Error retrieving data').
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { RPA_MSG, type RpaView } from '../../../../shared/schemas/rpa';
import { isApiError } from '../../../lib/api-client';
import { useMessageTranslator } from '../../../lib/messages';
import { useCreateRpa } from '../api/create-rpa';
import { formatRpaDate } from '../rpa-format';
import { NetworkButton } from '../../../components/network-button';

export interface CreateRpaDialogProps {
  open: RpaView | null;
  onClose: () => void;
}

export function CreateRpaDialog({ open, onClose }: CreateRpaDialogProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const create = useCreateRpa();

  const submit = async () => {
    if (!open) return;
    if (open.invoiceQty < 1) {
      notifications.show({ color: 'orange', message: tm(RPA_MSG.empty) });
      onClose();
      return;
    }
    try {
      const { rpa } = await create.mutateAsync({ from: open.from, to: 'NOW', invoiceQty: open.invoiceQty });
      notifications.show({ color: 'green', message: `${tm(RPA_MSG.created)} ${rpa.id}` });
      onClose();
    } catch (error) {
      const known = isApiError(error) && (error.status === 422 || error.status === 409) && error.body?.message;
      notifications.show({ color: 'red', message: known ? tm(known) : tm(RPA_MSG.error) });
      onClose();
    }
  };

  return (
    <Modal opened={open !== null} onClose={onClose} title={t`Create RPA`} centered>
      {open && (
        <Stack gap="md">
          <Text size="sm">{t`The open period closes now and becomes a new RPA with its provider invoices. Their invoice fields are locked afterwards.`}</Text>
          <Stack gap={4}>
            <Text size="sm">
              <Text span c="dimmed">
                {t`From`}:{' '}
              </Text>
              {formatRpaDate(open.from)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t`To`}:{' '}
              </Text>
              {t`Now`}
            </Text>
            <Text size="sm" fw={600} data-testid="create-rpa-count">
              {t`Invoices: ${open.invoiceQty}`}
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <NetworkButton onClick={() => void submit()} loading={create.isPending}>
              {t`Create RPA`}
            </NetworkButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
