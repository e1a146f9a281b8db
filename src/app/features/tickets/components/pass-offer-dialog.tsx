import { useLingui } from '@lingui/react/macro';
import { usePassOffer } from '../api/pass-offer';
import type { TicketDialogProps } from './accept-ticket-dialog';
import { ReasonDialog } from './reason-dialog';

/**
 * The carrier passes on an offer it does not want (beyond the spec, DESIGN.md section 3): a reason is
 * required, and the ticket goes to the next carrier at once instead of waiting for the offer to expire.
 */
export function PassOfferDialog({ ticket, onClose }: TicketDialogProps) {
  const { t } = useLingui();
  const pass = usePassOffer();
  return (
    <ReasonDialog
      kind="pass"
      ticket={ticket}
      send={pass.mutateAsync}
      sending={pass.isPending}
      onClose={onClose}
      texts={{
        title: t`Pass on trip #${ticket.id}`,
        explanation: t`The offer goes to the next carrier right away and counts as not accepted in your service level. Tell the planners why.`,
        placeholder: t`E.g. no truck near that yard`,
        confirm: t`Pass on the offer`,
        done: t`You passed on trip ID ${ticket.id}. It is offered to the next carrier.`,
        failed: t`The offer could not be passed on`,
      }}
    />
  );
}
