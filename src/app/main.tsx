import './styles';
import { lazy, startTransition, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { reportUncaughtErrors } from './lib/error-report';
import { takeFirstList } from './lib/first-list';
import { activateStartLocale, initialLocale, wholeCatalogue } from './lib/i18n';
import { afterFirstScreen, holdUntilFirstScreen } from './lib/idle';
import { queryClient } from './lib/query-client';
import { getSession } from './lib/session-store';
import { PATHS } from './paths';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// The update prompt registers the service worker (workbox-window): after the first screen is idle.
const UpdatePrompt = lazy(() => import('./components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));

function WhenIdle({ firstScreen }: { firstScreen: Promise<void> }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    void firstScreen.then(() => mounted && setIdle(true));
    return () => {
      mounted = false;
    };
  }, [firstScreen]);
  return idle ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

/** The saved lists back from IndexedDB (no Dexie on this path) and the session followed. */
const restoreCache = async () => (await import('./offline/restore')).restoreCache(queryClient);
/** The rest of the offline machinery (Dexie, outbox sync, screen caching), after `restored`. */
const startOffline = async (restored?: Promise<unknown>) =>
  (await import('./offline/start')).startOffline(queryClient, restored);

async function start() {
  reportUncaughtErrors();
  const { token, user } = getSession();
  const signedIn = Boolean(token && user);
  // Signed out on /login: that screen's own messages first (lib/i18n).
  const signInOnly = !signedIn && window.location.pathname.replace(/\/$/, '') === PATHS.login.root;
  const locale = activateStartLocale(initialLocale(), { signInOnly });
  // The router starts loading the first screen's modules now, beside the catalogue.
  const router = createAppRouter();
  // Signed in: the saved lists come back from IndexedDB while the frame renders. Online, the lists ask
  // the network at once (a saved copy never replaces a newer answer, and fills a list still waiting for
  // one); offline, they wait for the saved copy (AppProviders' restored) rather than say nothing is saved.
  const restoring = signedIn ? restoreCache() : undefined;
  // The home list the page asked for while the app loaded, as that list's first data.
  if (user) void takeFirstList(queryClient, user.id);
  await locale;
  const firstScreen = afterFirstScreen();
  holdUntilFirstScreen(firstScreen);
  // The rest of the catalogue comes once the first screen is idle (offline it is asked again by the
  // next screen that needs it); the update prompt, which has messages of its own, waits for it.
  const withCatalogue = firstScreen.then(() => wholeCatalogue().catch(() => undefined));
  // The outbox, its sync and the screen cache wait until the first screen is on and idle.
  void firstScreen.then(() => startOffline(restoring));
  const restored = navigator.onLine ? undefined : restoring?.then(() => undefined);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // A transition: React renders the first screen in slices and keeps the main thread answering meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} notificationsAfter={firstScreen} restored={restored}>
          <RouterProvider router={router} />
          <WhenIdle firstScreen={withCatalogue} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
