import type { Kysely } from 'kysely';
import type { BalanceLinks } from '#domain/customers/balance-link';
import {
  CUSTOMER_MAIL_KIND_TABLE,
  type CustomerMailKind,
  type CustomerMailStatus,
  type StatementMailAnswer,
} from '#domain/customers/customer-mail';
import { trolleysOfStop } from '#domain/ledger/booking';
import { closingInWords } from '#domain/ledger/balance-words';
import { buildStatement, isStatementPeriod, STATEMENT_PERIOD_PROBLEM, type StatementMovement } from '#domain/ledger/statement';
import { statementFileName } from '#domain/ledger/statement-csv';
import { deliveryNoteFileName } from '#domain/runs/drops';
import { COUNTS, type Balance } from '#domain/ledger/balance';
import { dayNumber, isoOfDay, longDate } from '#domain/ledger/iso-dates';
import type { Throttles } from '../auth/throttles';
import type { Database } from '../db/schema';
import type { LedgerService } from '../ledger/ledger-service';
import type { RecordService } from '../records/record-service';
import type { Row } from '../records/record-store';
import { badRequest, notFound } from '../errors';
import type { PdfDrawer } from '../pdf/pdf-drawer';
import { readStopToken, stopUrl } from './customer-mail-stop';
import { deliveredMail, onItsWayMail, reminderMail, statementMail, type CustomerMailParts } from './customer-messages';
import type { MailAttachment, MailMessage } from './mailer';
import type { Outbox } from './outbox';

