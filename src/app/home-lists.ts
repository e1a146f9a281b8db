/**
 * The ticket list each home path shows first, and whose home it is (the roles its area's guard lets
 * in). The server's page for these paths asks for that list before the app has loaded
 * (src/shared/domain/first-list.ts); a test checks each entry against the screen's own configuration.
 */
import type { HomeList } from '../shared/domain/first-list';
// Value imports name their files in full: vite.config.ts loads this module, and Vite's config loader
// will resolve only such imports.
import { AREA_ROLES } from '../shared/domain/permissions.ts';
import { PATHS } from './paths.ts';

export const HOME_LISTS: Readonly<Record<string, HomeList>> = {
  // The supplier's and the carrier's homes open on their first work section (home-work.ts).
  [PATHS.suppliers.root]: { list: 'supplierDocumentation', roles: AREA_ROLES.suppliers },
  [PATHS.carrier.root]: { list: 'carrierOffers', roles: AREA_ROLES.carrier },
  [PATHS.admin.ongoing]: { list: 'adminOngoing', roles: AREA_ROLES.admin },
  [PATHS.customs.root]: { list: 'customsHome', roles: AREA_ROLES.customs },
};
