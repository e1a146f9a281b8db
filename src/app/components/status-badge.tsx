import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge, type BadgeProps } from '@mantine/core';
import { useCallback } from 'react';
import { STATUS_COLORS, displayStatus, type DisplayStatus } from '../../shared/domain/role-views';
import type { Role } from '../../shared/domain/roles';
import type { TicketStatus } from '../../shared/domain/ticket-status';

const STATUS_LABELS: Readonly<Record<DisplayStatus, MessageDescriptor>> = {
  PENDING: msg({ message: 'Pending', context: 'ticket status' }),
  CONFIRMED: msg({ message: 'Confirmed', context: 'ticket status' }),
  SUPPLIER_INVOICED: msg({ message: 'Supplier invoiced', context: 'ticket status' }),
  TA_INVOICED: msg({ message: 'TA invoiced', context: 'ticket status' }),
  MX_TRANSIT: msg({ message: 'MX transit', context: 'ticket status' }),
  DELIVERED: msg({ message: 'Delivered', context: 'ticket status' }),
  CANCELED: msg({ message: 'Canceled', context: 'ticket status' }),
  INVOICED: msg({ message: 'Invoiced', context: 'ticket status' }),
  TRANSIT: msg({ message: 'Transit', context: 'ticket status' }),
  AWAITING: msg({ message: 'Awaiting', context: 'ticket status' }),
  RELEASED: msg({ message: 'Released', context: 'ticket status' }),
};

/** The translated name of a display status (a stored status or a role alias). */
export function useStatusLabel(): (status: DisplayStatus) => string {
  const { i18n } = useLingui();
  return useCallback((status: DisplayStatus) => i18n._(STATUS_LABELS[status]), [i18n]);
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  role: Role;
  status: TicketStatus;
}

/** A ticket's status as the role sees it: INVOICED for suppliers, CANCELED in red... */
export function StatusBadge({ role, status, ...props }: StatusBadgeProps) {
  const label = useStatusLabel();
  const shown = displayStatus(role, status);
  return (
    <Badge variant="light" radius="sm" color={STATUS_COLORS[shown]} data-status={shown} miw="max-content" {...props}>
      {label(shown)}
    </Badge>
  );
}
