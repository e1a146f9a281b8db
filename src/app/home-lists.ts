/**
 * The ticket list each home path shows first, and whose home it is. The server's page for these paths
 * asks for that list before the app has loaded (src/shared/domain/first-list.ts); a test checks each
 * entry against the screen's own configuration.
 */
import type { HomeList } from '../shared/domain/first-list';
import { PATHS } from './paths';

export const HOME_LISTS: Readonly<Record<string, HomeList>> = {
  [PATHS.suppliers.root]: { list: 'supplier', roles: ['SUPPLIER'] },
  [PATHS.carrier.root]: { list: 'generic', roles: ['CARRIER'] },
  [PATHS.admin.ongoing]: { list: 'adminOngoing', roles: ['ADMIN', 'ADMINRO'] },
  [PATHS.customs.root]: { list: 'generic', roles: ['CUSTOMS'] },
};
