/**
 * What a role may do with one ticket now (spec sections 2, 4 and 6), as buttons and links: the carrier
 * accepts an offer or declines a confirmed ticket, the admin changes the carrier of a pending or confirmed
 * ticket (not ADMINRO), the supplier opens the documentation of a ticket past CONFIRMED, the admin and
 * customs open their detail pages.
 */
import { Badge, Button, Group, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconArrowsExchange, IconCheck, IconCloudUpload, IconFileText, IconTrain, IconTruck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { can } from '../../../../shared/domain/permissions';
import { hasDocumentation, isAdminTicketPageAllowed, isCustomsDetailAllowed } from '../../../../shared/domain/role-views';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { useOutboxItems } from '../../../offline/use-outbox';
import { customsPredocPath, taInvoicePath } from '../../../paths';
import { documentationPath, openOffer } from '../ticket-format';
import type { Ticket } from '../types';

export type TicketDialogKind = 'accept' | 'decline' | 'change-carrier';

export interface TicketActionsProps {
  ticket: Ticket;
  role: Role;
  user: User;
  onAction: (kind: TicketDialogKind, ticket: Ticket) => void;
  /** Phones: full-width, taller buttons. */
  large?: boolean;
  /** Full button texts even at the small size (the ticket page). */
  fullLabels?: boolean;
}

export function availableActions(ticket: Ticket, role: Role, user: User): TicketDialogKind[] {
  const status = ticket.status.name;
  const kinds: TicketDialogKind[] = [];
  if (role === 'CARRIER') {
    const mine = user.userDetail.carrier?.id;
    const offer = openOffer(ticket);
    if (status === 'PENDING' && offer && (mine === undefined || offer.carrier.id === mine) && can(user.roles, 'ticket:confirm')) {
      kinds.push('accept');
    }
    const confirmed = ticket.ticketAssignments.some((a) => a.status.name === 'CONFIRMED' && (mine === undefined || a.carrier.id === mine));
    if (status === 'CONFIRMED' && confirmed && can(user.roles, 'ticket:decline')) kinds.push('decline');
  }
  if ((role === 'ADMIN' || role === 'ADMINRO') && (status === 'PENDING' || status === 'CONFIRMED') && can(user.roles, 'ticket:manual')) {
    kinds.push('change-carrier');
  }
  return kinds;
}

type LinkKind = 'truck-docs' | 'railcar-docs' | 'ta-invoice' | 'review';

function actionLink(ticket: Ticket, role: Role): { to: string; kind: LinkKind } | null {
  const status = ticket.status.name;
  if (role === 'SUPPLIER' && hasDocumentation(status)) {
    return { to: documentationPath(ticket), kind: ticket.carrier?.mode === 'RAILCAR' ? 'railcar-docs' : 'truck-docs' };
  }
  if ((role === 'ADMIN' || role === 'ADMINRO') && isAdminTicketPageAllowed(status)) {
    return { to: taInvoicePath(ticket.id), kind: 'ta-invoice' };
  }
  if (role === 'CUSTOMS' && isCustomsDetailAllowed(status)) return { to: customsPredocPath(ticket.id), kind: 'review' };
  return null;
}

/** Whether the role has anything to do with the ticket (cards leave out an empty action row). */
export function hasTicketActions(ticket: Ticket, role: Role, user: User): boolean {
  return (
    availableActions(ticket, role, user).length > 0 ||
    actionLink(ticket, role) !== null
  );
}

export function TicketActions({ ticket, role, user, onAction, large = false, fullLabels = false }: TicketActionsProps) {
  const { t } = useLingui();
  const full = large || fullLabels;
  const size: ButtonProps['size'] = large ? 'md' : 'xs';
  const common = { size, fullWidth: large } as const;
  const kinds = availableActions(ticket, role, user);
  // An accept or decline already in the outbox (made offline): the card says so instead of offering it again.
  const answers = kinds.some((kind) => kind === 'accept' || kind === 'decline');
  const queued = useOutboxItems(answers ? user.id : null).find(
    (item) => item.ticketId === ticket.id && (item.kind === 'accept' || item.kind === 'decline'),
  );
  const shown = queued ? kinds.filter((kind) => kind !== 'accept' && kind !== 'decline') : kinds;
  const buttons = shown.map((kind) => {
    switch (kind) {
      case 'accept':
        return (
          <Button key={kind} {...common} leftSection={<IconCheck size={16} />} onClick={() => onAction(kind, ticket)}>
            {t`Accept`}
          </Button>
        );
      case 'decline':
        return (
          <Button
            key={kind}
            {...common}
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => onAction(kind, ticket)}
          >
            {t`Decline`}
          </Button>
        );
      case 'change-carrier':
        return (
          <Button
            key={kind}
            {...common}
            variant="light"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={() => onAction(kind, ticket)}
            title={t`Change carrier`}
            aria-label={t`Change carrier`}
          >
            {full ? t`Change carrier` : t`Reassign`}
          </Button>
        );
    }
  });

  if (queued) {
    const refused = queued.state === 'refused';
    buttons.unshift(
      <Badge
        key="queued"
        size="lg"
        variant="light"
        color={refused ? 'red' : 'orange'}
        leftSection={refused ? <IconAlertTriangle size={14} /> : <IconCloudUpload size={14} />}
        data-testid="queued-answer"
        styles={{ label: { whiteSpace: 'normal' } }}
        h="auto"
        py={4}
      >
        {refused
          ? t`Refused by the server: see the outbox`
          : queued.kind === 'accept'
            ? t`Accept waiting to be sent`
            : t`Decline waiting to be sent`}
      </Badge>,
    );
  }

  const link = actionLink(ticket, role);
  if (link) {
    const titles: Record<LinkKind, string> = {
      'truck-docs': t`Truck documentation`,
      'railcar-docs': t`Railcar documentation`,
      'ta-invoice': t`TA invoice`,
      review: t`Review`,
    };
    const title = titles[link.kind];
    // In the table the documentation button says 'Documents' and its icon tells truck from railcar.
    const label = link.kind === 'truck-docs' || link.kind === 'railcar-docs' ? t`Documents` : title;
    const Icon = link.kind === 'railcar-docs' ? IconTrain : link.kind === 'truck-docs' ? IconTruck : IconFileText;
    buttons.push(
      <Button
        key="link"
        {...common}
        variant="default"
        component={Link}
        to={link.to}
        state={{ ticket }}
        title={title}
        aria-label={title}
        leftSection={<Icon size={16} />}
      >
        {full ? title : label}
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" grow={large}>
      {buttons}
    </Group>
  );
}
