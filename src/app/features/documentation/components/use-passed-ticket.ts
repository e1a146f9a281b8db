/**
 * The ticket a documentation page was opened with (navigation state from a card, a ticket page or the
 * outbox): a confirmed ticket the user may document is loaded (picked in a new documentation); any other
 * passed ticket already has documentation, which the form then edits.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { mayDo } from '../../../../shared/domain/available-actions';
import type { User } from '../../../../shared/schemas/user';
import { PATHS } from '../../../paths';
import type { DocTicket } from '../types';

export interface PassedTicket {
  editTicket: DocTicket | null;
  ticketToLoad: DocTicket | null;
  /** Remounts the form when another ticket is passed. */
  formKey: string;
  supplierId: number | undefined;
  /** The signed-in user: what the form offers on the edited ticket is asked of availableActions for them. */
  user: User | null;
  /** Back to the supplier's list, replacing the form in the history. */
  onDone: () => void;
}

export function usePassedTicket(user: User | null): PassedTicket {
  const navigate = useNavigate();
  const state = useLocation().state as { ticket?: DocTicket } | null;
  const passed = state?.ticket ?? null;
  const ticketToLoad = passed && user && mayDo(passed, user, 'documentation-create') ? passed : null;
  const editTicket = ticketToLoad ? null : passed;
  return {
    editTicket,
    ticketToLoad,
    formKey: editTicket ? String(editTicket.id) : `new-${ticketToLoad?.id ?? ''}`,
    supplierId: user?.userDetail.supplier?.id,
    user,
    onDone: () => void navigate(PATHS.suppliers.root, { replace: true }),
  };
}
