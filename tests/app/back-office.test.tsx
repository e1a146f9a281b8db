import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderApp } from './render';

/** Pages a date picker's open calendar forward until the month of `date` shows. */
async function showMonthOf(app: ReturnType<typeof renderApp>, date: dayjs.Dayjs) {
  const name = date.format('D MMMM YYYY');
  for (let i = 0; i < 3 && !screen.queryByRole('button', { name }); i++) {
    await app.user.click(document.querySelector<HTMLElement>('[data-direction="next"]')!);
  }
}

async function pickDay(app: ReturnType<typeof renderApp>, input: HTMLElement, date: dayjs.Dayjs) {
  await app.user.click(input);
  await showMonthOf(app, date);
  await app.user.click(screen.getByRole('button', { name: date.format('D MMMM YYYY') }));
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const carriers = [
  { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK', category: 1, enabledForAlgorithm: true },
  { id: 2, businessName: 'Border Haulers Co.', mode: 'TRUCK', category: 2, enabledForAlgorithm: false },
];
const contract = (id: number, ended: boolean) => ({
  id,
  carrier: { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK' },
  description: ended ? 'Old agreement' : 'Current agreement',
  price: 2450.5,
  from: day(ended ? -400 : -10),
  to: day(ended ? -30 : 300),
  status: ended ? 'inactive' : 'active',
  ended,
});

function contractsServer() {
  const server = installFakeServer();
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
  server.on('GET /api/contracts', () => ({
    status: 200,
    body: { contracts: [contract(2, false), contract(1, true)], total: 2 },
  }));
  return server;
}

describe('admin /contracts', () => {
  it('should list contracts as cards with es-MX money and disable the edit of an ended contract', async () => {
    contractsServer();
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/contracts');
    const list = await screen.findByRole('list', { name: 'Contracts' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Current agreement');
    expect(cards[0]).toHaveTextContent('US$2,450.50');
    expect(within(cards[0]!).getByRole('button', { name: 'Edit contract 2' })).toBeEnabled();
    expect(within(cards[1]!).getByRole('button', { name: 'Edit contract 1' })).toBeDisabled();
    expect(cards[1]).toHaveTextContent('Ended');
  });

  it('should check the create form like the server and send {contract} to the carrier path', async () => {
    const server = contractsServer();
    server.on('POST /api/carriers/1/contracts', ({ body }) => ({
      status: 201,
      body: { contract: { ...contract(3, false), ...(body as { contract: object }).contract } },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/contracts');
    await app.user.click(await screen.findByRole('button', { name: 'New contract' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThan(0);
    await app.user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Rápido Freight Lines' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Winter rates');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Price/ }), '1999.99');
    // The dates are picked in a calendar and shown as the lists write them; the end cannot be before the start.
    const month = dayjs().add(1, 'month');
    await pickDay(app, within(dialog).getByRole('button', { name: /^From/ }), month.date(20));
    expect(within(dialog).getByRole('button', { name: /^From/ })).toHaveTextContent(
      month.date(20).format('MM/DD/YYYY'),
    );
    await app.user.click(within(dialog).getByRole('button', { name: /^To/ }));
    await showMonthOf(app, month.date(10));
    expect(screen.getByRole('button', { name: month.date(10).format('D MMMM YYYY') })).toBeDisabled();
    await app.user.keyboard('{Escape}');
    await pickDay(app, within(dialog).getByRole('button', { name: /^To/ }), month.date(25));
    // Every field is filled now, and each dropped its 'required' message when it changed.
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Create contract' }));
    expect(await screen.findByText('The contract was created')).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST' && c.path === '/api/carriers/1/contracts');
    expect(post?.body).toEqual({
      contract: {
        description: 'Winter rates',
        price: 1999.99,
        from: month.date(20).format('YYYY-MM-DD'),
        to: month.date(25).format('YYYY-MM-DD'),
      },
    });
  });

  it("should show the server's 409 for an ended contract in the edit modal", async () => {
    const server = contractsServer();
    server.on('PUT /api/carriers/1/contracts/2', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'The contract has ended, you can no longer change its conditions',
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/contracts');
    await app.user.click(await screen.findByRole('button', { name: 'Edit contract 2' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('textbox', { name: /^Price/ });
    await app.user.clear(price);
    await app.user.type(price, '2500');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The contract has ended, you can no longer change its conditions',
    );
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ contract: { description: 'Current agreement', price: 2500, to: day(300) } });
  });

  it('should disable the write controls for ADMINRO', async () => {
    contractsServer();
    storeSession(USERS.adminro);
    renderApp('/dashboard/admin/contracts');
    expect(await screen.findByRole('button', { name: 'New contract' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Edit contract 2' })).toBeDisabled();
  });
});

describe('admin /settings', () => {
  const configs = [
    { id: 1, key: 'ALLOCATION_FREQUENCY', value: '2' },
    { id: 2, key: 'DELETE_TICKETS_FREQUENCY', value: '7' },
  ];

  it('should refuse an empty expiry and save a new allocation time with the spec toast', async () => {
    const server = installFakeServer();
    server.on('GET /api/configurations', () => ({ status: 200, body: { configurations: configs } }));
    server.on('PUT /api/configurations/1', () => ({
      status: 200,
      body: { configuration: { ...configs[0], value: '4' } },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/settings');
    const expiry = await screen.findByRole('textbox', { name: 'Ticket expiry (days)' });
    await app.user.clear(expiry);
    await app.user.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('Ticket expiry must be a whole number of days, at least 1')).toBeInTheDocument();
    const hours = screen.getByRole('textbox', { name: 'Offer waiting time (hours)' });
    await app.user.clear(hours);
    await app.user.type(hours, '4');
    await app.user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Configuration has been updated')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ settings: { value: 4 } });
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
  });

  it("should show 'Error trying to update configuration' when the save fails, and disable the inputs for ADMINRO", async () => {
    const server = installFakeServer();
    server.on('GET /api/configurations', () => ({ status: 200, body: { configurations: configs } }));
    server.on('PUT /api/configurations/1', () => ({
      status: 500,
      body: { statusCode: 500, error: 'x', message: 'boom' },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/settings');
    const hours = await screen.findByRole('textbox', { name: 'Offer waiting time (hours)' });
    await app.user.clear(hours);
    await app.user.type(hours, '3');
    await app.user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Error trying to update configuration')).toBeInTheDocument();
  });
});

describe('admin /categories', () => {
  it("should save a category in place and show the server's info when nothing changed", async () => {
    const server = installFakeServer();
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
    server.on('PUT /api/carriers/1', ({ body }) => {
      const { carrier } = body as { carrier: { category: number; enabledForAlgorithm: boolean } };
      const same = carrier.category === 1 && carrier.enabledForAlgorithm;
      return {
        status: 200,
        body: same
          ? { carrier: carriers[0], changed: false, message: 'No changes were made to carrier' }
          : { carrier: { ...carriers[0], ...carrier }, changed: true },
      };
    });
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/categories');
    await app.user.click(await screen.findByRole('button', { name: 'Save Rápido Freight Lines' }));
    expect(await screen.findByText('No changes were made to carrier')).toBeInTheDocument();
    const category = screen.getByRole('textbox', { name: 'Category of Rápido Freight Lines' });
    await app.user.clear(category);
    await app.user.type(category, '3');
    await app.user.click(screen.getByRole('button', { name: 'Save Rápido Freight Lines' }));
    expect(await screen.findByText('Rápido Freight Lines: options saved')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      carrier: { category: 3, enabledForAlgorithm: true },
    });
  });
  it('should show the category rule for a 0 typed in, as the user typed it, and send nothing', async () => {
    const server = installFakeServer();
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/categories');
    const category = await screen.findByRole('textbox', { name: 'Category of Rápido Freight Lines' });
    await app.user.clear(category);
    await app.user.type(category, '0');
    await app.user.tab();
    expect(category).toHaveValue('0');
    await app.user.click(screen.getByRole('button', { name: 'Save Rápido Freight Lines' }));
    expect(await screen.findByText('Category must be a whole number of at least 1')).toBeInTheDocument();
    expect(category).toHaveValue('0');
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('admin /service-level', () => {
  it('should show the counts and rates per carrier, best rate first, and sort by a column', async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets/count/carrier', () => ({
      status: 200,
      body: {
        carriers: [
          {
            id: 1,
            businessName: 'Rápido Freight Lines',
            mode: 'TRUCK',
            lastMonth: { total: 4, confirmed: 1 },
            lastWeek: { total: 2, confirmed: 1 },
          },
          {
            id: 2,
            businessName: 'Border Haulers Co.',
            mode: 'TRUCK',
            lastMonth: { total: 8, confirmed: 6 },
            lastWeek: { total: 0, confirmed: 0 },
          },
        ],
      },
    }));
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/service-level');
    const list = await screen.findByRole('list', { name: 'Service level per carrier' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Border Haulers Co.');
    expect(cards[0]).toHaveTextContent('75%');
    expect(cards[0]).toHaveTextContent('—');
    expect(cards[1]).toHaveTextContent('25%');
    expect(cards[1]).toHaveTextContent('50%');
  });

  it("should show 'Error al obtener los datos de carriers' when the counts fail", async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets/count/carrier', () => ({
      status: 500,
      body: { statusCode: 500, error: 'x', message: 'boom' },
    }));
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/service-level');
    expect((await screen.findAllByText("Error retrieving the carriers' figures", undefined)).length).toBeGreaterThan(0);
  });
});

describe('admin /depotsabm', () => {
  it('should list depots with a maps link and show the duplicate text on a 409', async () => {
    const server = installFakeServer();
    server.on('GET /api/suppliers', () => ({
      status: 200,
      body: { suppliers: [{ id: 7, businessName: 'Midwest Scrap' }] },
    }));
    server.on('GET /api/border-crossings/all', () => ({
      status: 200,
      body: { borderCrossings: [{ id: 3, description: 'Laredo' }] },
    }));
    server.on('GET /api/depots/filters', () => ({
      status: 200,
      body: {
        depots: [
          {
            id: 5,
            supplierId: 7,
            supplier: { id: 7, businessName: 'Midwest Scrap' },
            name: 'South Yard',
            city: 'Chicago',
            address: '1 Main',
            location: { type: 'Point', coordinates: [-87.5, 41.6] },
            description: null,
            borderCrossingId: 3,
            borderCrossing: { id: 3, description: 'Laredo' },
          },
        ],
        count: 1,
      },
    }));
    server.on('POST /api/depots', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'duplicate_depot',
        message: 'duplicate key value violates unique constraint "x"',
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/depotsabm');
    const link = await screen.findByRole('link', { name: /: open depot 5 in maps$/ });
    expect(link).toHaveAttribute('href', 'https://www.google.com/maps?q=41.6,-87.5');
    await app.user.click(screen.getByRole('button', { name: 'Add depot' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add depot' }));
    expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThan(0);
    await app.user.click(within(dialog).getByRole('combobox', { name: /Supplier/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Midwest Scrap' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Chicago');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), '1 Main');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Latitude/ }), '41.6');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Longitude/ }), '-87.5');
    await app.user.click(within(dialog).getByRole('combobox', { name: /Border crossing/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Laredo' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add depot' }));
    expect(await screen.findByText('Error: Duplicate Depot values')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/api/depots')?.body).toEqual({
      depot: {
        supplierId: 7,
        city: 'Chicago',
        address: '1 Main',
        location: { type: 'Point', coordinates: [-87.5, 41.6] },
        description: null,
        borderCrossingId: 3,
      },
    });
  });
});

describe('admin /suppliersabm', () => {
  it("should edit a supplier's options and send them wrapped", async () => {
    const server = installFakeServer();
    const supplier = {
      id: 7,
      sapId: '100245',
      businessName: 'Midwest Scrap',
      tradeName: null,
      city: 'Chicago',
      cellphone: null,
      createAt: '2026-01-02T00:00:00.000Z',
      options: { enabled: true, defaultDestinationId: null, noticeEmail: null },
    };
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: [{ id: 1, name: 'Monterrey' }] } }));
    server.on('GET /api/suppliers/filters', () => ({ status: 200, body: { suppliers: [supplier], count: 1 } }));
    server.on('PUT /api/suppliers/7', () => ({ status: 200, body: { supplier } }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/suppliersabm');
    await app.user.click(await screen.findByRole('button', { name: 'Edit options of Midwest Scrap' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('switch', { name: /May request tickets/ }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Notice e-mail' }), 'bad');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Notice e-mail' }), '@yard.test');
    expect(within(dialog).queryByText('Enter a valid e-mail address')).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Midwest Scrap: options saved')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      supplier: { enabled: false, defaultDestinationId: null, noticeEmail: 'bad@yard.test' },
    });
  });
});

describe('carrier /vehicles', () => {
  it('should register equipment and show a duplicate id under the field', async () => {
    const server = installFakeServer();
    server.on('GET /api/vehicles', () => ({
      status: 200,
      body: {
        vehicles: [
          {
            id: 1,
            carrierId: 40,
            kind: 'TRUCK',
            equipmentId: 'TRK48110',
            plate: 'TX 1',
            description: null,
            capacityLbs: 80000,
            active: true,
          },
        ],
        count: 1,
      },
    }));
    server.on('POST /api/vehicles', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'duplicate_equipment_id',
        message: 'duplicate key value violates unique constraint "vehicles_carrier_equipment_uq"',
        details: { equipmentId: 'This equipment id is already registered for your carrier' },
      },
    }));
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/carrier/vehicles');
    const list = await screen.findByRole('list', { name: 'Vehicles' });
    expect(list).toHaveTextContent('80,000');
    await app.user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Equipment ID/ }), 'TRK-1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Car/Equipment must contain alphanumeric digits (min 6)'),
    ).toBeInTheDocument();
    await app.user.clear(within(dialog).getByRole('textbox', { name: /Equipment ID/ }));
    // A changed field drops its message at once, before the next save.
    expect(within(dialog).queryByText('Car/Equipment must contain alphanumeric digits (min 6)')).toBeNull();
    await app.user.type(within(dialog).getByRole('textbox', { name: /Equipment ID/ }), 'trk48110');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Plate' }), 'TX 9');
    await app.user.type(within(dialog).getByRole('textbox', { name: /^Capacity \(lbs\)/ }), '45000');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This equipment id is already registered for your carrier'),
    ).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/api/vehicles')?.body).toEqual({
      vehicle: { equipmentId: 'TRK48110', plate: 'TX 9', description: null, capacityLbs: 45000, active: true },
    });
  });
});
