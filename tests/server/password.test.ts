/**
 * Password recovery and change through the real routes: without SMTP_URL the recovery mail is an .eml
 * file in the app's own DATA_DIR/mail, parsed here as a mail client would; with SMTP_URL a real SMTP
 * server (smtp-server) on a loopback port receives it. Its link sets a new password once, and every
 * earlier session ends (REST calls and open event streams).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, queryRows } from '../../src/server/db/database';
import { cleanupExpiredPasswordResets } from '../../src/server/jobs/password-reset-cleanup';
import { createPasswordReset } from '../../src/server/repositories/password-resets';
import { resetTokenHash } from '../../src/server/routes/auth/password-routes';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { streamTicket } from './helpers/event-stream';
import { bearer, createTestApp, usePostgres, type TestApp } from './helpers/test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

const mailDir = () => path.join(t.dataDir, 'mail');

async function mailFiles(): Promise<string[]> {
  return (await readdir(mailDir()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
}

/** Asks for a link and returns the one new .eml, parsed. */
async function recover(username: string, headers: Record<string, string> = {}): Promise<ParsedMail> {
  const before = await mailFiles();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers, payload: { username } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'Check your email to change the password' });
  // The mail goes out after the answer.
  const added = async () => (await mailFiles()).filter((f) => !before.includes(f));
  await expect.poll(async () => (await added()).length).toBe(1);
  return simpleParser(await readFile(path.join(mailDir(), (await added())[0]!)));
}

function linkOf(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\/login\/change-password\?token=[\w-]+/.exec(mail.text ?? '');
  expect(match).not.toBeNull();
  return new URL(match![0]);
}

const change = (password: string, token: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/password', payload: { password, token } });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const renew = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/token', headers: bearer(token), payload: {} });

/** An /api/events stream over real HTTP; `ended` resolves when the server closes it. */
async function openStream(origin: string, token: string) {
  const response = await fetch(`${origin}/api/events?ticket=${encodeURIComponent(await streamTicket(origin, token))}`);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  })();
  // Wait for the first frame, so the stream is registered before anything else happens.
  for (let i = 0; i < 100 && !text.includes('connected'); i++) await new Promise((r) => setTimeout(r, 20));
  expect(text).toContain(': connected');
  return { ended, cancel: () => reader.cancel() };
}

