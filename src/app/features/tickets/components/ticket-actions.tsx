/**
 * What a user may do with one ticket now, as buttons and links, exactly as the shared availableActions
 * answers: the carrier accepts or passes on an offer or declines a confirmed ticket, the admin changes the carrier,
 * the supplier loads the documentation of a confirmed ticket (by its carrier's mode) or opens it once
 * documented, the admin and customs open their ticket pages.
 */
import { Badge, Button, Group, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCheck,
  IconCloudUpload,
  IconFileText,
  IconPlayerSkipForward,
  IconTrain,
  IconTruck,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { availableActions, type AvailableAction } from '../../../../shared/domain/available-actions';
import type { User } from '../../../../shared/schemas/user';
import { isQueuedDocumentation } from '../../../offline/outbox-types';
import { NetworkButton } from '../../../components/network-button';
import { useOutboxItems } from '../../../offline/use-outbox';
import { customsPredocPath, taInvoicePath } from '../../../paths';
import { documentationPath } from '../ticket-format';
import type { Ticket } from '../types';

export type TicketDialogKind = 'accept' | 'pass' | 'decline' | 'change-carrier';

export interface TicketActionsProps {
  ticket: Ticket;
  user: User;
  onAction: (kind: TicketDialogKind, ticket: Ticket) => void;
  /** Phones: full-width, taller buttons. */
  large?: boolean;
  /** Full button texts even at the small size (the ticket page). */
  fullLabels?: boolean;
}

/** The lifecycle actions that open a dialog of this screen. */
const DIALOGS: Partial<Record<AvailableAction, TicketDialogKind>> = {
  confirm: 'accept',
  pass: 'pass',
  decline: 'decline',
  manual: 'change-carrier',
};

/** The carrier's answers to an offer, which the outbox may hold while offline. */
const isAnswer = (kind: string): boolean => kind === 'accept' || kind === 'pass' || kind === 'decline';

function dialogKinds(actions: readonly AvailableAction[]): TicketDialogKind[] {
  return actions.flatMap((action) => {
    const kind = DIALOGS[action];
    return kind ? [kind] : [];
  });
}

type LinkKind = 'load-docs' | 'docs' | 'ta-invoice' | 'review';

/** The page the ticket's link opens; loading documentation comes first (a confirmed ticket has no other). */
function actionLink(ticket: Ticket, actions: readonly AvailableAction[]): { to: string; kind: LinkKind } | null {
  if (actions.includes('documentation-create')) return { to: documentationPath(ticket), kind: 'load-docs' };
  if (actions.includes('documentation-view')) return { to: documentationPath(ticket), kind: 'docs' };
  if (actions.includes('admin-page')) return { to: taInvoicePath(ticket.id), kind: 'ta-invoice' };
  if (actions.includes('customs-review')) return { to: customsPredocPath(ticket.id), kind: 'review' };
  return null;
}

/** Whether the user has anything to do with the ticket (cards leave out an empty action row). */
export function hasTicketActions(ticket: Ticket, user: User): boolean {
  const actions = availableActions(ticket, user);
  return dialogKinds(actions).length > 0 || actionLink(ticket, actions) !== null;
}

export function TicketActions({ ticket, user, onAction, large = false, fullLabels = false }: TicketActionsProps) {
  const { t } = useLingui();
  const full = large || fullLabels;
  const size: ButtonProps['size'] = large ? 'md' : 'xs';
  const common = { size, fullWidth: large } as const;
  const actions = availableActions(ticket, user);
  const kinds = dialogKinds(actions);
  // An answer (accept, decline, pass) or a ticket's first documentation already in the outbox (made
  // offline): the card and the row say so instead of offering it again, so it cannot be queued twice.
  const answers = kinds.some(isAnswer);
  const loadsDocs = actions.includes('documentation-create');
  const queued = useOutboxItems(answers || loadsDocs ? user.id : null).find(
    (item) => item.ticketId === ticket.id && (answers ? isAnswer(item.kind) : isQueuedDocumentation(item)),
  );
  const shown = queued ? kinds.filter((kind) => !isAnswer(kind)) : kinds;
  const buttons = shown.map((kind) => {
    switch (kind) {
      case 'accept':
        return (
          <Button key={kind} {...common} leftSection={<IconCheck size={16} />} onClick={() => onAction(kind, ticket)}>
            {t`Accept`}
          </Button>
        );
      case 'pass':
        return (
          <Button
            key={kind}
            {...common}
            variant="default"
            leftSection={<IconPlayerSkipForward size={16} />}
            onClick={() => onAction(kind, ticket)}
            title={t`Pass on the offer`}
            // Cards and rows share their width with Accept: the short text, the full one as the name.
            aria-label={fullLabels ? undefined : t`Pass on the offer`}
          >
            {fullLabels ? t`Pass on the offer` : t`Pass`}
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
          <NetworkButton
            key={kind}
            {...common}
            variant="light"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={() => onAction(kind, ticket)}
            title={t`Change carrier`}
          >
            {full ? t`Change carrier` : t`Reassign`}
          </NetworkButton>
        );
    }
  });

  if (queued) {
    const refused = queued.state === 'refused';
    const text = refused
      ? t`Refused by the server: see the outbox`
      : queued.kind === 'accept'
        ? t`Accept waiting to be sent`
        : queued.kind === 'decline'
          ? t`Decline waiting to be sent`
          : queued.kind === 'pass'
            ? t`Pass waiting to be sent`
            : t`Documentation waiting to be sent`;
    // A table row's actions column is narrow: a short text on one line there, the whole one as its title.
    const compact = !full;
    buttons.unshift(
      <Badge
        key="queued"
        size="lg"
        variant="light"
        color={refused ? 'red' : 'orange'}
        leftSection={refused ? <IconAlertTriangle size={14} /> : <IconCloudUpload size={14} />}
        data-testid="queued-answer"
        title={text}
        // Its label ellipsises by default, which in a column as wide as its content left one letter.
        styles={{
          root: { flexShrink: 0, overflow: 'visible' },
          label: { whiteSpace: compact ? 'nowrap' : 'normal', overflow: 'visible' },
        }}
        h="auto"
        py={4}
      >
        {compact ? (refused ? t`Refused` : t`Waiting to be sent`) : text}
      </Badge>,
    );
  }

  const link = queued?.kind === 'documentation' ? null : actionLink(ticket, actions);
  if (link) {
    const railcar = ticket.carrier?.mode === 'RAILCAR';
    const titles: Record<LinkKind, string> = {
      'load-docs': t`Load documentation`,
      docs: railcar ? t`Railcar documentation` : t`Truck documentation`,
      'ta-invoice': t`TA invoice`,
      review: t`Review`,
    };
    const title = titles[link.kind];
    // Short texts (the table): 'Load documentation' and 'Documents', the icon tells truck from railcar.
    const shortLabels: Record<LinkKind, string> = {
      'load-docs': t`Load documentation`,
      docs: t`Documents`,
      'ta-invoice': title,
      review: title,
    };
    const documentation = link.kind === 'load-docs' || link.kind === 'docs';
    const Icon = !documentation ? IconFileText : railcar ? IconTrain : IconTruck;
    buttons.push(
      <Button
        key="link"
        {...common}
        variant={link.kind === 'load-docs' ? 'filled' : 'default'}
        component={Link}
        to={link.to}
        state={{ ticket }}
        title={title}
        leftSection={<Icon size={16} />}
      >
        {full ? title : shortLabels[link.kind]}
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  // Large buttons (the home's work sections) share the row while their whole labels fit, and take a
  // line each when they do not ('Pass on the offer' beside 'Accept' on a 390 px phone was cut).
  return (
    <Group gap="xs" wrap={large ? 'wrap' : 'nowrap'} grow={large} preventGrowOverflow={!large}>
      {buttons}
    </Group>
  );
}
