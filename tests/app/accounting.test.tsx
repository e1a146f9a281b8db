import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RpaView } from '../../src/shared/schemas/rpa';
import { USERS, installFakeServer, storeSession, type FakeServer } from './fake-server';
import { renderApp } from './render';

const PATH = '/dashboard/admin/accounting';
const OPEN: RpaView = { id: null, from: '2026-11-15T10:00:01.000Z', to: 'NOW', invoiceQty: 4 };
const CLOSED: RpaView[] = [
  { id: 3, from: '2026-10-08T10:00:01.000Z', to: '2026-11-15T10:00:00.000Z', invoiceQty: 5 },
  { id: 2, from: '2026-08-20T10:00:01.000Z', to: '2026-10-08T10:00:00.000Z', invoiceQty: 4 },
];

/** The fake server plus the RPA calls; every requested URL is kept (with its query). */
function accountingServer(open = OPEN) {
  const server = installFakeServer();
  server.on('GET /api/rpa', () => ({ status: 200, body: { rpas: [open, ...CLOSED], count: CLOSED.length } }));
  server.on('POST /api/rpa', () => ({
    status: 201,
    body: { rpa: { id: 4, from: open.from, to: '2026-11-22T10:00:00.000Z', invoiceQty: open.invoiceQty } },
  }));
  const inner = globalThis.fetch;
  const urls: string[] = [];
  const streams: Record<string, () => Response> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      const custom = Object.entries(streams).find(([prefix]) => String(input).startsWith(prefix));
      return custom ? custom[1]() : inner(input, init);
    }),
  );
  return { server, urls, streams };
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Accounting batches' })).getAllByRole('listitem');
const posts = (server: FakeServer) => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/rpa');

describe('accounting (RPA) screen', () => {
  it('should list the open period first with To = NOW and its invoice count, then the batches with their dates', async () => {
    accountingServer();
    storeSession(USERS.admin);
    renderApp(PATH);
    const [open, third] = await cards();
    expect(open).toHaveTextContent('Open period');
    expect(open).toHaveTextContent('NOW');
    expect(within(open!).getByTestId('rpa-invoice-count')).toHaveTextContent('4');
    expect(third).toHaveTextContent('RPA #3');
    // The month named, the year only when not this one, and the time zone named: the end decides the batch.
    expect(third).toHaveTextContent(/Nov 15(, 2026)?, \d{1,2}:\d{2}\s[AP]M (UTC|GMT|[A-Z]{3})/);
    expect(within(third!).getByRole('button', { name: 'Download RPA 3 as Excel' })).toBeEnabled();
  });

  it('should search by RPA id', async () => {
    const { urls } = accountingServer();
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    await cards();
    await app.user.click(screen.getByRole('button', { name: 'Filters' }));
    await app.user.type(await screen.findByRole('textbox', { name: 'RPA ID' }), '3');
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/rpa?') && u.includes('rpaId=3'))).toBe(true));
  });

  it('should create an RPA from the open period and say its id', async () => {
    const { server } = accountingServer();
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    const [open] = await cards();
    await app.user.click(within(open!).getByRole('button', { name: 'Create RPA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create RPA' });
    expect(within(dialog).getByTestId('create-rpa-count')).toHaveTextContent('Invoices: 4');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create RPA' }));
    expect(await screen.findByText('RPA created successfully with ID 4')).toBeInTheDocument();
    expect(posts(server).map((c) => c.body)).toEqual([{ rpa: { from: OPEN.from, to: 'NOW', invoiceQty: 4 } }]);
  });

  it("should say 'No invoices to generate RPA' for an empty period without sending it", async () => {
    const { server } = accountingServer({ ...OPEN, invoiceQty: 0 });
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    const [open] = await cards();
    await app.user.click(within(open!).getByRole('button', { name: 'Create RPA' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create RPA' }));
    expect(await screen.findByText('No invoices to generate RPA')).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);
  });

  it("should show the server's refusal when another RPA closed the period first", async () => {
    const { server } = accountingServer();
    server.on('POST /api/rpa', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'The open period was already closed by another RPA; reload the list',
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    const [open] = await cards();
    await app.user.click(within(open!).getByRole('button', { name: 'Create RPA' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create RPA' }));
    expect(
      await screen.findByText('The open period was already closed by another RPA; reload the list'),
    ).toBeInTheDocument();
  });

  it('should keep Create RPA disabled for the read-only admin while downloads stay available', async () => {
    accountingServer();
    storeSession(USERS.adminro);
    renderApp(PATH);
    const [open, third] = await cards();
    expect(within(open!).getByRole('button', { name: 'Create RPA' })).toBeDisabled();
    expect(within(third!).getByRole('button', { name: 'Download the invoices of RPA 3 as a zip' })).toBeEnabled();
  });

  it("should show the 'Error retrieving data' toast and a retry when the list fails", async () => {
    const { server } = accountingServer();
    server.on('GET /api/rpa', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
    }));
    storeSession(USERS.admin);
    renderApp(PATH);
    expect(await screen.findByText('Error retrieving data', {})).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('should show download progress while the Excel streams in, then save it under its name', async () => {
    const { streams } = accountingServer();
    let push: (bytes: number) => void = () => undefined;
    let close: () => void = () => undefined;
    streams['/api/data-sap/excel'] = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (n) => controller.enqueue(new Uint8Array(n));
            close = () => controller.close();
          },
        }),
        {
          status: 200,
          headers: {
            'Content-Length': '2048',
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="RPA-3.xlsx"',
          },
        },
      );
    const saved: { name: string; size: number }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:rpa';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: lastBlob?.size ?? 0 });
    });
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    const third = (await cards())[1]!;
    await app.user.click(within(third).getByRole('button', { name: 'Download RPA 3 as Excel' }));
    push(1024);
    expect(await within(third).findByRole('status')).toHaveTextContent('50% · 1 KB of 2 KB');
    expect(within(third).getByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    push(1024);
    close();
    await waitFor(() => expect(saved).toEqual([{ name: 'RPA-3.xlsx', size: 2048 }]));
    await waitFor(() => expect(within(third).queryByRole('status')).not.toBeInTheDocument());
  });
});
