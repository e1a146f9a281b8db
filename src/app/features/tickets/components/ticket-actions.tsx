/**
 * What a role may do with one ticket now (spec sections 2, 4 and 6), as buttons and links: the carrier
 * accepts an offer or declines a confirmed ticket, the admin changes the carrier of a pending or confirmed
 * ticket (not ADMINRO), the supplier opens the documentation of a ticket past CONFIRMED, the admin and
 * customs open their detail pages.
 */
import { Button, Group, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconArrowsExchange, IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { can } from '../../../../shared/domain/permissions';
import { hasDocumentation, isAdminTicketPageAllowed, isCustomsDetailAllowed } from '../../../../shared/domain/role-views';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
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

export function TicketActions({ ticket, role, user, onAction, large = false }: TicketActionsProps) {
  const { t } = useLingui();
  const status = ticket.status.name;
  const size: ButtonProps['size'] = large ? 'md' : 'xs';
  const common = { size, fullWidth: large } as const;
  const buttons = availableActions(ticket, role, user).map((kind) => {
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
          >
            {t`Change carrier`}
          </Button>
        );
    }
  });

  let link: { to: string; label: string } | null = null;
  if (role === 'SUPPLIER' && hasDocumentation(status)) {
    link = {
      to: documentationPath(ticket),
      label: ticket.carrier?.mode === 'RAILCAR' ? t`Railcar documentation` : t`Truck documentation`,
    };
  } else if ((role === 'ADMIN' || role === 'ADMINRO') && isAdminTicketPageAllowed(status)) {
    link = { to: taInvoicePath(ticket.id), label: t`TA invoice` };
  } else if (role === 'CUSTOMS' && isCustomsDetailAllowed(status)) {
    link = { to: customsPredocPath(ticket.id), label: t`Review` };
  }
  if (link) {
    buttons.push(
      <Button
        key="link"
        {...common}
        variant="default"
        component={Link}
        to={link.to}
        state={{ ticket }}
        leftSection={<IconFileText size={16} />}
      >
        {link.label}
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Group gap="xs" wrap={large ? 'nowrap' : 'wrap'} grow={large}>
      {buttons}
    </Group>
  );
}
