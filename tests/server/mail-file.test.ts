/**
 * The mail fallback without a mail server (an .eml per mail under DATA_DIR/mail) on a disk that fills up
 * while a mail is written: a tmpfs of 16 kB, mounted for the test (it needs root, as CI runs; elsewhere
 * the file is skipped and says so).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, mailFolder } from '../../src/server/mail/mailer';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-mail-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', dataDir], { stdio: 'ignore' });
  mounted = true;
} catch {
  rmSync(dataDir, { recursive: true, force: true });
  console.warn('mail-file.test.ts skipped: mounting a small tmpfs needs root');
}

describe.skipIf(!mounted)('the mail file fallback on a full disk', () => {
  const mailer = createMailer({ smtpUrl: undefined, dataDir, publicUrl: 'http://portal.example' });
  afterAll(() => {
    mailer.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should refuse a mail the disk cannot hold and leave nothing of it, then write the next one whole', async () => {
    const big = 'x'.repeat(64 * 1024);
    await expect(
      mailer.send({ to: 'a@example.com', subject: 'Too big', text: big, html: `<p>${big}</p>` }),
    ).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(mailFolder(dataDir))).toEqual([]);
    // The space the half-written part took is free again: a small mail fits.
    const { file } = await mailer.send({
      to: 'a@example.com',
      subject: 'Reset',
      text: 'Your link',
      html: '<p>Your link</p>',
    });
    expect(readdirSync(mailFolder(dataDir))).toEqual([path.basename(file!)]);
  });
});
