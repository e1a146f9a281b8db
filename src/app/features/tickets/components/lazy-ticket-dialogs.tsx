/** The accept, pass, decline and change-carrier dialogs, loaded the first time one of them opens. */
import { whenFirstOpened } from '../../../components/when-first-opened';
import type { OpenDialog } from './ticket-dialogs';

export type { OpenDialog };

export const LazyTicketDialogs = whenFirstOpened(
  () => import('./ticket-dialogs').then((m) => m.TicketDialogs),
  (props: { dialog: OpenDialog | null; onClose: () => void }) => props.dialog !== null,
);
