/**
 * The client's own English texts that travel as values (a stored outbox error, a form's failure) and are
 * translated when shown (lib/messages.ts). Kept here, free of UI imports, so the service worker can use
 * them too.
 */
export const CLIENT_TEXTS = {
  noConnection: 'No connection to the server',
} as const;
