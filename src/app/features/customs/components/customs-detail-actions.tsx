/**
 * The customs detail's controls: opening the page marks an unread ticket read, a mark
 * icon turns it back to unread, and 'Release' moves a TA_INVOICED ticket to MX_TRANSIT after a confirm.
 */
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconMail, IconMailOpened, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { toastOutOfSpace } from '../../../offline/outbox-messages';
import { OutOfSpaceError } from '../../../offline/storage';
import { useUpdateCustomsTicket } from '../api/update-customs-ticket';
import { DialogActions } from '../../../components/dialog-actions';
import { serverMessage } from '../../../lib/server-message';

export interface CustomsDetailActionsProps {
  ticketId: number;
  /** What the user may do with the ticket now (availableActions). */
  actions: readonly AvailableAction[];
  customsRead: boolean;
  /** The user's role releases tickets at all: the button shows, enabled while the ticket awaits release. */
  canRelease: boolean;
}

export function CustomsDetailActions({ ticketId, actions, customsRead, canRelease }: CustomsDetailActionsProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const update = useUpdateCustomsTicket(ticketId);
  const [read, setRead] = useState(customsRead);
  const [confirming, setConfirming] = useState(false);
  const marked = useRef(false);

  // The read flag goes through the outbox: offline it is queued (and counted in the header); a device
  // without room for it, or a refusal, is said here instead of failing silently.
  const flagFailed = (error: Error) => {
    if (error instanceof OutOfSpaceError) toastOutOfSpace(i18n);
    else
      notifications.show({
        color: 'red',
        title: t`Trip ID ${ticketId}`,
        message: serverMessage(error, tm, tm(error.message)),
      });
  };

  useEffect(() => {
    if (customsRead || marked.current) return;
    marked.current = true;
    update.mutate({ customsRead: true }, { onSuccess: () => setRead(true), onError: flagFailed });
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customsRead]);

  const toggle = () => update.mutate({ customsRead: !read }, { onSuccess: () => setRead(!read), onError: flagFailed });
  const release = () =>
    update.mutate(
      { status: 'MX_TRANSIT' },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            color: 'teal',
            title: t`Trip ID ${ticketId}`,
            message: t`Released: the ticket is in MX transit`,
          });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t`Trip ID ${ticketId}`,
            message: serverMessage(error, tm, tm(error.message)),
          }),
      },
    );

  return (
    <>
      <Group gap="sm">
        <Tooltip label={read ? t`Mark as unread` : t`Mark as read`}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={read ? t`Mark as unread` : t`Mark as read`}
            onClick={toggle}
            aria-pressed={read}
          >
            {read ? <IconMailOpened size={18} /> : <IconMail size={18} />}
          </ActionIcon>
        </Tooltip>
        {canRelease && (
          <Button
            leftSection={<IconTruckDelivery size={16} />}
            disabled={!actions.includes('release')}
            onClick={() => setConfirming(true)}
          >
            {t`Release`}
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Release trip ${ticketId}?`} centered>
        <Text size="sm">{t`The load crosses the border and the ticket moves to MX transit.`}</Text>
        <DialogActions
          backText={t`Back`}
          onBack={() => setConfirming(false)}
          confirmText={t`Release`}
          loading={update.isPending}
          onConfirm={release}
          mt="lg"
        />
      </Modal>
    </>
  );
}
