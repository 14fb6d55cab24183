import type { Throttles, ThrottleCount } from '../auth/throttles';
import { ApiError } from '../errors';
import type { Mailer, MailMessage } from './mailer';

/**
 * How many mails the server sends (docs/decisions/055), whatever the kind: invitations,
 * verification, password reset, the sign-up notice, and every kind added later. Per recipient
 * a person can still ask again after a lost mail; per nursery a nursery can invite its whole team
 * in an hour. Counted in the `throttles` table, so every instance on one database shares them.
 */
export const MAIL_LIMITS = {
  /** Mails to one address in 10 minutes. */
  recipientPer10Minutes: 3,
  /** Mails to one address in a day. */
  recipientPerDay: 10,
  /** Mails on behalf of one nursery in an hour. */
  nurseryPerHour: 100,
} as const;

const MINUTE_MS = 60_000;

interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** The sentence for the person refused, before "Try again in …". */
  sentence: string;
}

/** Who a mail is sent on behalf of: the nursery it names or concerns (a person's own, an inviter's). */
export interface MailSender {
  nursery: string;
}

interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** "Try again in 7 minutes." / "in 1 minute" / "in 23 hours": when the first limit that refused ends. */
export function tryAgainIn(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  if (minutes <= 90) return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  const hours = Math.ceil(minutes / 60);
  return `Try again in ${hours} hours.`;
}

/**
 * The one way the server sends mail (docs/decisions/055): each mail is counted against its
 * recipient and its nursery before it goes, so no kind of mail, present or future, can be used to
 * flood an address or send through the server at request speed. Sending itself happens in the
 * background, as before (sendInBackground): no answer waits for the mail server.
 */
export class Outbox {
  constructor(
    private readonly mailer: Mailer,
    private readonly throttles: Throttles,
    private readonly now: () => number,
    private readonly log: OutboxLog,
  ) {}

  /**
   * For a mail the person asking may be told about (an invitation): throws 429 with a sentence
   * when a limit is reached, and sends nothing; otherwise sends it in the background.
   */
  async send(message: MailMessage, sender: MailSender): Promise<void> {
    const refusal = await this.admit(message, sender);
    if (refusal !== null) throw new ApiError(429, refusal);
    this.deliver(message);
  }

  /**
   * For a mail whose answer must not reveal whether an account exists (verification, password
   * reset, the sign-up notice): the caller answers as always at once; the mail is counted and sent
   * in the background, and one over a limit is not sent, only logged.
   */
  sendQuietly(message: MailMessage, sender: MailSender): void {
    this.admit(message, sender).then(
      (refusal) => {
        if (refusal === null) this.deliver(message);
        else
          this.log.warn({ to: message.to, subject: message.subject, nursery: sender.nursery, refusal }, 'A mail was not sent (mail limit)');
      },
      (error: unknown) => this.log.error({ err: error, to: message.to, subject: message.subject }, 'Sending mail failed'),
    );
  }

  /**
   * For a mail whose outcome is kept (customer mail, docs/decisions/077): counted like every
   * other, then sent and waited for, so the caller can log what happened. Never throws: a mail
   * over a limit answers `refused` with the sentence a person reads, one the mail server did not
   * take answers `failed`.
   */
  async sendAndReport(message: MailMessage, sender: MailSender): Promise<MailOutcome> {
    let refusal: string | null;
    try {
      refusal = await this.admit(message, sender);
    } catch (error) {
      this.log.error({ err: error, to: message.to, subject: message.subject }, 'Sending mail failed');
      return { status: 'failed', note: MAIL_NOT_SENT };
    }
    if (refusal !== null) return { status: 'refused', note: refusal };
    try {
      await this.mailer.send(message);
      return { status: 'sent', note: '' };
    } catch (error) {
      this.log.error({ err: error, to: message.to, subject: message.subject }, 'Sending mail failed');
      return { status: 'failed', note: MAIL_NOT_SENT };
    }
  }

  close(): void {
    this.mailer.close();
  }

  /**
   * Counts the mail on each limit in turn (each hit is one atomic upsert, shared by instances), so
   * two instances racing for the last place never both send. The first limit passed stops the
   * count and every hit is given back: a refused mail costs nothing and never touches the later
   * counters, so a burst of refusals cannot briefly fill the daily or nursery window and refuse a
   * mail that was within every limit. Null when the mail may go.
   */
  private async admit(message: MailMessage, sender: MailSender): Promise<string | null> {
    const recipient = message.to.trim().toLowerCase();
    const limits: Limit[] = [
      { key: `mail-to|${recipient}|10m`, max: MAIL_LIMITS.recipientPer10Minutes, windowMs: 10 * MINUTE_MS, sentence: TOO_MANY_TO_ADDRESS },
      { key: `mail-to|${recipient}|day`, max: MAIL_LIMITS.recipientPerDay, windowMs: 24 * 60 * MINUTE_MS, sentence: TOO_MANY_TO_ADDRESS },
      {
        key: `mail-nursery|${sender.nursery}|hour`,
        max: MAIL_LIMITS.nurseryPerHour,
        windowMs: 60 * MINUTE_MS,
        sentence: TOO_MANY_FROM_NURSERY,
      },
    ];
    for (const [i, limit] of limits.entries()) {
      const count: ThrottleCount = await this.throttles.hit(limit.key, limit.windowMs);
      if (count.count <= limit.max) continue;
      for (const hit of limits.slice(0, i + 1)) await this.throttles.refund(hit.key);
      // A later limit already full makes the wait longer: the longest wait decides when the mail could go.
      let resetsAt = count.resetsAt;
      for (const later of limits.slice(i + 1)) {
        const window = await this.throttles.peek(later.key);
        if (window && window.count >= later.max) resetsAt = Math.max(resetsAt, window.resetsAt);
      }
      return `${limit.sentence} ${tryAgainIn(resetsAt - this.now())}`;
    }
    return null;
  }

  private deliver(message: MailMessage): void {
    this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ err: error, to: message.to, subject: message.subject }, 'Sending mail failed'));
  }
}

/** What became of a mail sent with `sendAndReport`: `note` is the sentence for a person, '' when sent. */
export interface MailOutcome {
  status: 'sent' | 'refused' | 'failed';
  note: string;
}

/** A mail the mail server did not take (the operator's log has the reason). */
export const MAIL_NOT_SENT = 'The mail server did not take this mail. The server log says why; it was not sent again.';

export const TOO_MANY_TO_ADDRESS = 'Too many e-mails to this address.';
export const TOO_MANY_FROM_NURSERY = 'Your nursery has sent too many e-mails this hour.';
