/**
 * Every input of the app that takes a number, one row per screen, for number-fields.test.tsx: where it
 * is, how to reach it, the other fields a valid request needs, its label in both languages, its kind
 * (NUMBER_RULES), the values it accepts in each language and how the number shows in the request. A new
 * numeric input belongs here; the kinds' refusals and their messages are in the test file.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import dayjs from 'dayjs';
import type { NumberKind } from '../../src/shared/domain/number-text';
import { DESTINATIONS, MATERIALS, PURCHASE_ORDERS, docTicket, documentation, supplier } from './documentation-fixtures';
import { USERS, installFakeServer, storeSession, type FakeRequest, type FakeServer } from './fake-server';
import type { AppRender } from './render';
import { signedInAs, supplierWithYards } from './tickets-fixtures';

export type Lang = 'en' | 'es';
export type How = 'type' | 'paste';

export interface Accepted {
  text: string;
  how: How;
  /** The field's text once the user left it. */
  shown: string;
  /** The number the request carries. */
  sent: number;
}

export interface NumericField {
  label: Record<Lang, RegExp>;
  kind: NumberKind;
  accept: Record<Lang, Accepted>;
  /** This field's own range refusals beyond its kind's (text, how, message per language). */
  extra?: { text: string; how: How; message: Record<Lang, string> }[];
  /** The field's number in a request the screen sent (multipart JSON parts are read asynchronously). */
  sentValue: (request: FakeRequest) => unknown;
  /** A filter applies at each change: its refusals are pasted so that no half-typed id is a request. */
  pasteOnly?: boolean;
}

export interface NumericScreen {
  name: string;
  url: string;
  server: () => FakeServer;
  /** Opens the form in English and fills what else a valid request needs. */
  open: (app: AppRender) => Promise<void>;
  fields: NumericField[];
  /** Submits the form (the field's own form where each field saves alone). */
  submit: (app: AppRender, lang: Lang, field: NumericField) => Promise<void>;
  /** Opens the form again after a send that left it (the supplier's forms go home). */
  reopen?: (app: AppRender) => Promise<void>;
  /** Each field saves on its own (settings); otherwise one submit sends every field. */
  submitPerField?: boolean;
  /** The requests that carry the fields. */
  isWrite: (request: FakeRequest) => boolean;
}

const click = async (app: AppRender, name: Record<Lang, string | RegExp>, lang: Lang) =>
  app.user.click(await screen.findByRole('button', { name: name[lang] }));
const choose = async (app: AppRender, label: RegExp, option: string | RegExp) => {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
};
/** A refused save: the form stays open for the next language's values. */
const FAILED = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
const json = (request: FakeRequest) => request.body as Record<string, Record<string, unknown>>;
/** A key of the JSON part `name` of a multipart request. */
const jsonPart = (name: string, key: string) => async (request: FakeRequest) =>
  (JSON.parse(await ((request.body as FormData).get(name) as Blob).text()) as Record<string, unknown>)[key];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function pickDay(app: AppRender, label: RegExp, date: dayjs.Dayjs) {
  await app.user.click(screen.getByRole('button', { name: label }));
  const name = date.format('D MMMM YYYY');
  for (let i = 0; i < 3 && !screen.queryByRole('button', { name }); i++) {
    await app.user.click(document.querySelector<HTMLElement>('[data-direction="next"]')!);
  }
  await app.user.click(screen.getByRole('button', { name }));
}

const money = (label: Record<Lang, RegExp>, sentValue: NumericField['sentValue']): NumericField => ({
  label,
  kind: 'money',
  accept: {
    en: { text: '2,510.75', how: 'type', shown: 'US$2,510.75', sent: 2510.75 },
    es: { text: '2,500.50', how: 'paste', shown: 'US$2,500.50', sent: 2500.5 },
  },
  sentValue,
});
const weight = (
  label: Record<Lang, RegExp>,
  sentValue: NumericField['sentValue'],
  [en, es]: [number, number],
): NumericField => ({
  label,
  kind: 'weight',
  accept: {
    en: {
      text: en.toLocaleString('en-US'),
      how: 'type',
      shown: `${en.toLocaleString('en-US', { minimumFractionDigits: 2 })} lbs`,
      sent: en,
    },
    es: {
      text: es.toLocaleString('en-US'),
      how: 'paste',
      shown: `${es.toLocaleString('en-US', { minimumFractionDigits: 2 })} lbs`,
      sent: es,
    },
  },
  sentValue,
});

