/**
 * The bar that says another screen is on its way: shown, with the page busy, from the tap until the
 * screen's code has loaded, while the screen the user tapped on stays; gone once the new one shows.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { NavigationProgress } from '../../src/app/components/navigation-progress';
import { activateLocale } from '../../src/app/lib/i18n';
import { createQueryClient } from '../../src/app/lib/query-client';
import { AppProviders } from '../../src/app/providers';

function appWithSlowScreen() {
  let arrive: () => void = () => undefined;
  const code = new Promise<{ Component: () => React.JSX.Element }>((resolve) => {
    arrive = () => resolve({ Component: () => <h1>Ticket 41</h1> });
  });
  const router = createMemoryRouter([
    {
      path: '/',
      Component: () => (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <Link to="/ticket">Open ticket 41</Link> },
        { path: 'ticket', lazy: () => code },
      ],
    },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { arrive: () => act(async () => arrive()) };
}

describe('navigation progress', () => {
  it('should say the tapped screen is opening until its code has come, keeping the screen it was tapped on', async () => {
    const { arrive } = appWithSlowScreen();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open ticket 41' }));
    const bar = await screen.findByRole('progressbar', { name: 'Opening the screen' });
    expect(bar).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Open ticket 41' })).toBeVisible();
    await arrive();
    expect(await screen.findByRole('heading', { name: 'Ticket 41' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('should name the bar in Spanish', async () => {
    await activateLocale('es');
    appWithSlowScreen();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open ticket 41' }));
    expect(await screen.findByRole('progressbar', { name: 'Abriendo la pantalla' })).toBeInTheDocument();
  });
});
