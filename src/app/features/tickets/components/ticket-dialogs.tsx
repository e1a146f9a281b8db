import type { Ticket } from '../types';
import { AcceptTicketDialog } from './accept-ticket-dialog';
import { ChangeCarrierDialog } from './change-carrier-dialog';
import { DeclineTicketDialog } from './decline-ticket-dialog';
import { PassOfferDialog } from './pass-offer-dialog';
import type { TicketDialogKind } from './ticket-actions';

export interface OpenDialog {
  kind: TicketDialogKind;
  ticket: Ticket;
}

/** The dialog of the action chosen on a row, card or ticket page; mounted only while open. */
export function TicketDialogs({ dialog, onClose }: { dialog: OpenDialog | null; onClose: () => void }) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'accept':
      return <AcceptTicketDialog key={dialog.ticket.id} ticket={dialog.ticket} onClose={onClose} />;
    case 'pass':
      return <PassOfferDialog key={dialog.ticket.id} ticket={dialog.ticket} onClose={onClose} />;
    case 'decline':
      return <DeclineTicketDialog key={dialog.ticket.id} ticket={dialog.ticket} onClose={onClose} />;
    case 'change-carrier':
      return <ChangeCarrierDialog key={dialog.ticket.id} ticket={dialog.ticket} onClose={onClose} />;
  }
}
