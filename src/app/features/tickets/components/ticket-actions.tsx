/**
 * What a user may do with one ticket now, as buttons and links, exactly as the shared availableActions
 * answers: the carrier accepts an offer or declines a confirmed ticket, the admin changes the carrier,
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
  IconTrain,
  IconTruck,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { availableActions, type AvailableAction } from '../../../../shared/domain/available-actions';
import type { User } from '../../../../shared/schemas/user';
import { useOutboxItems } from '../../../offline/use-outbox';
import { customsPredocPath, taInvoicePath } from '../../../paths';
import { documentationPath } from '../ticket-format';
import type { Ticket } from '../types';

export type TicketDialogKind = 'accept' | 'decline' | 'change-carrier';

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
  decline: 'decline',
  manual: 'change-carrier',
};

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

  const link = actionLink(ticket, actions);
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
  return (
    <Group gap="xs" wrap="nowrap" grow={large}>
      {buttons}
    </Group>
  );
}