/** Amount, gross and tare of a documentation form whose request carries the JSON part `name`. */
const documentationFields = (name: string): NumericField[] => [
  money({ en: /^Invoice amount/, es: /^Importe de la factura/ }, jsonPart(name, 'invoiceAmount')),
  weight({ en: /^Gross weight/, es: /^Peso bruto/ }, jsonPart(name, 'grossWeight'), [82000.5, 80000.25]),
  weight({ en: /^Tare weight/, es: /^Tara/ }, jsonPart(name, 'tareWeight'), [30000, 29500.75]),
];

function documentationServer(user = USERS.admin) {
  const server = installFakeServer();
  server.on('GET /api/invoices/:id/ticket', () => ({ status: 200, body: { invoices: [] } }));
  server.on('GET /api/border-crossings/all', () => ({ status: 200, body: { borderCrossings: [] } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  // The admin's edit stays open after a refused save; the supplier's form goes home after a save.
  const reply = user === USERS.admin ? () => FAILED : () => ({ status: 200, body: { truckDocumentation: { id: 40 } } });
  server.on('PUT /api/trucks-documentation/:id', reply);
  server.on('PUT /api/railcar-documentation/:id', () =>
    user === USERS.admin ? FAILED : { status: 200, body: { railcarDocumentation: { id: 40 } } },
  );
  storeSession(user);
  return server;
}

const railcarDoc = () => ({
  ...documentation(8),
  mode: 'RAILCAR' as const,
  carEquipment: 'GATX123456',
  waybill: '9876543',
  carrierId: 3,
  depotId: 11,
});

function truckEditServer(user = USERS.admin) {
  const server = documentationServer(user);
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, 'SUPPLIER_INVOICED') } }));
  server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7)], count: 1 } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7) },
  }));
  return server;
}

function railcarEditServer(user = USERS.admin) {
  const server = documentationServer(user);
  server.on('GET /api/tickets/:id', () => ({
    status: 200,
    body: { ticket: docTicket(8, 'SUPPLIER_INVOICED', 'RAILCAR') },
  }));
  server.on('GET /api/tickets', () => ({
    status: 200,
    body: { tickets: [docTicket(8, 'CONFIRMED', 'RAILCAR')], count: 1 },
  }));
  server.on('GET /api/carriers', () => ({
    status: 200,
    body: { carriers: [{ id: 3, businessName: 'Northern Rail Logistics', mode: 'RAILCAR' }] },
  }));
  server.on('GET /api/depots', () => ({
    status: 200,
    body: { depots: [{ id: 11, name: 'South Chicago Yard', city: 'Chicago, IL' }] },
  }));
  server.on('GET /api/railcar-documentation/:id/ticket', () => ({
    status: 200,
    body: { railcarDocumentation: railcarDoc() },
  }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: 'Truck documentation not found' },
  }));
  return server;
}

const SAVE_CHANGES = { en: 'Save changes', es: 'Guardar cambios' };
const UPDATE = { en: 'Update', es: 'Actualizar' };
const isPut = (path: string) => (request: FakeRequest) => request.method === 'PUT' && request.path === path;

