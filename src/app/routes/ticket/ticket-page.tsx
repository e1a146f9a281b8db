import { useLocation, useSearchParams } from 'react-router-dom';
import { isRole } from '../../../shared/domain/roles';
import { useAuth } from '../../features/auth/auth-context';
import { TicketDetail } from '../../features/tickets/components/ticket-detail';
import type { Ticket } from '../../features/tickets/types';
import { SEARCH_HOME } from '../../paths';

interface TicketState {
  ticket?: Ticket;
  ticketId?: number;
}

/** /dashboard/ticket and each area's /ticket: the ticket of `?id=` or of the navigation state. */
export function TicketPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? null) as TicketState | null;
  const role = user?.roles[0]?.name;
  if (!user || !isRole(role)) return null;
  const fromQuery = Number(params.get('id'));
  const fromState = state?.ticket?.id ?? state?.ticketId;
  const id = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : (fromState ?? null);
  return <TicketDetail key={id} id={id} initial={state?.ticket} role={role} user={user} listPath={SEARCH_HOME[role]} />;
}
