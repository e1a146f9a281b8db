/**
 * The customs detail's controls: opening the page marks an unread ticket read, a labelled mark button
 * turns it back to unread (or read again), and 'Release' moves a TA_INVOICED ticket to MX_TRANSIT after
 * a confirm.
 */
import { Group, Modal, Text, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconMail, IconMailOpened, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { AvailableAction } from '../../../../shared/domain/available-actions';
import { useMessageTranslator } from '../../../lib/messages';
import { toastNotKept } from '../../../offline/outbox-messages';
import { useUpdateCustomsTicket } from '../api/update-customs-ticket';
import { DialogActions } from '../../../components/dialog-actions';
import { NetworkButton } from '../../../components/network-button';
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
  // The read flag and the release are two mutations: a flag sent while the release waits for its answer
  // (the flag set on opening, or a tap) would otherwise replace it, and the release's own answer (the
  // dialog closing, the toast) would never be shown.
  const flagging = useUpdateCustomsTicket(ticketId);
  const releasing = useUpdateCustomsTicket(ticketId);
  const [read, setRead] = useState(customsRead);
  const [confirming, setConfirming] = useState(false);
  // Only a ticket unread when the page opened is marked read, once. After "Mark as unread" the ticket is
  // fetched again and comes back unread: marking it read then would undo the user's own choice at once.
  const markOnOpening = useRef(!customsRead);

  // The read flag goes through the outbox: offline it is queued (and counted in the header); a device
  // without room for it, or a refusal, is said here instead of failing silently.
  const flagFailed = (error: Error) => {
    if (!toastNotKept(i18n, error))
      notifications.show({
        color: 'red',
        title: t`Trip ID ${ticketId}`,
        message: serverMessage(error, tm, tm(error.message)),
      });
  };

  useEffect(() => {
    if (!markOnOpening.current) return;
    markOnOpening.current = false;
    flagging.mutate({ customsRead: true }, { onSuccess: () => setRead(true), onError: flagFailed });
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The flag as the server says it now (a refetch, a change in another tab) replaces the local one.
  const [served, setServed] = useState(customsRead);
  if (served !== customsRead) {
    setServed(customsRead);
    setRead(customsRead);
  }

  const toggle = () =>
    flagging.mutate({ customsRead: !read }, { onSuccess: () => setRead(!read), onError: flagFailed });
  const release = () =>
    releasing.mutate(
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
        {/* The icon alone did not say what it does: the button names the change it makes. */}
        <Button
          variant="light"
          leftSection={read ? <IconMail size={16} /> : <IconMailOpened size={16} />}
          onClick={toggle}
        >
          {read ? t`Mark as unread` : t`Mark as read`}
        </Button>
        {canRelease && (
          <NetworkButton
            leftSection={<IconTruckDelivery size={16} />}
            disabled={!actions.includes('release')}
            onClick={() => setConfirming(true)}
          >
            {t`Release`}
          </NetworkButton>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Release trip ${ticketId}?`} centered>
        <Text size="sm">{t`The load crosses the border and the ticket moves to MX transit.`}</Text>
        <DialogActions
          needsNetwork
          backText={t`Back`}
          onBack={() => setConfirming(false)}
          confirmText={t`Release`}
          loading={releasing.isPending}
          onConfirm={release}
          mt="lg"
        />
      </Modal>
    </>
  );
}
