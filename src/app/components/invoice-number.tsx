/**
 * Invoice numbers as the ticket lists show them. People read them aloud and type them back (a dispatcher
 * on the phone, a clerk checking paper), so a number is never broken across lines: 'INV-MW-' on one line
 * and '70116' on the next reads as two numbers. A number wider than its room scrolls sideways instead.
 */
import { Mark, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Role } from '../../shared/domain/roles';
import type { TicketView } from '../../shared/schemas/ticket-view';
import classes from './invoice-number.module.css';

/** Who sees the provider (TA) invoice number in the ticket lists: the admins, who add and check it. */
export const showsTaInvoice = (role: Role): boolean => role === 'ADMIN' || role === 'ADMINRO';

/**
 * Props for the element that holds a number: it becomes a scroll container (and a keyboard stop, so a
 * keyboard user can scroll it too) only while its number is wider than its room. An always-scrollable
 * box that a rounding pixel made overflow was a scroll region no keyboard could reach (axe, serious).
 */
export function useSidewaysScroll<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  'data-scrolls'?: true;
  tabIndex?: 0;
} {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A pixel of rounding is not a number cut short.
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return scrolls ? { ref, 'data-scrolls': true, tabIndex: 0 } : { ref };
}

export function InvoiceNumber({ children }: { children: ReactNode }) {
  const scroll = useSidewaysScroll<HTMLSpanElement>();
  return (
    <span className={classes.number} {...scroll}>
      {children}
    </span>
  );
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
  const scroll = useSidewaysScroll<HTMLElement>();
  const text = withPrefix ? t`TA ${invoice.number}` : invoice.number;
  return (
    <Text
      component="div"
      size={withPrefix ? 'xs' : 'sm'}
      c={rejected ? 'red' : withPrefix ? 'dimmed' : undefined}
      fw={rejected ? 700 : 400}
      data-sap-status={invoice.sapValidationStatus}
    >
      {rejected ? (
        <Mark color="red" px={4} title={t`Rejected by the ERP`} className={classes.number} {...scroll}>
          {text}
        </Mark>
      ) : (
        <InvoiceNumber>{text}</InvoiceNumber>
      )}
      {rejected && sayRejected && (
        <Text component="div" size="xs" c="red" fw={600}>
          {t`Rejected by the ERP`}
        </Text>
      )}
    </Text>
  );
}
