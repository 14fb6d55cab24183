import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about, logged when mails go to files. */
  link: string;
  /**
   * Headers besides the usual ones: customer mail's one-click stop (List-Unsubscribe and
   * List-Unsubscribe-Post, RFC 8058, docs/decisions/077).
   */
  headers?: Readonly<Record<string, string>>;
  /** Files sent with the mail: a customer's delivery note or statement as a PDF (docs/decisions/080). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** What nodemailer sends of a message, whichever transport. */
function mailOf(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    })),
  };
}

/** The transport. Only the Outbox (outbox.ts) holds one: every mail is counted against the mail limits first. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * nodemailer is loaded with the first mail, not at start: most hours of a server send none, and
 * an idle server is measured by its memory (bench/README.md, `rss_mb_idle_empty`).
 */
function onFirstMail(make: (nodemailer: (typeof import('nodemailer'))['default']) => Transporter): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let made: Promise<Transporter> | null = null;
  return {
    get: () => (made ??= import('nodemailer').then((loaded) => make(loaded.default))),
    close: () => void made?.then((transport) => transport.close()),
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/mail and its
 * link goes to the log, so one machine works without a mail server (docs/decisions/023).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Log): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    const transport = onFirstMail((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport.get()).sendMail(mailOf(message, config.mailFrom));
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  const transport = onFirstMail((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  let counter = 0;
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(mailOf(message, config.mailFrom));
      // A mail file holds a live sign-in or reset link: only the server's account may read it.
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${String(++counter).padStart(4, '0')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      log.info({ to: message.to, file, link: message.link }, `Mail "${message.subject}" written to a file (no SMTP_URL): ${message.link}`);
    },
    close: () => transport.close(),
  };
}
