/**
 * The supplier's home opens on its work: confirmed tickets waiting for its documentation (each with
 * the button that loads it), then what was refused: writes of its outbox the server refused, and
 * requests no carrier would take (PENDING with no open offer: every carrier offered it declined or let
 * the offer expire, or none could be offered it). decisions/0001-home-work-first.md says why these.
 */
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '../../../../shared/schemas/user';
import { whenFirstOpened } from '../../../components/when-first-opened';
import { itemTitle, refusalText } from '../../../offline/outbox-messages';
import { useOutboxItems } from '../../../offline/use-outbox';
import { PATHS } from '../../../paths';
import { isUnassigned } from '../ticket-format';
import type { Ticket } from '../types';
import { LazyTicketDialogs, type OpenDialog } from './lazy-ticket-dialogs';
import type { TicketDialogKind } from './ticket-actions';
import { WorkCard, WorkCards, WorkSection, useDayAndTime, useWorkList } from './work-section';

const OutboxDrawer = whenFirstOpened(() => import('../../../components/outbox-drawer').then((m) => m.OutboxDrawer));

export function SupplierWork({ user }: { user: User }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const onAction = (kind: TicketDialogKind, ticket: Ticket) => setDialog({ kind, ticket });
  const { t, i18n } = useLingui();
  const [outboxOpen, setOutboxOpen] = useState(false);
  const dayAndTime = useDayAndTime();
  const confirmed = useWorkList('supplierDocumentation');
  const pending = useWorkList('supplierPending');
  const outbox = useOutboxItems(user.id);
  const refusedItems = outbox.filter((item) => item.state === 'refused');
  // A documentation already waiting in the outbox is not counted as waiting for the user: its card stays,
  // saying it waits to be sent instead of offering to load it again (src/app/offline/decisions/0001).
  const queuedDocs = new Set(outbox.filter((item) => item.kind === 'documentation').map((item) => item.ticketId));
  const toDocument = confirmed.data?.tickets ?? [];
  const confirmedCount =
    confirmed.data && confirmed.data.count - toDocument.filter((ticket) => queuedDocs.has(ticket.id)).length;
  const unplaced = (pending.data?.tickets ?? []).filter(isUnassigned);

  const pickupText = (iso: string) => dayAndTime(new Date(iso));
  const card = (ticket: Ticket) => {
    const when = ticket.withdrawalDate ? pickupText(ticket.withdrawalDate) : null;
    return (
      <WorkCard
        key={ticket.id}
        ticket={ticket}
        role="SUPPLIER"
        user={user}
        onAction={onAction}
        note={
          <Text size="sm">
            {ticket.carrier?.businessName ?? '—'}
            {when && ` · ${t`Pickup ${when}`}`}
          </Text>
        }
      />
    );
  };

  return (
    <Stack gap="md" mb="xl" data-testid="supplier-work">
      <WorkSection
        title={t`Waiting for your documentation`}
        count={confirmedCount}
        loading={confirmed.isPending}
        notOnDevice={confirmed.notOnDevice}
        empty={t`No confirmed request is waiting for documentation.`}
        testId="work-documentation"
        more={
          (confirmed.data?.count ?? 0) > (confirmed.data?.tickets.length ?? 0)
            ? { to: `${PATHS.suppliers.root}?status=CONFIRMED`, label: t`See all confirmed requests` }
            : undefined
        }
      >
        <WorkCards>{toDocument.map(card)}</WorkCards>
      </WorkSection>
      <WorkSection
        // The section's title: what was refused, plural in Spanish (the outbox's badge is one item).
        title={t({ message: 'Refused', context: 'home section' })}
        count={refusedItems.length + unplaced.length}
        loading={pending.isPending}
        notOnDevice={pending.notOnDevice && refusedItems.length === 0}
        empty={t`Nothing was refused.`}
        testId="work-refused"
      >
        {refusedItems.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t`The server refused what you sent`}
            data-testid="work-refused-outbox"
          >
            <Stack gap={6}>
              {refusedItems.map((item) => (
                <Text key={item.id} size="sm">
                  <Text span fw={700} size="sm">
                    {itemTitle(i18n, item)}
                  </Text>
                  {': '}
                  {refusalText(i18n, item.lastError, item.lastCode)}
                </Text>
              ))}
              <Button
                size="sm"
                variant="white"
                color="red"
                leftSection={<IconCloudUpload size={16} />}
                onClick={() => setOutboxOpen(true)}
                w="fit-content"
              >
                {t`Fix or discard in the outbox`}
              </Button>
            </Stack>
          </Alert>
        )}
        {unplaced.length > 0 && (
          <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-orange-light)">
            <Text size="sm" fw={700} mb={6}>
              {t`No carrier took these requests`}
            </Text>
            <Text size="sm" mb="sm">
              {t`Every carrier offered them declined or let the offer expire. An administrator can assign a carrier by hand; you may also delete the request.`}
            </Text>
            <WorkCards>
              {unplaced.map((ticket) => (
                <WorkCard key={ticket.id} ticket={ticket} role="SUPPLIER" user={user} onAction={onAction} noActions />
              ))}
            </WorkCards>
          </Card>
        )}
      </WorkSection>
      <OutboxDrawer opened={outboxOpen} onClose={() => setOutboxOpen(false)} userId={user.id} items={refusedItems} />
      <LazyTicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
