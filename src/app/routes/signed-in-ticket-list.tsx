/**
 * A ticket list screen of the signed-in user: every list route is the same list with its own
 * configuration and texts, so each route names only those. The admin screens serve ADMIN and the
 * read-only ADMINRO alike; `adminConfig` picks the role the list renders its actions for.
 */
import type { User } from '../../shared/schemas/user';
import { useAuth } from '../features/auth/auth-context';
import { TicketList, type TicketListProps } from '../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../features/tickets/list-params';

export interface SignedInTicketListProps extends Omit<TicketListProps, 'user' | 'config'> {
  config: TicketListConfig | ((user: User) => TicketListConfig);
}

export function SignedInTicketList({ config, ...props }: SignedInTicketListProps) {
  const { user } = useAuth();
  if (!user) return null;
  return <TicketList {...props} user={user} config={typeof config === 'function' ? config(user) : config} />;
}

/** An admin list's configuration for the user's own admin role (ADMINRO sees it without write actions). */
export function adminConfig(config: Omit<TicketListConfig, 'role'>): (user: User) => TicketListConfig {
  return (user) => ({ ...config, role: user.roles[0]?.name === 'ADMINRO' ? 'ADMINRO' : 'ADMIN' });
}