describe('recovery mail without a mail server (.eml in DATA_DIR/mail)', () => {
  it('should mail a link that sets a new password once, ends the old sessions, and let the new password sign in', async () => {
    const oldSession = await t.login('carrier1');
    const mail = await recover('carrier1');
    expect(mail.to).toMatchObject({ text: 'carrier1@scrap-portal.test' });
    // Language unknown (no Accept-Language): English and Spanish.
    expect(mail.subject).toBe('Change your Scrap Portal password / Cambia tu contraseña de Scrap Portal');
    expect(mail.text).toContain('Open this link within 1 hour');
    expect(mail.text).toContain('Abre este enlace dentro de 1 hora');
    const link = linkOf(mail);
    expect(link.origin + link.pathname).toBe(`${t.app.config.publicUrl}/login/change-password`);
    expect(mail.html).toContain(`href="${link.toString()}"`);
    const token = link.searchParams.get('token')!;

    // Only a hash of the token is stored.
    const stored = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from password_resets`);
    expect(stored.map((r) => r.token_hash)).toContain(resetTokenHash(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    expect((await change('New-pass-2026', token)).statusCode).toBe(200);
    expect((await signIn('carrier1', 'New-pass-2026')).statusCode).toBe(200);
    expect((await signIn('carrier1', DEMO_PASSWORD)).json()).toMatchObject({ message: 'Incorrect user or password' });
    expect((await renew(oldSession)).statusCode).toBe(401);

    // The link is spent.
    const again = await change('Another-pass-1', token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'The link expired, please request new password' });
    expect((await signIn('carrier1', 'New-pass-2026')).statusCode).toBe(200);
  });

  it('should write the mail in Spanish only when the request asks for Spanish', async () => {
    const mail = await recover('customs1', { 'accept-language': 'es-MX' });
    expect(mail.subject).toBe('Cambia tu contraseña de Scrap Portal');
    expect(mail.text).toContain('Hola ');
    expect(mail.text).not.toContain('Open this link');
    const english = await recover('customs1', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.subject).toBe('Change your Scrap Portal password');
  });

  it("should say until when the link works, in the user's time zone and named", async () => {
    const before = await mailFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { 'accept-language': 'es-MX' },
      payload: { username: 'supplier2', timeZone: 'America/Mexico_City' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await mailFiles()).length).toBe(before.length + 1);
    const added = (await mailFiles()).filter((f) => !before.includes(f));
    const mail = await simpleParser(await readFile(path.join(mailDir(), added[0]!)));
    // An hour from now in Mexico City (UTC-6 all year), e.g. 'Funciona hasta el 27 nov, 7:40 a.m. GMT−6.'
    const until = /Funciona hasta el (\d{1,2}) (\w+)\.?(?: \d{4})?, (\d{1,2}):(\d{2})\s[ap]\.\s?m\.\sGMT−6\./.exec(
      mail.text ?? '',
    );
    expect(until, mail.text).not.toBeNull();
    const [stored] = await queryRows<{ expiresAt: string }>(
      t.app.db,
      sql`select r.expires_at::text as "expiresAt" from password_resets r join users u on u.id = r.user_id
          where u.username = 'supplier2' order by r.id desc limit 1`,
    );
    const local = new Date(new Date(stored!.expiresAt).getTime() - 6 * 3_600_000);
    expect([Number(until![1]), Number(until![3]) % 12, Number(until![4])]).toEqual([
      local.getUTCDate(),
      local.getUTCHours() % 12,
      local.getUTCMinutes(),
    ]);
    expect(mail.html).toContain('Funciona hasta el');
  });

  it('should answer 400 for a time zone that is not one and mail nothing', async () => {
    const before = await mailFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { username: 'supplier2', timeZone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(400);
    expect(await mailFiles()).toEqual(before);
  });

  it('should answer an unknown username as it answers a known one, and mail nothing', async () => {
    const ask = (username: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { username }, remoteAddress });
    const before = await mailFiles();
    const unknown = await ask('nobody', '10.9.0.1');
    const known = await ask('customs2', '10.9.0.5');
    // Status, headers that could differ by content, and body: the same.
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    expect(unknown.json()).toEqual({ message: 'Check your email to change the password' });
    // Only the known one's mail goes out.
    await expect.poll(async () => (await mailFiles()).length).toBe(before.length + 1);
    const added = (await mailFiles()).filter((f) => !before.includes(f));
    const mail = await simpleParser(await readFile(path.join(mailDir(), added[0]!)));
    expect(mail.to).toMatchObject({ value: [{ address: 'customs2@scrap-portal.test' }] });
  });

  it('should ask for a captcha after 3 unknown usernames from one address, then for any username', async () => {
    const ask = (username: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { username }, remoteAddress: '10.9.0.2' });
    for (const ghost of ['ghost-1', 'ghost-2', 'ghost-3']) expect((await ask(ghost)).statusCode).toBe(200);
    for (const username of ['ghost-4', 'supplier2']) {
      const res = await ask(username);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Solve the captcha to continue', captchaRequired: true });
    }
  });

  it('should refuse an expired link and a made-up one with the expired-link text', async () => {
    const [user] = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = 'rail1'`);
    await createPasswordReset(t.app.db, user!.id, resetTokenHash('old-link'), new Date(Date.now() - 1000));
    for (const token of ['old-link', 'never-mailed']) {
      const res = await change('Long-enough-1', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'The link expired, please request new password' });
    }
    expect((await signIn('rail1', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('should delete recovery links once they expired, and only those', async () => {
    const [user] = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = 'carrier2'`);
    const inAnHour = new Date(Date.now() + 3_600_000);
    await createPasswordReset(t.app.db, user!.id, resetTokenHash('cleanup-link'), inAnHour);
    const links = () =>
      queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from password_resets where token_hash = ${resetTokenHash('cleanup-link')}`,
      );
    await cleanupExpiredPasswordResets(t.app.db);
    expect(await links()).toEqual([{ n: 1 }]);
    await cleanupExpiredPasswordResets(t.app.db, new Date(inAnHour.getTime() + 1000));
    expect(await links()).toEqual([{ n: 0 }]);
  });

  it('should refuse a password under 8 characters and keep the link usable', async () => {
    const token = linkOf(await recover('supplier1')).searchParams.get('token')!;
    const short = await change('short', token);
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual({ password: 'Mininum characters is at least 8' });
    expect((await change('Long-enough-2', token)).statusCode).toBe(200);
    expect((await signIn('supplier1', 'Long-enough-2')).statusCode).toBe(200);
  });
});

describe('open event streams end with the password change', () => {
  it('should close the user’s open /api/events stream and keep other users’ streams open', async () => {
    const session = await t.login('customs2');
    const other = await t.login('admin');
    const stream = await openStream(base, session);
    const otherStream = await openStream(base, other);
    const ticketBefore = await streamTicket(base, session);
    let otherEnded = false;
    void otherStream.ended.then(() => (otherEnded = true));
    const token = linkOf(await recover('customs2')).searchParams.get('token')!;
    expect((await change('Stream-ends-1', token)).statusCode).toBe(200);
    // The stream ends on its own (the test's timeout bounds the wait), its last frame telling the tab why.
    expect(await stream.ended).toMatch(/: connected[\s\S]*event: session-ended\ndata: \{\}\n\n$/);
    expect(otherEnded).toBe(false);
    await otherStream.cancel();
    // A new stream needs a new session: the ended one gets no ticket, and a ticket it got before is refused.
    expect((await fetch(`${base}/api/events/ticket`, { method: 'POST', headers: bearer(session) })).status).toBe(401);
    expect((await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticketBefore)}`)).status).toBe(401);
  });

  it.runIf(usePostgres)(
    'should close a stream held by a second app instance (its own pool and LISTEN connection) on the same database',
    async () => {
      const database = await openDatabase({ url: t.app.config.databaseUrl! });
      const second = await buildApp({
        database,
        logger: false,
        config: { ...t.app.config, port: 0, jobsEnabled: false, seedDemo: false },
      });
      try {
        await second.listen({ port: 0, host: '127.0.0.1' });
        const origin = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
        const stream = await openStream(origin, await t.login('carrier2'));
        const token = linkOf(await recover('carrier2')).searchParams.get('token')!;
        expect((await change('Other-process-1', token)).statusCode).toBe(200);
        await expect(stream.ended).resolves.toContain(': connected');
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});

describe('PUT /api/auth/password/own (signed in)', () => {
  const own = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/password/own', headers: bearer(token), payload });

  it('should require a session, then the right current password', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/auth/password/own',
          payload: { currentPassword: DEMO_PASSWORD, password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const session = await t.login('supplier2');
    const wrong = await own(session, { currentPassword: 'not-it-at-all', password: 'Brand-new-pass' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'The current password is not correct',
      details: { currentPassword: 'The current password is not correct' },
    });
    expect((await renew(session)).statusCode).toBe(200);
    const short = await own(session, { currentPassword: DEMO_PASSWORD, password: 'short' });
    expect(short.statusCode).toBe(400);
  });

  it('should change it, end the other sessions and answer a fresh token for this one', async () => {
    const phone = await t.login('adminro');
    const laptop = await t.login('adminro');
    const res = await own(laptop, { currentPassword: DEMO_PASSWORD, password: 'Own-change-2026', expiresIn: 60_000 });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json<{ token: string; user: { username: string } }>();
    expect(user.username).toBe('adminro');
    expect((await renew(token)).statusCode).toBe(200);
    expect((await renew(phone)).statusCode).toBe(401);
    expect((await renew(laptop)).statusCode).toBe(401);
    expect((await signIn('adminro', 'Own-change-2026')).statusCode).toBe(200);
  });

  it("should tell the other devices' streams the session ended, and close the changing one's quietly", async () => {
    const session = async (expiresIn: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'customs1', password: DEMO_PASSWORD, expiresIn },
        })
      ).json<{ token: string }>().token;
    // Two devices: their tokens differ (here by their lifetimes).
    const phone = await session(3_600_000);
    const laptop = await session(7_200_000);
    expect(phone).not.toBe(laptop);
    const phoneStream = await openStream(base, phone);
    const laptopStream = await openStream(base, laptop);
    expect((await own(laptop, { currentPassword: DEMO_PASSWORD, password: 'Quiet-change-1' })).statusCode).toBe(200);
    expect(await phoneStream.ended).toMatch(/event: session-ended\ndata: \{\}\n\n$/);
    // The laptop has its new token in the answer; its old stream just ends.
    expect(await laptopStream.ended).not.toContain('session-ended');
  });
});

describe('recovery mail through SMTP_URL', () => {
  let smtp: SMTPServer;
  let mailApp: FastifyInstance;
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  const waiters = new Set<() => void>();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            for (const wake of waiters) wake();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    // A second app on the same database, configured with the mail server.
    mailApp = await buildApp({
      database: t.database,
      logger: false,
      config: {
        ...t.app.config,
        port: 0,
        jobsEnabled: false,
        seedDemo: false,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: '"Patio Norte" <avisos@patio-norte.test>',
      },
    });
  });
  afterAll(async () => {
    await mailApp.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  /** The `count`-th mail the server receives (the test's timeout bounds the wait). */
  async function nextMail(count: number): Promise<ParsedMail> {
    while (received.length < count) await new Promise<void>((resolve) => waiters.add(resolve));
    return received[count - 1]!.mail;
  }

  it('should deliver the link to the user’s address; following it sets the password that then signs in', async () => {
    const before = await mailFiles();
    const res = await mailApp.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
      payload: { username: 'Rail1' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await nextMail(1);
    expect(received[0]!.envelopeTo).toEqual(['rail1@scrap-portal.test']);
    // MAIL_FROM names the sender.
    expect(mail.from?.value).toEqual([{ name: 'Patio Norte', address: 'avisos@patio-norte.test' }]);
    expect(mail.subject).toBe('Cambia tu contraseña de Scrap Portal');
    const href = /href="([^"]+)"/.exec(mail.html || '')?.[1];
    expect(href).toBeDefined();
    const link = new URL(href!.replace(/&amp;/g, '&'));
    expect(link.pathname).toBe('/login/change-password');

    const put = await mailApp.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { password: 'Via-smtp-2026', token: link.searchParams.get('token') },
    });
    expect(put.statusCode).toBe(200);
    expect((await signIn('rail1', 'Via-smtp-2026')).statusCode).toBe(200);
    expect((await signIn('rail1', DEMO_PASSWORD)).statusCode).toBe(401);
    // Nothing went to the file fallback.
    expect(await mailFiles()).toEqual(before);
  });
});
