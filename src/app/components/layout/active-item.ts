import { isMenuGroup, type MenuItem, type MenuLinkItem } from './menu-items';

interface Place {
  pathname: string;
  search: string;
}

function score(item: MenuLinkItem, place: Place): number {
  const [path = '', query = ''] = item.to.split('?');
  const here = place.pathname.replace(/\/+$/, '') || '/';
  const samePath = here === path;
  const underPath = here.startsWith(`${path}/`);
  if (!samePath && !(underPath && !item.end)) return 0;
  if (query) {
    const wanted = new URLSearchParams(query);
    const actual = new URLSearchParams(place.search);
    for (const [key, value] of wanted) if (actual.get(key) !== value) return 0;
    return 3;
  }
  return samePath ? 2 : 1;
}

/** The one entry to highlight: a query match beats an exact path, which beats a parent path. */
export function activeItemKey(items: readonly MenuItem[], place: Place): string | null {
  let best: { key: string; score: number } | null = null;
  for (const item of items) {
    const links = isMenuGroup(item) ? item.children : [item];
    for (const link of links) {
      const value = score(link, place);
      if (value > 0 && (!best || value > best.score)) best = { key: `${item.key}/${link.key}`, score: value };
    }
  }
  return best?.key ?? null;
}

/** Key of a link inside `activeItemKey`'s result: `group/link`, or `link/link` for a top-level link. */
export const itemKey = (parent: MenuItem, link: MenuLinkItem) => `${parent.key}/${link.key}`;