const contract = {
  id: 2,
  carrier: { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK' },
  description: 'Current agreement',
  // A price stored with cents, as a contract created with one has: the edit refuses it until it is whole.
  price: 2450.5,
  from: day(-10),
  to: day(300),
  status: 'active',
  ended: false,
};
const carriers = [
  { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK', category: 1, enabledForAlgorithm: true },
];

function contractsServer() {
  const server = installFakeServer();
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
  server.on('GET /api/contracts', () => ({ status: 200, body: { contracts: [contract], total: 1 } }));
  server.on('POST /api/carriers/1/contracts', () => FAILED);
  server.on('PUT /api/carriers/1/contracts/2', () => FAILED);
  storeSession(USERS.admin);
  return server;
}

export const SCREENS: NumericScreen[] = [
  {
    name: 'admin contracts, new contract',
    url: '/dashboard/admin/contracts',
    server: contractsServer,
    open: async (app) => {
      await click(app, { en: 'New contract', es: '' }, 'en');
      await screen.findByRole('dialog');
      await choose(app, /^Carrier/, 'Rápido Freight Lines');
      await app.user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Winter rates');
      const month = dayjs().add(1, 'month');
      await pickDay(app, /^From/, month.date(20));
      await pickDay(app, /^To/, month.date(25));
    },
    fields: [money({ en: /^Price/, es: /^Precio/ }, (r) => json(r).contract?.price)],
    submit: (app, lang) => click(app, { en: 'Create contract', es: 'Crear contrato' }, lang),
    isWrite: (r) => r.method === 'POST' && r.path === '/api/carriers/1/contracts',
  },
  {
    name: 'admin contracts, edit #2',
    url: '/dashboard/admin/contracts',
    server: contractsServer,
    open: async (app) => {
      await click(app, { en: 'Edit contract 2', es: '' }, 'en');
      await screen.findByRole('dialog');
    },
    fields: [
      {
        label: { en: /^Price/, es: /^Precio/ },
        kind: 'wholeMoney',
        accept: {
          en: { text: '2,510', how: 'type', shown: 'US$2,510', sent: 2510 },
          es: { text: '2,500', how: 'paste', shown: 'US$2,500', sent: 2500 },
        },
        sentValue: (r) => json(r).contract?.price,
      },
    ],
    submit: (app, lang) => click(app, SAVE_CHANGES, lang),
    isWrite: (r) => r.method === 'PUT' && r.path === '/api/carriers/1/contracts/2',
  },
  {
    name: 'admin settings',
    url: '/dashboard/admin/settings',
    server: () => {
      const server = installFakeServer();
      const configurations = [
        { id: 1, key: 'ALLOCATION_FREQUENCY', value: '2' },
        { id: 2, key: 'DELETE_TICKETS_FREQUENCY', value: '7' },
      ];
      server.on('GET /api/configurations', () => ({ status: 200, body: { configurations } }));
      server.on('PUT /api/configurations/1', () => ({ status: 200, body: { configuration: configurations[0] } }));
      server.on('PUT /api/configurations/2', () => ({ status: 200, body: { configuration: configurations[1] } }));
      storeSession(USERS.admin);
      return server;
    },
    open: async () => {
      await screen.findByRole('textbox', { name: /^Offer waiting time/ });
    },
    fields: [
      {
        label: { en: /^Offer waiting time/, es: /^Tiempo de espera de la oferta/ },
        kind: 'count',
        accept: {
          en: { text: '1,250', how: 'type', shown: '1,250', sent: 1250 },
          es: { text: '2,000', how: 'paste', shown: '2,000', sent: 2000 },
        },
        sentValue: (r) => (r.path === '/api/configurations/1' ? json(r).settings?.value : undefined),
      },
      {
        label: { en: /^Ticket expiry/, es: /^Vencimiento de tickets/ },
        kind: 'count',
        accept: {
          en: { text: '1,000', how: 'type', shown: '1,000', sent: 1000 },
          es: { text: '30', how: 'paste', shown: '30', sent: 30 },
        },
        sentValue: (r) => (r.path === '/api/configurations/2' ? json(r).settings?.value : undefined),
      },
    ],
    submitPerField: true,
    submit: async (app, lang, field) => {
      const saves = screen.getAllByRole('button', { name: lang === 'en' ? 'Save' : 'Guardar' });
      await app.user.click(saves[field.label.en.source.includes('Offer') ? 0 : 1]!);
    },
    isWrite: (r) => r.method === 'PUT' && r.path.startsWith('/api/configurations/'),
  },
  {
    name: 'admin categories',
    url: '/dashboard/admin/categories',
    server: () => {
      const server = installFakeServer();
      server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
      server.on('PUT /api/carriers/1', () => ({ status: 200, body: { carrier: carriers[0], changed: true } }));
      storeSession(USERS.admin);
      return server;
    },
    open: async () => {
      await screen.findByRole('textbox', { name: /^Category of Rápido/ });
    },
    fields: [
      {
        label: { en: /^Category of Rápido/, es: /^Categoría de Rápido/ },
        kind: 'count',
        accept: {
          en: { text: '12', how: 'type', shown: '12', sent: 12 },
          es: { text: '1,000', how: 'paste', shown: '1,000', sent: 1000 },
        },
        sentValue: (r) => json(r).carrier?.category,
      },
    ],
    submit: (app, lang) => click(app, { en: 'Save Rápido Freight Lines', es: 'Guardar Rápido Freight Lines' }, lang),
    isWrite: (r) => r.method === 'PUT' && r.path === '/api/carriers/1',
  },
  {
    name: 'carrier vehicles, new vehicle',
    url: '/dashboard/carrier/vehicles',
    server: () => {
      const server = installFakeServer();
      server.on('GET /api/vehicles', () => ({ status: 200, body: { vehicles: [], count: 0 } }));
      server.on('POST /api/vehicles', () => FAILED);
      storeSession(USERS.carrier1);
      return server;
    },
    open: async (app) => {
      await click(app, { en: 'Add vehicle', es: '' }, 'en');
      await screen.findByRole('dialog');
      await app.user.type(screen.getByRole('textbox', { name: /^Equipment ID/ }), 'TRK48110');
      await app.user.type(screen.getByRole('textbox', { name: /^Plate/ }), 'TX 1');
    },
    fields: [weight({ en: /^Capacity/, es: /^Capacidad/ }, (r) => json(r).vehicle?.capacityLbs, [82000.5, 80000.25])],
    submit: (app, lang) => click(app, { en: 'Save', es: 'Guardar' }, lang),
    isWrite: (r) => r.method === 'POST' && r.path === '/api/vehicles',
  },
  {
    name: 'supplier new ticket',
    url: '/dashboard/suppliers?action=new-ticket',
    server: () => {
      const server = installFakeServer();
      server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
      server.on('GET /api/carriers', () => ({ status: 200, body: { carriers } }));
      server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
      server.on('POST /api/tickets', () => FAILED);
      // The silent sign-in at start answers this user too, with its yards.
      signedInAs(server, supplierWithYards);
      return server;
    },
    open: async (app) => {
      await screen.findByRole('dialog', { name: 'New request' });
      await choose(app, /^Origin yard/, /South Chicago Yard/);
    },
    fields: [
      {
        label: { en: /^Number of trucks or railcars/, es: /^Número de camiones o vagones/ },
        kind: 'count',
        accept: {
          en: { text: '3', how: 'type', shown: '3', sent: 3 },
          es: { text: '10', how: 'paste', shown: '10', sent: 10 },
        },
        // Today's NumberInput turned 1,250 into 10 without a word.
        extra: [
          {
            text: '1,250',
            how: 'type',
            message: {
              en: 'Count must be a whole number from 1 to 10',
              es: 'La cantidad debe ser un número entero de 1 a 10',
            },
          },
        ],
        sentValue: (r) => json(r).ticket?.count,
      },
    ],
    submit: (app, lang) => click(app, { en: 'Create', es: 'Crear' }, lang),
    isWrite: (r) => r.method === 'POST' && r.path === '/api/tickets',
  },
  {
    name: 'admin accounting, RPA ID filter',
    url: '/dashboard/admin/accounting',
    server: () => {
      const server = installFakeServer();
      server.on('GET /api/rpa', () => ({ status: 200, body: { rpas: [], count: 0 } }));
      storeSession(USERS.admin);
      return server;
    },
    open: async (app) => {
      await click(app, { en: 'Filters', es: '' }, 'en');
      await screen.findByRole('textbox', { name: 'RPA ID' });
    },
    fields: [
      {
        label: { en: /^RPA ID/, es: /^ID de RPA/ },
        kind: 'id',
        pasteOnly: true,
        accept: {
          en: { text: '12', how: 'paste', shown: '12', sent: 12 },
          es: { text: '34', how: 'paste', shown: '34', sent: 34 },
        },
        sentValue: (r) => Number(r.query.get('rpaId')),
      },
    ],
    // The filter applies as the text changes: there is no button.
    submit: async () => {},
    isWrite: (r) => r.method === 'GET' && r.path === '/api/rpa' && r.query.has('rpaId'),
  },
  {
    name: 'admin depots, new depot',
    url: '/dashboard/admin/depotsabm',
    server: () => {
      const server = installFakeServer();
      server.on('GET /api/suppliers', () => ({
        status: 200,
        body: { suppliers: [{ id: 7, businessName: 'Midwest Scrap' }] },
      }));
      server.on('GET /api/border-crossings/all', () => ({
        status: 200,
        body: { borderCrossings: [{ id: 3, description: 'Laredo' }] },
      }));
      server.on('GET /api/depots/filters', () => ({ status: 200, body: { depots: [], count: 0 } }));
      server.on('POST /api/depots', () => FAILED);
      storeSession(USERS.admin);
      return server;
    },
    open: async (app) => {
      await click(app, { en: 'Add depot', es: '' }, 'en');
      await screen.findByRole('dialog');
      await choose(app, /^Supplier/, 'Midwest Scrap');
      await app.user.type(screen.getByRole('textbox', { name: /^City/ }), 'Chicago');
      await app.user.type(screen.getByRole('textbox', { name: /^Address/ }), '1 Main');
      await choose(app, /^Border crossing/, 'Laredo');
    },
    fields: [
      {
        label: { en: /^Latitude/, es: /^Latitud/ },
        kind: 'coordinate',
        accept: {
          en: { text: '41.6', how: 'type', shown: '41.6', sent: 41.6 },
          es: { text: '-33.4489', how: 'paste', shown: '-33.4489', sent: -33.4489 },
        },
        sentValue: (r) => (json(r).depot?.location as { coordinates: number[] } | undefined)?.coordinates[1],
      },
      {
        label: { en: /^Longitude/, es: /^Longitud/ },
        kind: 'coordinate',
        accept: {
          en: { text: '-87.5', how: 'type', shown: '-87.5', sent: -87.5 },
          es: { text: '-98.49362', how: 'paste', shown: '-98.49362', sent: -98.49362 },
        },
        sentValue: (r) => (json(r).depot?.location as { coordinates: number[] } | undefined)?.coordinates[0],
      },
    ],
    submit: async (app, lang) => {
      const dialog = screen.getByRole('dialog');
      await app.user.click(
        within(dialog).getByRole('button', { name: lang === 'en' ? 'Add depot' : 'Agregar depósito' }),
      );
    },
    isWrite: (r) => r.method === 'POST' && r.path === '/api/depots',
  },
  {
    name: 'admin truck documentation edit',
    url: '/dashboard/admin/ticket-edit/7',
    server: () => truckEditServer(),
    open: async () => {
      await screen.findByRole('textbox', { name: /^Invoice amount/ });
    },
    fields: documentationFields('truckDocumentation'),
    submit: (app, lang) => click(app, SAVE_CHANGES, lang),
    isWrite: isPut('/api/trucks-documentation/40'),
  },
  {
    name: 'admin railcar documentation edit',
    url: '/dashboard/admin/ticket-edit/8',
    server: () => railcarEditServer(),
    open: async () => {
      await screen.findByRole('textbox', { name: /^WayBill/ });
    },
    fields: documentationFields('railcarDocumentation'),
    submit: (app, lang) => click(app, SAVE_CHANGES, lang),
    isWrite: isPut('/api/railcar-documentation/40'),
  },
  {
    name: 'supplier truck documentation (the create form, editing)',
    url: '/dashboard/suppliers/truck-documentation',
    server: () => truckEditServer(supplier),
    open: async (app) => {
      await screen.findByRole('button', { name: 'Upload' });
      await app.router.navigate('/dashboard/suppliers/truck-documentation', {
        state: { ticket: docTicket(7, 'SUPPLIER_INVOICED') },
      });
      await screen.findByDisplayValue('INV-2001', {});
    },
    reopen: async (app) => {
      await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
      await app.router.navigate('/dashboard/suppliers/truck-documentation', {
        state: { ticket: docTicket(7, 'SUPPLIER_INVOICED') },
      });
      await screen.findByDisplayValue('INV-2001', {});
    },
    fields: documentationFields('truckDocumentation'),
    submit: (app, lang) => click(app, UPDATE, lang),
    isWrite: isPut('/api/trucks-documentation/40'),
  },
  {
    name: 'supplier railcar documentation (the create form, editing)',
    url: '/dashboard/suppliers/railcar-documentation',
    server: () => railcarEditServer(supplier),
    open: async (app) => {
      await screen.findByRole('button', { name: 'Upload' });
      await app.router.navigate('/dashboard/suppliers/railcar-documentation', {
        state: { ticket: docTicket(8, 'SUPPLIER_INVOICED', 'RAILCAR') },
      });
      await screen.findByDisplayValue('9876543', {});
    },
    reopen: async (app) => {
      await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
      await app.router.navigate('/dashboard/suppliers/railcar-documentation', {
        state: { ticket: docTicket(8, 'SUPPLIER_INVOICED', 'RAILCAR') },
      });
      await screen.findByDisplayValue('9876543', {});
    },
    fields: documentationFields('railcarDocumentation'),
    submit: (app, lang) => click(app, UPDATE, lang),
    isWrite: isPut('/api/railcar-documentation/40'),
  },
];
