import { useLingui } from '@lingui/react/macro';
import { TICKET_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useDeclineTicket } from '../api/decline-ticket';
import type { TicketDialogProps } from './accept-ticket-dialog';
import { ReasonDialog } from './reason-dialog';

/** The carrier gives back a confirmed ticket; a reason is required. */
export function DeclineTicketDialog({ ticket, onClose }: TicketDialogProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const decline = useDeclineTicket();
  return (
    <ReasonDialog
      kind="decline"
      ticket={ticket}
      send={decline.mutateAsync}
      sending={decline.isPending}
      onClose={onClose}
      texts={{
        title: t`Decline trip #${ticket.id}`,
        explanation: t`The ticket will be offered to another carrier. Tell the supplier and the planners why.`,
        placeholder: t`E.g. no truck available that day`,
        confirm: t`Decline`,
        done: t`Trip ID ${ticket.id} declined. It goes back to the allocation.`,
        failed: tm(TICKET_TOASTS.declineError),
      }}
    />
  );
}
