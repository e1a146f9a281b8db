import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { UpdatePrompt } from './components/update-prompt';
import { activateLocale, initialLocale } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { startOffline } from './offline/start';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

async function start() {
  await activateLocale(initialLocale());
  // The persisted lists are in the cache before the first render, so an offline start shows them.
  await startOffline(queryClient);
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
