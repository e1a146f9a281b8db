/**
 * One ticket (the /ticket pages): its data, its offer history and what the role may
 * do with it now. The ticket comes from navigation state for an instant first paint and is then read
 * fresh from GET /tickets/{id}.
 */
import {
  Anchor,
  Card,
  Divider,
  EmptyState,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconArrowLeft, IconMapPin, IconTicketOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { Can } from '../../../components/can';
import { NotOnDevice, isNetworkFailure, unavailableReason } from '../../../components/not-on-device';
import { StatusBadge } from '../../../components/status-badge';
import { isApiError } from '../../../lib/api-client';
import { TICKET_TOASTS } from '../../../lib/messages';
import { useTicket } from '../../../lib/lookups';
import { formatDateTime, invoiceNumberOf } from '../ticket-format';
import type { Ticket } from '../types';
import { CarrierCell } from './carrier-cell';
import { DestinationNetWeight } from './destination-cell';
import { DeleteTicketButton } from './delete-ticket-button';
import { OfferHistory } from './offer-history';
import { TicketActions } from './ticket-actions';
import { LazyTicketDialogs as TicketDialogs, type OpenDialog } from './lazy-ticket-dialogs';
import { useErrorToast } from './use-error-toast';
import { LabelledValue } from '../../../components/labelled-value';
import { InvoiceNumber } from '../../../components/invoice-number';

export interface TicketDetailProps {
  id: number | null;
  initial?: Ticket | undefined;
  role: Role;
  user: User;
  /** The role's list, for the back link and after a delete. */
  listPath: string;
}

export function TicketDetail({ id, initial, role, user, listPath }: TicketDetailProps) {
  const { t } = useLingui();
  const query = useTicket(id);
  const missing = isApiError(query.error, 404);
  useErrorToast(query.isError && !missing && !isNetworkFailure(query.error), TICKET_TOASTS.ticketError);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const ticket = query.data ?? (initial && initial.id === id ? initial : undefined);

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t`Back to the list`}
      </Group>
    </Anchor>
  );

  if (id === null || missing) {
    return (
      <Stack gap="md">
        {back}
        <Card withBorder radius="lg" py={48}>
          <EmptyState
            icon={<IconTicketOff size={30} stroke={1.5} />}
            variant="light"
            title={id === null ? t`No ticket selected` : t`Ticket not found`}
            description={t`Open a ticket from a list to see its details here.`}
          />
        </Card>
      </Stack>
    );
  }
  const unavailable = ticket ? null : unavailableReason(query);
  if (unavailable) {
    return (
      <Stack gap="md">
        {back}
        <NotOnDevice
          reason={unavailable}
          subject="ticket"
          onRetry={() => void query.refetch()}
          retrying={query.fetchStatus === 'fetching'}
        />
      </Stack>
    );
  }
  if (!ticket) {
    return (
      <Stack gap="md" data-testid="ticket-loading">
        {back}
        <Skeleton h={36} w={220} />
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  }

  const [longitude, latitude] = ticket.origin.location.coordinates;
  const status = ticket.status.name;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm">
          <Title order={1} fz={{ base: 22, md: 26 }}>
            {t`Trip #${ticket.id}`}
          </Title>
          <StatusBadge role={role} status={status} size="lg" />
        </Group>
        <Group gap="xs">
          <TicketActions
            ticket={ticket}
            user={user}
            fullLabels
            onAction={(kind, one) => setDialog({ kind, ticket: one })}
          />
          <Can user={user} ticket={ticket} action="delete">
            <DeleteTicketButton ticket={ticket} listPath={listPath} />
          </Can>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="lg">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <LabelledValue label={t`Created`}>{formatDateTime(ticket.createAt)}</LabelledValue>
              <LabelledValue label={t`Supplier`}>{ticket.supplier.businessName}</LabelledValue>
              <LabelledValue label={t`Origin yard`}>
                {ticket.origin.name}
                <Text size="xs" c="dimmed">
                  {ticket.origin.address}, {ticket.origin.city}
                </Text>
                <Anchor
                  href={`https://www.google.com/maps?q=${latitude},${longitude}`}
                  target="_blank"
                  rel="noreferrer"
                  size="xs"
                >
                  <Group gap={2}>
                    <IconMapPin size={12} />
                    {t`Open in maps`}
                  </Group>
                </Anchor>
              </LabelledValue>
              <LabelledValue label={t`Carrier`}>
                <CarrierCell ticket={ticket} />
              </LabelledValue>
              <LabelledValue label={t`Destination`}>{ticket.destination?.name ?? '—'}</LabelledValue>
              <LabelledValue label={t`Net weight at destination scale`}>
                <DestinationNetWeight ticket={ticket} />
              </LabelledValue>
              <LabelledValue label={t`Withdrawal`}>
                {formatDateTime(ticket.withdrawalDate, { zone: true })}
              </LabelledValue>
              <LabelledValue label={t`Invoice #`}>
                <InvoiceNumber>{invoiceNumberOf(ticket) ?? '—'}</InvoiceNumber>
              </LabelledValue>
              <LabelledValue label={t`TA invoice #`}>
                <InvoiceNumber>{ticket.invoice?.number ?? '—'}</InvoiceNumber>
              </LabelledValue>
              <LabelledValue label={t`Equipment ID`}>
                {ticket.truckDocumentation?.carEquipment ?? ticket.railcarDocumentation?.carEquipment ?? '—'}
              </LabelledValue>
              {ticket.rpa && <LabelledValue label={t`RPA`}>{`#${ticket.rpa.id}`}</LabelledValue>}
            </SimpleGrid>
            {ticket.comments && (
              <>
                <Divider my="md" />
                <LabelledValue label={t`Comments`}>{ticket.comments}</LabelledValue>
              </>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="md" mb="md">
              {t`Offer history`}
            </Title>
            <OfferHistory assignments={ticket.ticketAssignments} />
          </Card>
        </Grid.Col>
      </Grid>
      <TicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
