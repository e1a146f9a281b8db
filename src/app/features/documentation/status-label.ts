import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { displayStatus, statusColor, type DisplayStatus } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import type { TicketStatus } from '../../../shared/domain/ticket-status';

const LABELS: Record<DisplayStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  CONFIRMED: msg`Confirmed`,
  SUPPLIER_INVOICED: msg`Supplier invoiced`,
  TA_INVOICED: msg`TA invoiced`,
  MX_TRANSIT: msg`MX transit`,
  DELIVERED: msg`Delivered`,
  CANCELED: msg`Canceled`,
  INVOICED: msg`Invoiced`,
  TRANSIT: msg`Transit`,
  AWAITING: msg`Awaiting`,
  RELEASED: msg`Released`,
};

/** A stored status as the role's screens name it, translated, with its badge colour. */
export function useStatusLabel(role: Role) {
  const { i18n } = useLingui();
  return useCallback(
    (status: TicketStatus) => ({
      label: i18n._(LABELS[displayStatus(role, status)]),
      color: statusColor(role, status),
    }),
    [i18n, role],
  );
}
