import './styles';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { activateLocale, initialLocale } from './lib/i18n';
import { afterFirstScreen } from './lib/idle';
import { queryClient } from './lib/query-client';
import { getSession } from './lib/session-store';
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

const startOffline = async () => (await import('./offline/start')).startOffline(queryClient);

async function start() {
  const locale = activateLocale(initialLocale());
  const { token, user } = getSession();
  const signedIn = Boolean(token && user);
  // The router starts loading the first screen's modules now, beside the catalogue.
  const router = createAppRouter();
  // Signed in: the persisted lists are in the cache before the first render, so an offline start shows them.
  await Promise.all([locale, signedIn ? startOffline() : undefined]);
  const firstScreen = afterFirstScreen();
  // Signed out: the offline store (Dexie, outbox, persister) waits until /login is on screen and idle.
  if (!signedIn) void firstScreen.then(startOffline);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} notificationsAfter={firstScreen}>
        <RouterProvider router={router} />
        <WhenIdle firstScreen={firstScreen} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
