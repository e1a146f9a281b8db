/**
 * Outgoing mail through nodemailer. With `SMTP_URL` the message goes to that server; without it the
 * whole message is written as an .eml file under DATA_DIR/mail, so a portal with no mail server still
 * "sends" (an operator opens the file, a test reads it) instead of failing.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the message; for the file fallback, resolves with the path of the written .eml. */
  send(message: MailMessage): Promise<{ file?: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  /** The sender; unset, one on the portal's own host name. */
  mailFrom?: string | undefined;
  dataDir: string;
  publicUrl: string;
}

/** The folder of the file fallback. */
export const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

/** A sender address on the portal's own host name, so replies do not go to a stranger's domain. */
function senderOf(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is checked elsewhere; a mail still needs a sender.
  }
  return `"Scrap Portal" <no-reply@${host}>`;
}

export function createMailer({ smtpUrl, mailFrom, dataDir, publicUrl }: MailerOptions): Mailer {
  const from = mailFrom?.trim() || senderOf(publicUrl);
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from, ...message });
        return {};
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = mailFolder(dataDir);
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      // The file holds a sign-in secret (the reset link): readable by the portal's user only. It is written
      // under another name and renamed once whole, so whoever reads the folder never opens half a mail.
      // A write that fails midway (a full disk) takes its part with it: half a mail, and maybe half a reset
      // link, is never left in the folder, and the space it took is given back.
      const part = `${file}.part`;
      try {
        await writeFile(part, info.message, { mode: 0o600 });
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return { file };
    },
    close: () => transport.close(),
  };
}
