// How a rendered e-mail leaves: through SMTP when SMTP_URL is set, otherwise as an .eml file
// under DATA_DIR/mail (the embedded default), built by nodemailer's own MIME composer either way.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../settings.js';

export interface Envelope {
  /** The outbox row; names the .eml file and goes in a header, so a copy can be traced back. */
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as List-Unsubscribe, so mail clients offer a way out of e-mails one may turn off. */
  preferencesUrl?: string;
}

export interface MailTransport {
  /** Resolves once the message is accepted (SMTP) or written (file); rejects with the reason otherwise. */
  send(envelope: Envelope): Promise<void>;
  close(): void;
  describe: string;
}

function mailOptions(envelope: Envelope) {
  return {
    from: envelope.from,
    to: envelope.to,
    subject: envelope.subject,
    text: envelope.text,
    html: envelope.html,
    headers: { 'X-Outbox-Id': String(envelope.outboxId) },
    ...(envelope.preferencesUrl ? { list: { unsubscribe: envelope.preferencesUrl } } : {}),
  };
}

export function smtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a server that does not answer is a failed try, retried later, not a stuck worker.
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const host = new URL(smtpUrl).host;
  return {
    describe: `SMTP ${host}`,
    async send(envelope) {
      await transporter.sendMail(mailOptions(envelope));
    },
    close: () => transporter.close(),
  };
}

export function emlFileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    describe: `.eml files in ${dir}`,
    async send(envelope) {
      const info = await transporter.sendMail(mailOptions(envelope));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, emlFileName(envelope.outboxId)), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

/** One file per outbox message: writing it again (a retry after a crash) replaces it. */
export function emlFileName(outboxId: number): string {
  return `${String(outboxId).padStart(8, '0')}.eml`;
}

export function mailTransportFor(settings: MailSettings): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl) : emlFileTransport(settings.dir);
}
