/**
 * What a first `npm start` shows: the server listens on this machine only unless HOST says otherwise,
 * and its log reads as lines in a development terminal, as JSON in production or when collected.
 * Its portals run on the embedded database in every run, so `npm test` runs it once, not again on
 * PostgreSQL (tests/run-all.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startPortalProcess } from '../fixtures/portal-process';

describe('configuration of a first start', () => {
  it('should listen on 127.0.0.1 unless HOST names another address', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.20' }).host).toBe('192.168.1.20');
  });

  it('should log readable lines in a development terminal and JSON in production or when not a terminal', () => {
    expect(loadConfig({}, {}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, {}, false).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, {}, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, {}, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, {}, false).logFormat).toBe('pretty');
  });
});

describe('the started server', () => {
  it('should listen only on the loopback address by default and print readable log lines', async () => {
    const portal = await startPortalProcess({
      env: { HOST: '', LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const out: string[] = [];
    portal.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => out.push(chunk));
    try {
      await expect.poll(() => out.join('')).toContain('Scrap logistics portal on');
      const lines = out
        .join('')
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.filter((line) => line.trim().startsWith('{'))).toEqual([]);
      const listening = lines.filter((line) => line.includes('Server listening at'));
      expect(listening.length).toBeGreaterThan(0);
      for (const line of listening) expect(line).toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
      expect(lines.some((line) => line.includes('INFO'))).toBe(true);
    } finally {
      await portal.stop();
    }
  });
});
