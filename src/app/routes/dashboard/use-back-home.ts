/**
 * Pages whose Back returns to their area's home, whatever page came before them (spec section 2: "The
 * browser back button on the documentation pages also returns there", to /dashboard/suppliers). A
 * supplier reaches a documentation form from a card, the ticket page, the outbox or the menu; Back
 * from the form lands on the home list, never on the page that opened it.
 *
 * The area's layout stays mounted while its pages change, so it remembers the page it showed last: a
 * history step back (POP) from one of these pages to any other page than the home is replaced by the
 * home before that page renders. A link followed from the form (PUSH) goes where it says.
 *
 * A form that is the first page of the tab's history (opened from a notification or a mail's link, or
 * after signing in) has no page of the app behind it, so Back would leave the app: the home is put
 * beneath it first (useHomeBeneath).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { Area } from '../../../shared/domain/permissions';
import { PATHS } from '../../paths';

const BACK_HOME: Partial<Record<Area, { home: string; from: readonly string[] }>> = {
  suppliers: {
    home: PATHS.suppliers.root,
    from: [PATHS.suppliers.truckDocumentation, PATHS.suppliers.railcarDocumentation],
  },
};

/** The home to go to instead of the page a step back just reached, or null to show that page. */
export function useBackHome(area: Area): string | null {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // The page shown now and the one shown before it (React's "previous render" state pattern).
  const [pages, setPages] = useState<{ now: string; before: string | null }>({ now: pathname, before: null });
  if (pages.now !== pathname) setPages({ now: pathname, before: pages.now });
  const left = pages.now !== pathname ? pages.now : pages.before;
  const rule = BACK_HOME[area];
  if (!rule || navigationType !== 'POP' || left === null) return null;
  return rule.from.includes(left) && pathname !== rule.home ? rule.home : null;
}

/**
 * On one of these pages opened as the first entry of the history (react-router names that entry's key
 * 'default'), replaces it by the home and opens the page again on top, so Back lands on the home.
 * `ready`: the user may see the area (nothing is inserted before the session is known).
 */
export function useHomeBeneath(area: Area, ready: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const rule = BACK_HOME[area];
  const first = ready && rule !== undefined && location.key === 'default' && rule.from.includes(location.pathname);
  useEffect(() => {
    if (!first) return;
    const here = `${location.pathname}${location.search}${location.hash}`;
    const state: unknown = location.state;
    // One after the other: a second navigation started while the first loads its route would cancel it.
    void (async () => {
      await navigate(rule.home, { replace: true });
      await navigate(here, { state });
    })();
    // Once, for the first entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first]);
}
