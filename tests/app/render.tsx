import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../../src/app/lib/query-client';
import { reloadSession } from '../../src/app/lib/session-store';
import { AppProviders } from '../../src/app/providers';
import { routes } from '../../src/app/router';

export interface AppRender extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  /** The path the app shows now. */
  path: () => string;
}

/**
 * The whole app (all providers, the real route tree) at `url`, with the session found in localStorage;
 * `queryClient` when the test puts data in it first.
 */
export function renderApp(url: string, queryClient = createQueryClient()): AppRender {
  reloadSession();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...result,
    user: userEvent.setup(),
    router,
    path: () => router.state.location.pathname,
  };
}

/** One component with all providers and a MemoryRouter at `route`. */
export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  reloadSession();
  return {
    ...render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
    user: userEvent.setup(),
  };
}
