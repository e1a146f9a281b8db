/**
 * Ticket detail links cross areas (customs area): a customs user opening an admin
 * ta-invoice path goes to the customs predoc of that ticket; an admin opening a customs documentation
 * path goes to the admin ta-invoice of that ticket.
 */
import type { User } from '../../shared/schemas/user';
import { customsPredocPath, taInvoicePath } from '../paths';

const ADMIN_TA_INVOICE = /^\/dashboard\/admin\/ta-invoice\/([^/]+)\/?$/;
const CUSTOMS_DETAIL = /^\/dashboard\/customs\/(?:predoc|truck-documentation|railcar-documentation)\/([^/]+)\/?$/;

export function crossAreaRedirect(pathname: string, roles: User['roles']): string | null {
  const first = roles[0]?.name;
  const customsMatch = first === 'CUSTOMS' ? ADMIN_TA_INVOICE.exec(pathname) : null;
  if (customsMatch?.[1]) return customsPredocPath(decodeURIComponent(customsMatch[1]));
  const adminMatch = first === 'ADMIN' || first === 'ADMINRO' ? CUSTOMS_DETAIL.exec(pathname) : null;
  if (adminMatch?.[1]) return taInvoicePath(decodeURIComponent(adminMatch[1]));
  return null;
}
