/**
 * Shows its children only when the user may do something: hold a permission (`permission`), or take one
 * of `action` on a ticket now (asked of the shared availableActions, which the server's decide() backs).
 * Screens wrap role- or status-dependent controls in it instead of testing roles and statuses themselves.
 */
import type { ReactNode } from 'react';
import {
  availableActions,
  type ActionTicket,
  type ActionUser,
  type AvailableAction,
} from '../../shared/domain/available-actions';
import { can, type Permission } from '../../shared/domain/permissions';

export type CanRule =
  | { permission: Permission; ticket?: never; action?: never }
  | { ticket: ActionTicket; action: AvailableAction | readonly AvailableAction[]; permission?: never };

export type CanProps = CanRule & {
  user: ActionUser | null | undefined;
  children: ReactNode;
  /** Shown instead when the user may not (nothing by default). */
  fallback?: ReactNode;
};

/** Whether `user` passes `rule`; for the few places that need the answer itself (a disabled state). */
export function allows(user: ActionUser | null | undefined, rule: CanRule): boolean {
  if (!user) return false;
  if (rule.permission !== undefined) return can(user.roles, rule.permission);
  const wanted: readonly AvailableAction[] = typeof rule.action === 'string' ? [rule.action] : rule.action;
  const actions = availableActions(rule.ticket, user);
  return wanted.some((action) => actions.includes(action));
}

export function Can({ user, children, fallback = null, ...rule }: CanProps) {
  return <>{allows(user, rule as CanRule) ? children : fallback}</>;
}
