import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetReports } from '../../src/app/lib/error-report';
import { activateLocale } from '../../src/app/lib/i18n';
import { createQueryClient } from '../../src/app/lib/query-client';
import { AppProviders } from '../../src/app/providers';
import { routes } from '../../src/app/router';
import { installFakeServer } from './fake-server';

/**
 * The real root route (its ErrorBoundary) over screens that fail: one throws while rendering, one's code
 * cannot be fetched (a lazy import rejected as browsers reject a module that is gone after a deploy).
 */
function renderFailing(path: string) {
  forgetReports();
  const server = installFakeServer();
  server.on('POST /api/app-errors', () => ({ status: 200, body: { ok: true } }));
  const root = routes[0] as NonIndexRouteObject;
  const failing: RouteObject[] = [
    {
      path: 'boom',
      Component: () => {
        throw new Error('a screen broke');
      },
    },
    {
      path: 'stale',
      lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/old-1a2b.js')),
    },
  ];
  const router = createMemoryRouter([{ ...root, children: failing }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** What the screen reported to the server. */
  return () => server.calls.filter((call) => call.path === '/api/app-errors').map((call) => call.body);
}

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLocale('en');
});

describe('a screen that fails', () => {
  it('should show the error screen with a way to reload and a way home, not a blank page', async () => {
    // React and the router report the error on the console themselves.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported = renderFailing('/boom');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    // The server is told, once, with where it happened. The report is sent after the screen shows (the
    // API client is asynchronous): read at once, a busy CI machine found none yet.
    await waitFor(() =>
      expect(reported()).toEqual([
        { kind: 'render', name: 'Error', message: 'a screen broke', stack: expect.any(String), path: '/boom' },
      ]),
    );
    expect(screen.getByText(/This screen ran into an error/)).toBeInTheDocument();
    expect(screen.getByText(/anything waiting in the outbox will still be sent/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my home' })).toHaveAttribute('href', '/');
    // The user's words only: nothing of the error itself.
    expect(screen.queryByText(/a screen broke/)).not.toBeInTheDocument();
  });

  it('should say a screen could not be loaded when its code is gone, in Spanish too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('locale', 'es');
    await activateLocale('es');
    const reported = renderFailing('/stale');
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    await waitFor(() =>
      expect(reported()).toEqual([expect.objectContaining({ kind: 'render', name: 'TypeError', path: '/stale' })]),
    );
    expect(screen.getByText(/No se pudo cargar esta pantalla/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi inicio' })).toBeInTheDocument();
  });
});
