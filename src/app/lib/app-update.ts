/**
 * "A new version is available": set when the service worker has a new version waiting
 * (components/update-prompt.tsx) and shown inline at the top of the page (components/update-note.tsx).
 * It was a toast once; at 390 px the toast lay over the form's Upload button while a supplier was filling
 * a railcar documentation. Inline, it pushes the page down and covers nothing.
 */
import { useSyncExternalStore } from 'react';

type Apply = () => Promise<void>;
interface State {
  /** Takes the waiting version and reloads into it; null while no new version waits. */
  apply: Apply | null;
  dismissed: boolean;
}

let state: State = { apply: null, dismissed: false };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** A new version waits; `apply` reloads into it. */
export const announceUpdate = (apply: Apply): void => set({ apply, dismissed: state.dismissed });
/** The user closed the note: it stays closed until the page is opened again (the version keeps waiting). */
export const dismissUpdate = (): void => set({ ...state, dismissed: true });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const shown = () => (state.dismissed ? null : state.apply);

/** The reload into the waiting version while the note should show, else null. */
export function useAppUpdate(): Apply | null {
  return useSyncExternalStore(subscribe, shown, () => null);
}
