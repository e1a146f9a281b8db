/**
 * Invoice numbers as the ticket lists show them. People read them aloud and type them back (a dispatcher
 * on the phone, a clerk checking paper), so a number is never broken across lines: 'INV-MW-' on one line
 * and '70116' on the next reads as two numbers. A number wider than its room scrolls sideways instead.
 */
import { Mark, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Role } from '../../shared/domain/roles';
import type { TicketView } from '../../shared/schemas/ticket-view';
import classes from './invoice-number.module.css';

/** Who sees the provider (TA) invoice number in the ticket lists: the admins, who add and check it. */
export const showsTaInvoice = (role: Role): boolean => role === 'ADMIN' || role === 'ADMINRO';

export function InvoiceNumber({ children }: { children: ReactNode }) {
  return <span className={classes.number}>{children}</span>;
}

export interface TaInvoiceNumberProps {
  invoice: NonNullable<TicketView['invoice']>;
  /** The table writes 'TA 1234' under the supplier's number; a card has its own 'TA invoice #' label. */
  withPrefix?: boolean;
  /** Say 'Rejected by the ERP' in words under a rejected number (a phone has no hover title). */
  sayRejected?: boolean;
}

/** The provider (TA) invoice number; one the ERP (SAP) rejected is highlighted in red. */
export function TaInvoiceNumber({ invoice, withPrefix = false, sayRejected = false }: TaInvoiceNumberProps) {
  const { t } = useLingui();
  const rejected = invoice.sapValidationStatus === 'rejected';
  const text = withPrefix ? t`TA ${invoice.number}` : invoice.number;
  return (
    <Text
      component="div"
      size={withPrefix ? 'xs' : 'sm'}
      c={rejected ? 'red.8' : withPrefix ? 'dimmed' : undefined}
      fw={rejected ? 700 : 400}
      data-sap-status={invoice.sapValidationStatus}
    >
      {rejected ? (
        <Mark color="red" px={4} title={t`Rejected by the ERP`} className={classes.number}>
          {text}
        </Mark>
      ) : (
        <InvoiceNumber>{text}</InvoiceNumber>
      )}
      {rejected && sayRejected && (
        <Text component="div" size="xs" c="red.8" fw={600}>
          {t`Rejected by the ERP`}
        </Text>
      )}
    </Text>
  );
}
