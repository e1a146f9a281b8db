import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('header search', () => {
  it("should put the chosen field and text into the area home's URL", async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/carrier/vehicles');
    await app.user.click(await screen.findByRole('combobox', { name: 'Search by' }));
    await app.user.click(await screen.findByRole('option', { name: 'Equipment ID' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Search text' }), 'ABCU123456{Enter}');
    await waitFor(() => expect(app.path()).toBe('/dashboard/carrier'));
    expect(app.router.state.location.search).toBe('?equipment=ABCU123456');
  });

  it("should offer the supplier's two fields only", async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
    const app = renderApp('/dashboard/suppliers');
    await app.user.click(await screen.findByRole('combobox', { name: 'Search by' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Trip ID', 'Invoice #']);
  });

  it('should land an admin search on the ongoing list', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/settings');
    await app.user.type(await screen.findByRole('textbox', { name: 'Search text' }), '1234{Enter}');
    await waitFor(() => expect(app.path()).toBe('/dashboard/admin/ongoing'));
    expect(app.router.state.location.search).toBe('?ticketId=1234');
  });

  it("should read '#123' as trip 123 and refuse a trip ID that is not a number, saying why", async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/carrier/vehicles');
    const field = await screen.findByRole('textbox', { name: 'Search text' });
    await app.user.type(field, '12a{Enter}');
    expect(
      await screen.findByText('A trip ID is a number, such as 123.', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(app.path()).toBe('/dashboard/carrier/vehicles');
    // What was typed stays as typed, to be mended.
    expect(field).toHaveValue('12a');

    await app.user.clear(field);
    await app.user.type(field, '#123{Enter}');
    await waitFor(() => expect(app.path()).toBe('/dashboard/carrier'));
    expect(app.router.state.location.search).toBe('?ticketId=123');
  });
});