export interface CustomerMailDeps {
  db: Kysely<Database>;
  records: RecordService;
  outbox: Pick<Outbox, 'sendAndReport'>;
  ledger: Pick<LedgerService, 'previewIn'>;
  appUrl: string;
  /** Signs the stop links (the server's token secret). */
  secret: string;
  /** CUSTOMER_MAIL: off sends no customer mail at all (docs/decisions/077). */
  enabled: boolean;
  /** The customers' balance links (docs/decisions/078); null until they exist: the mails then go without one. */
  balanceLinks: BalanceLinks | null;
  log: { error(obj: object, msg: string): void };
  /** The server's clock: which customers are past "Remind after N days", and the week of a reminder. */
  now: () => Date;
  /** Claims each customer's reminder week atomically in the database, whichever instance sweeps (docs/decisions/077). */
  throttles: Pick<Throttles, 'hit'>;
  /** Draws the delivery note and statement PDFs, off the main thread (docs/decisions/080). */
  pdfs: Pick<PdfDrawer, 'draw'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most one reminder a customer in this long. */
export const REMINDER_EVERY_MS = 7 * DAY_MS;
/** A return or a collection recorded this recently holds the reminder back. */
const RECENT_RETURN_DAYS = 7;

/** A contact as the mail reads it. */
interface Contact {
  id: string;
  customer: string;
  email: string;
}

/** What a stop link found: the nursery that sends the mail, the address and the kind; null for a link that does not work. */
export interface StopLinkTarget {
  nurseryName: string;
  email: string;
  kind: CustomerMailKind;
  /** Stopped already (by this link before, or switched off by the office). */
  stopped: boolean;
}

const ZERO: Balance = { trolleys: 0, shelves: 0, extensions: 0 };

/** CUSTOMER_MAIL=off, as the office reads it when it asks for a mail. */
export const CUSTOMER_MAIL_OFF = 'This server sends no customer mail: its operator turned it off (CUSTOMER_MAIL=off).';

/** SQLite keeps a boolean as 0/1, PostgreSQL as true/false. */
const isOn = (value: unknown): boolean => value === true || Number(value) === 1;

/** The nursery's and its customers' clock: the times in customer mail and on its PDFs. */
const NURSERY_TIME_ZONE = 'Europe/London';

/** The office's message after mailing a statement: to whom it went, and to whom not and why. */
function statementMailSentence(
  customerName: string,
  sentTo: readonly string[],
  notSent: ReadonlyArray<{ to: string; note: string }>,
): string {
  const went =
    sentTo.length > 0 ? `${customerName}'s statement went to ${sentTo.join(', ')}.` : `${customerName}'s statement was not sent.`;
  return [went, ...notSent.map(({ to, note }) => `Not sent to ${to}: ${note}`)].join(' ');
}

/** "10:42 on Tue 24 Nov 2026" of an ISO time, as the nursery and its customers read it (UK time). */
function ukTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const zone = NURSERY_TIME_ZONE;
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: zone }).format(at);
  const parts = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${time} on ${longDate(`${part('year')}-${part('month')}-${part('day')}`)}`;
}

/**
 * Customer mail (docs/decisions/077): delivery notices when a run is dispatched and when a drop is
 * recorded, each to the contacts an office member entered for that kind, each sent through the
 * Outbox's limits after the change that causes it has committed, in the background, and each
 * written to the customer's mail log as sent or not sent (and why). Nothing here can fail the
 * dispatch or the drop: a mail that cannot go is a line in the log.
 */
export class CustomerMailService {
  readonly #pending = new Set<Promise<void>>();
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: CustomerMailDeps) {}

  /** A run was dispatched (committed): "on its way today" to each stop's customer. */
  dispatched(nursery: string, runId: string): void {
    this.#background(() => this.#sendOnItsWay(nursery, runId), { nursery, runId });
  }

  /** A drop was recorded (committed): the delivery note to its customer, when delivered. */
  dropRecorded(nursery: string, runId: string, dropId: string): void {
    this.#background(() => this.#sendDelivered(nursery, runId, dropId), { nursery, runId, dropId });
  }

  /** Waits for the mails under way (shutdown, so none is cut off by the database closing). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /**
   * Balance reminders (docs/decisions/077): each customer of every nursery who has held something
   * longer than its nursery's "Remind after N days", has a contact who receives reminders, and
   * returned nothing in the last week gets one reminder, at most one in 7 days. The 7 days are
   * claimed per customer in the database (one atomic upsert in the shared throttles), so two
   * instances sweeping at once send one reminder, not two. Returns how many customers were
   * reminded (sent or not: each is on the mail log).
   */
  async sweepReminders(): Promise<number> {
    if (!this.deps.enabled) return 0;
    const now = this.deps.now();
    const today = dayNumber(now.toISOString().slice(0, 10));
    if (today === null) return 0;
    const held = await this.deps.db
      .selectFrom('trolley_balances as b')
      .innerJoin('nurseries as n', 'n.id', 'b.nursery')
      .select(['b.nursery', 'b.customer', 'b.trolleys', 'b.shelves', 'b.extensions', 'b.since', 'n.remindAfterDays'])
      .where('b.since', '!=', '')
      .execute();
    let reminded = 0;
    for (const row of held) {
      const counts: Balance = { trolleys: Number(row.trolleys), shelves: Number(row.shelves), extensions: Number(row.extensions) };
      if (!COUNTS.some((count) => counts[count] > 0)) continue;
      const since = dayNumber(row.since);
      if (since === null || today - since <= Number(row.remindAfterDays)) continue;
      const recentReturn = await this.deps.db
        .selectFrom('trolley_movements')
        .select('id')
        .where('nursery', '=', row.nursery)
        .where('customer', '=', row.customer)
        .where('kind', '=', 'in')
        .where('date', '>=', isoOfDay(today - RECENT_RETURN_DAYS))
        .executeTakeFirst();
      if (recentReturn) continue;
      if ((await this.#contactsFor(row.nursery, row.customer, 'balanceReminders')).length === 0) continue;
      // The claim: the first hit in the customer's 7-day window sends; any other (a second instance, a second sweep) does not.
      const claim = await this.deps.throttles.hit(`customer-reminder|${row.nursery}|${row.customer}`, REMINDER_EVERY_MS);
      if (claim.count !== 1) continue;
      reminded++;
      await this.#sendToContacts(row.nursery, row.customer, 'balanceReminders', (parts) =>
        reminderMail(parts, { counts, since: row.since }),
      );
    }
    return reminded;
  }

  /** Sweeps for reminders every `everyMs`, the first after `firstAfterMs`; stop() ends it. */
  startReminders(timing: { firstAfterMs: number; everyMs: number }): void {
    if (!this.deps.enabled || this.#timer) return;
    const run = () =>
      void this.sweepReminders().catch((error: unknown) => this.deps.log.error({ err: error }, 'The balance reminders failed'));
    this.#timer = setTimeout(() => {
      run();
      this.#timer = setInterval(run, timing.everyMs);
      this.#timer.unref();
    }, timing.firstAfterMs);
    this.#timer.unref();
  }

  stopReminders(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** What a stop link names, for its page; null when the link does not work (forged, or its contact removed). */
  async stopTarget(token: string): Promise<StopLinkTarget | null> {
    const read = readStopToken(this.deps.secret, token);
    if (!read) return null;
    const contact = await this.deps.db.selectFrom('customer_contacts').selectAll().where('id', '=', read.contact).executeTakeFirst();
    if (!contact) return null;
    return {
      nurseryName: await this.#nurseryName(contact.nursery),
      email: contact.email,
      kind: read.kind,
      stopped: !isOn(contact[read.kind]),
    };
  }

  /**
   * The stop button pressed (or a mail program's one-click POST): the contact gets no more of that
   * kind, and the customer's mail log says so. Pressed again, nothing more happens.
   */
  async stop(token: string): Promise<StopLinkTarget | null> {
    const target = await this.stopTarget(token);
    const read = readStopToken(this.deps.secret, token);
    if (!target || !read) return null;
    if (target.stopped) return target;
    const contact = await this.deps.db.selectFrom('customer_contacts').selectAll().where('id', '=', read.contact).executeTakeFirstOrThrow();
    const plural = CUSTOMER_MAIL_KIND_TABLE[read.kind].plural;
    await this.deps.records.systemBatch(async (batch) => {
      await batch.update('customer_contacts', contact as unknown as Row, { [read.kind]: false });
      await batch.insert('customer_mail', {
        nursery: contact.nursery,
        customer: contact.customer,
        contact: contact.id,
        kind: read.kind,
        status: 'stopped' satisfies CustomerMailStatus,
        to: contact.email,
        subject: `Stopped ${plural}`,
        note: `${contact.email} chose to get no more ${plural}, with the link in a mail.`,
      });
    });
    return { ...target, stopped: true };
  }

  #background(work: () => Promise<void>, context: object): void {
    if (!this.deps.enabled) return;
    const running: Promise<void> = work()
      .catch((error: unknown) => this.deps.log.error({ err: error, ...context }, 'Customer mail failed'))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  async #sendOnItsWay(nursery: string, runId: string): Promise<void> {
    const preview = await this.deps.ledger.previewIn(this.deps.db, { nursery }, runId);
    // One mail per contact, whatever the number of the customer's stops on the run: their counts add up.
    const coming = new Map<string, Balance>();
    for (const stop of preview.stops) {
      if (stop.customer === '' || !stop.booked) continue;
      const sum = coming.get(stop.customer) ?? { ...ZERO };
      for (const count of COUNTS) sum[count] += stop[count];
      coming.set(stop.customer, sum);
    }
    for (const [customer, counts] of coming)
      await this.#sendToContacts(nursery, customer, 'deliveryNotices', (parts) =>
        onItsWayMail(parts, { date: preview.run.date, coming: counts }),
      );
  }

  /**
   * The office mails a customer's statement for `from`..`to` (docs/decisions/080) to each contact
   * who receives statements, the PDF attached; each mail logged like all customer mail. Awaited:
   * the office is told to whom it went. Throws 400 with a sentence for a bad period, a customer
   * without a statement contact, or customer mail turned off; 404 for a customer not of `nursery`.
   */
  async mailStatement(nursery: string, customer: string, period: { from: string; to: string }): Promise<StatementMailAnswer> {
    if (!this.deps.enabled) throw badRequest(CUSTOMER_MAIL_OFF);
    const { from, to } = period;
    if (!isStatementPeriod(from, to))
      throw badRequest(STATEMENT_PERIOD_PROBLEM, { from: { code: 'validation_invalid_value', message: STATEMENT_PERIOD_PROBLEM } });
    const customerRow = await this.deps.db
      .selectFrom('customers')
      .select(['name', 'poolAccount'])
      .where('id', '=', customer)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!customerRow) throw notFound();
    if ((await this.#contactsFor(nursery, customer, 'statements')).length === 0)
      throw badRequest(
        `${customerRow.name} has no contact who receives statements. Add one under Contacts, or turn Statements on for one.`,
      );
    const movements = await this.deps.db
      .selectFrom('trolley_movements')
      .select(['id', 'kind', 'reason', 'date', 'trolleys', 'shelves', 'extensions', 'note', 'created'])
      .where('nursery', '=', nursery)
      .where('customer', '=', customer)
      .where('date', '<=', to)
      .execute();
    const statement = buildStatement(
      movements.map((row) => ({
        ...row,
        kind: row.kind as StatementMovement['kind'],
        trolleys: Number(row.trolleys),
        shelves: Number(row.shelves),
        extensions: Number(row.extensions),
      })),
      from,
      to,
    );
    const nurseryName = await this.#nurseryName(nursery);
    // No text version of a statement: a mail without its PDF would say nothing, so a failure to draw it is the office's 500.
    const bytes = await this.deps.pdfs.draw({
      kind: 'statement',
      input: {
        statement,
        customerName: customerRow.name,
        poolAccount: customerRow.poolAccount,
        nurseryName,
        today: this.deps.now(),
        appUrl: this.deps.appUrl,
      },
    });
    const pdf: MailAttachment = {
      filename: statementFileName(customerRow.name, from, to, 'pdf'),
      contentType: 'application/pdf',
      content: bytes,
    };
    const closing = closingInWords(statement.closing);
    const outcomes = await this.#sendToContacts(nursery, customer, 'statements', (parts) =>
      statementMail(parts, { from, to, closing }, pdf),
    );
    const sentTo = outcomes.filter((outcome) => outcome.sent).map((outcome) => outcome.to);
    const notSent = outcomes.filter((outcome) => !outcome.sent).map(({ to: address, note }) => ({ to: address, note }));
    return { sentTo, notSent, message: statementMailSentence(customerRow.name, sentTo, notSent) };
  }

  async #sendDelivered(nursery: string, runId: string, dropId: string): Promise<void> {
    const drop = await this.deps.db
      .selectFrom('run_drops')
      .selectAll()
      .where('id', '=', dropId)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!drop || drop.outcome !== 'delivered') return;
    const preview = await this.deps.ledger.previewIn(this.deps.db, { nursery }, runId);
    const stop = preview.stops.find((item) => item.stop === drop.stop);
    if (!stop || stop.customer === '') return;
    const left = { trolleys: stop.trolleys, shelves: stop.shelves, extensions: stop.extensions };
    const back = { trolleys: Number(drop.trolleysBack), shelves: Number(drop.shelvesBack), extensions: Number(drop.extensionsBack) };
    const recordedAt = drop.recordedAt || drop.created;
    const note = {
      runName: preview.run.name,
      date: preview.run.date,
      left,
      back,
      receivedBy: drop.receivedBy,
      recordedAt: ukTime(recordedAt),
    };
    // The office's own delivery note (the same drawing), without the phone's signature: it may
    // reach the server after the drop. A note that cannot be drawn leaves the mail its text.
    let pdf: MailAttachment | null = null;
    try {
      const bytes = await this.deps.pdfs.draw({
        kind: 'deliveryNote',
        input: {
          nursery: await this.#nurseryName(nursery),
          run: { name: preview.run.name, date: preview.run.date },
          dropNumber: preview.stops.indexOf(stop) + 1,
          dropCount: preview.stops.length,
          customer: stop.title || stop.customerName,
          postcode: stop.postcode,
          left,
          back,
          planned: trolleysOfStop(stop.trollies),
          outcome: 'delivered',
          reason: drop.reason,
          receivedBy: drop.receivedBy,
          recordedAt,
          today: this.deps.now(),
          appUrl: this.deps.appUrl,
          timeZone: NURSERY_TIME_ZONE,
        },
      });
      pdf = {
        filename: deliveryNoteFileName(stop.title || stop.customerName, preview.run.date, preview.stops.indexOf(stop) + 1),
        contentType: 'application/pdf',
        content: bytes,
      };
    } catch (error) {
      this.deps.log.error(
        { err: error, nursery, runId, dropId },
        'The delivery note PDF could not be drawn; the mail goes with its text only',
      );
    }
    await this.#sendToContacts(nursery, stop.customer, 'deliveryNotices', (parts) => deliveredMail(parts, note, pdf));
  }

  /** One mail to each contact of `customer` who receives `kind` (one per address), each logged. */
  async #sendToContacts(
    nursery: string,
    customer: string,
    kind: CustomerMailKind,
    make: (parts: CustomerMailParts) => MailMessage,
  ): Promise<Array<{ to: string; sent: boolean; note: string }>> {
    const contacts = (
      await this.deps.db
        .selectFrom('customer_contacts')
        .selectAll()
        .where('nursery', '=', nursery)
        .where('customer', '=', customer)
        .execute()
    ).filter((contact) => isOn(contact[kind]) && contact.email.trim() !== '');
    if (contacts.length === 0) return [];
    const customerRow = await this.deps.db
      .selectFrom('customers')
      .select(['name'])
      .where('id', '=', customer)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!customerRow) return [];
    const nurseryName = await this.#nurseryName(nursery);
    const balanceLink = await this.#balanceLink(nursery, customer);
    const seen = new Set<string>();
    const outcomes: Array<{ to: string; sent: boolean; note: string }> = [];
    for (const contact of contacts) {
      const address = contact.email.trim();
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      const message = make({
        to: address,
        nurseryName,
        customerName: customerRow.name,
        kind,
        stopUrl: stopUrl(this.deps.appUrl, this.deps.secret, contact.id, kind),
        balanceLink,
      });
      const outcome = await this.deps.outbox.sendAndReport(message, { nursery });
      await this.deps.records.systemBatch((batch) =>
        batch.insert('customer_mail', {
          nursery,
          customer,
          contact: contact.id,
          kind,
          status: (outcome.status === 'sent' ? 'sent' : 'failed') satisfies CustomerMailStatus,
          to: address,
          subject: message.subject,
          note: outcome.note,
        }),
      );
      outcomes.push({ to: address, sent: outcome.status === 'sent', note: outcome.note });
    }
    return outcomes;
  }

  /** The contacts of a customer who receive `kind`. */
  async #contactsFor(nursery: string, customer: string, kind: CustomerMailKind): Promise<Contact[]> {
    return (
      await this.deps.db
        .selectFrom('customer_contacts')
        .selectAll()
        .where('nursery', '=', nursery)
        .where('customer', '=', customer)
        .execute()
    ).filter((contact) => isOn(contact[kind]) && contact.email.trim() !== '');
  }

  async #nurseryName(nursery: string): Promise<string> {
    const row = await this.deps.db.selectFrom('nurseries').select(['name']).where('id', '=', nursery).executeTakeFirst();
    return row?.name.trim() || 'Your nursery';
  }

  /** The customer's balance link, or none: a link that cannot be made never holds up the mail. */
  async #balanceLink(nursery: string, customer: string): Promise<string | null> {
    if (!this.deps.balanceLinks) return null;
    try {
      return await this.deps.balanceLinks.linkFor(nursery, customer);
    } catch (error) {
      this.deps.log.error({ err: error, nursery, customer }, 'The balance link could not be made; the mail goes without it');
      return null;
    }
  }
}
