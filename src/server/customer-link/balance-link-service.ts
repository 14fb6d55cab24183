import { sql, type Kysely } from 'kysely';
import { balanceReplies } from '#domain/collections/balance-replies';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { validateInput } from '#domain/collections/validate-input';
import {
  BALANCE_LINK_DAYS,
  BALANCE_LINK_EXPIRED,
  BALANCE_LINK_REVOKED,
  BALANCE_LINK_THROTTLED,
  BALANCE_LINK_UNKNOWN,
  BALANCE_PAGE_PREFIX,
  type BalanceAnswer,
  type BalanceCounts,
  type BalanceLinks,
  type BalanceLinkView,
  type BalanceMovement,
  type BalanceReplyView,
  type OpenDisputesAnswer,
} from '#domain/customers/balance-link';
import { contestBy, contestOpen, workingDaysLeft } from '#domain/ledger/contest-deadline';
import { isIsoDate } from '#domain/ledger/iso-dates';
import { buildStatement, type StatementMovement } from '#domain/ledger/statement';
import { statementCsv, statementFileName } from '#domain/ledger/statement-csv';
import type { Throttles } from '../auth/throttles';
import type { BalanceLinksTable, Database, UsersTable } from '../db/schema';
import { ApiError, badRequest, notFound, validationFailed } from '../errors';
import { balanceRepliesCollection } from '../records/collections/balance-replies';
import type { RecordService, WriteBatch } from '../records/record-service';
import type { Row } from '../records/record-store';
import { ScopedLinks } from '../scoped-links/scoped-links';

/** The movements the page lists, newest first: years of a busy customer stay one screenful of data. */
export const BALANCE_PAGE_MOVEMENTS = 500;

export interface BalanceLinkServiceDeps {
  db: Kysely<Database>;
  records: RecordService;
  throttles: Throttles;
  tokenSecret: string;
  appUrl: string;
  now: () => Date;
}

/** The link a customer's request came with, checked: known, not revoked, not expired. */
export type BalanceLink = BalanceLinksTable;

/** What a dispute is resolved with: a reply, or an adjustment with its reason. */
export interface ResolveInput {
  reply?: unknown;
  adjustment?: unknown;
}

/**
 * A customer's balance link (docs/decisions/078), shaped as the driver's link: office staff make
 * and revoke one per customer, each mail renews it (`linkFor`); with it, the customer reads only
 * its own balance, movements and statement, and confirms or disputes the balance. The public
 * methods take a link, never a user or an id from the request.
 */
export class BalanceLinkService implements BalanceLinks {
  private readonly links: ScopedLinks<BalanceLinksTable>;

  constructor(private readonly deps: BalanceLinkServiceDeps) {
    this.links = new ScopedLinks(deps, {
      table: 'balance_links',
      scope: 'customer',
      purpose: 'balance-link',
      days: BALANCE_LINK_DAYS,
      throttleKey: 'balance-link',
      revoked: BALANCE_LINK_REVOKED,
      expired: BALANCE_LINK_EXPIRED,
      throttled: BALANCE_LINK_THROTTLED,
    });
  }

  async create(user: UsersTable, customerId: string): Promise<BalanceLinkView> {
    await this.customerOf(user.nursery, customerId);
    return this.view(await this.links.insert({ ...this.links.fresh(user.nursery, user.id), customer: customerId }));
  }

  /** The customer's links, newest first. */
  async list(user: UsersTable, customerId: string): Promise<BalanceLinkView[]> {
    await this.customerOf(user.nursery, customerId);
    return (await this.links.list(user.nursery, customerId)).map((row) => this.view(row));
  }

  /** Revokes a link of the caller's nursery; revoking it again changes nothing. */
  async revoke(user: UsersTable, linkId: string): Promise<BalanceLinkView> {
    return this.view(await this.links.revoke(user, linkId));
  }

  /**
   * The customer's link for a mail (BalanceLinks): its newest working link, renewed to
   * BALANCE_LINK_DAYS from now, else a new one. A revoked or expired link stays dead: the office
   * cancelled it, or it was out long enough to be forwarded. Null for a customer that is gone.
   */
  async linkFor(nurseryId: string, customerId: string): Promise<string | null> {
    const customer = await this.deps.db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .where('nursery', '=', nurseryId)
      .executeTakeFirst();
    if (!customer || nurseryId === '') return null;
    const now = this.deps.now();
    const working = await this.deps.db
      .selectFrom('balance_links')
      .selectAll()
      .where('nursery', '=', nurseryId)
      .where('customer', '=', customerId)
      .where('revokedAt', '=', '')
      .where('expires', '>', now.toISOString())
      .orderBy('created', 'desc')
      .executeTakeFirst();
    if (!working) return this.view(await this.links.insert({ ...this.links.fresh(nurseryId, ''), customer: customerId })).url;
    const expires = this.links.expiresFrom(now);
    await this.deps.db.updateTable('balance_links').set({ expires }).where('id', '=', working.id).where('revokedAt', '=', '').execute();
    return this.view({ ...working, expires }).url;
  }

  /**
   * The link a customer's request's secret belongs to, if it still works; else the sentence why
   * not. Unknown secrets are counted per address, so secrets cannot be tried one after another.
   */
  async linkOf(ip: string, secret: unknown): Promise<BalanceLink> {
    const row = await this.links.throttled(ip, () => this.links.bySecret(secret));
    if (!row) throw new ApiError(401, BALANCE_LINK_UNKNOWN);
    this.links.assertUsable(row);
    // The customer was deleted since: the link opens nothing.
    const customer = await this.deps.db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', row.customer)
      .where('nursery', '=', row.nursery)
      .executeTakeFirst();
    if (!customer) throw new ApiError(401, BALANCE_LINK_UNKNOWN);
    return row;
  }

  /** The link's customer as its page shows it: the nursery, the balance, the movements and replies. */
  async balance(link: BalanceLink): Promise<BalanceAnswer> {
    const [nursery, customer, balance, movements, replies] = await Promise.all([
      this.deps.db.selectFrom('nurseries').select('name').where('id', '=', link.nursery).executeTakeFirst(),
      this.deps.db
        .selectFrom('customers')
        .select('name')
        .where('id', '=', link.customer)
        .where('nursery', '=', link.nursery)
        .executeTakeFirst(),
      this.heldNow(this.deps.db, link.nursery, link.customer),
      this.deps.db
        .selectFrom('trolley_movements as m')
        .leftJoin('trolley_exports as r', (join) => join.onRef('r.id', '=', 'm.run').onRef('r.nursery', '=', 'm.nursery'))
        .select([
          'm.id',
          'm.date',
          'm.kind',
          'm.reason',
          'm.note',
          'm.trolleys',
          'm.shelves',
          'm.extensions',
          'm.created',
          'r.name as runName',
        ])
        .where('m.nursery', '=', link.nursery)
        .where('m.customer', '=', link.customer)
        .orderBy('m.date', 'desc')
        .orderBy('m.created', 'desc')
        .limit(BALANCE_PAGE_MOVEMENTS)
        .execute(),
      this.repliesOf(link.nursery, link.customer),
    ]);
    return {
      nursery: nursery?.name ?? '',
      customer: customer?.name ?? '',
      expires: link.expires,
      today: this.today(),
      balance,
      movements: movements.map((m): BalanceMovement => ({
        id: m.id,
        date: m.date,
        kind: m.kind === 'in' ? 'in' : m.kind === 'out' ? 'out' : 'adjustment',
        reason: m.reason,
        note: m.note,
        run: m.runName ?? '',
        trolleys: Number(m.trolleys),
        shelves: Number(m.shelves),
        extensions: Number(m.extensions),
        created: m.created,
      })),
      replies,
    };
  }

  /** The link's customer's statement of `from`..`to` as CSV, as the office downloads it. */
  async statement(link: BalanceLink, from: unknown, to: unknown): Promise<{ fileName: string; csv: string }> {
    const today = this.today();
    const start = typeof from === 'string' && from !== '' ? from : `${today.slice(0, 7)}-01`;
    const end = typeof to === 'string' && to !== '' ? to : today;
    if (!isIsoDate(start) || !isIsoDate(end)) throw badRequest('Enter the statement dates as year-month-day, for example 2026-11-01.');
    if (start > end) throw badRequest('The statement must start on or before the day it ends.');
    const [customer, rows] = await Promise.all([
      this.deps.db
        .selectFrom('customers')
        .select('name')
        .where('id', '=', link.customer)
        .where('nursery', '=', link.nursery)
        .executeTakeFirst(),
      this.deps.db
        .selectFrom('trolley_movements')
        .select(['id', 'kind', 'reason', 'date', 'note', 'trolleys', 'shelves', 'extensions', 'created'])
        .where('nursery', '=', link.nursery)
        .where('customer', '=', link.customer)
        .where('date', '<=', end)
        .execute(),
    ]);
    const movements: StatementMovement[] = rows.map((row) => ({
      ...row,
      kind: row.kind === 'in' ? 'in' : row.kind === 'out' ? 'out' : 'adjustment',
      trolleys: Number(row.trolleys),
      shelves: Number(row.shelves),
      extensions: Number(row.extensions),
    }));
    const name = customer?.name ?? '';
    return { fileName: statementFileName(name, start, end, 'csv'), csv: statementCsv(buildStatement(movements, start, end), name) };
  }

  /**
   * A confirmation (the ledger's counts today) or a dispute (the counts the customer believes, a
   * note); the photo, if any, is stored by the caller after. Written as the link, for the office live.
   */
  async reply(link: BalanceLink, given: Record<string, unknown>): Promise<Row> {
    const read = validateInput(balanceReplies, given, 'create');
    if (!read.ok) throw validationFailed(read.errors);
    const input = read.value;
    const note = input.note.trim();
    return this.deps.records.systemBatch(async (batch) => {
      const ledger = await this.heldNow(batch.db, link.nursery, link.customer);
      const claimed: BalanceCounts =
        input.kind === 'confirm' ? ledger : { trolleys: input.trolleys, shelves: input.shelves, extensions: input.extensions };
      if (input.kind === 'dispute' && sameCounts(claimed, ledger) && note === '')
        throw validationFailed({
          trolleys: {
            code: 'validation_required',
            message: 'Enter the counts you believe you hold, or say in the note what is wrong with the balance.',
          },
        });
      return batch.insert('balance_replies', {
        nursery: link.nursery,
        customer: link.customer,
        link: link.id,
        kind: input.kind,
        asOf: this.today(),
        ...claimed,
        ledgerTrolleys: ledger.trolleys,
        ledgerShelves: ledger.shelves,
        ledgerExtensions: ledger.extensions,
        note,
        photo: '',
        outcome: '',
        reply: '',
        movement: '',
        resolvedAt: '',
        resolvedBy: '',
      });
    });
  }

  /** The reply as the customer's page shows it. */
  replyView(row: Row): BalanceReplyView {
    return replyViewOf(balanceRepliesCollection.toRecord(row));
  }

  /** The nursery's open disputes, oldest first, and the pool statement still open to contest. */
  async openDisputes(user: UsersTable): Promise<OpenDisputesAnswer> {
    const rows = await this.deps.db
      .selectFrom('balance_replies as r')
      .innerJoin('customers as c', (join) => join.onRef('c.id', '=', 'r.customer').onRef('c.nursery', '=', 'r.nursery'))
      .selectAll('r')
      .select('c.name as customerName')
      .where('r.nursery', '=', user.nursery)
      .where('r.kind', '=', 'dispute')
      .where('r.outcome', '=', '')
      .orderBy('r.created')
      .orderBy(sql.ref('r.seq'))
      .execute();
    const today = this.today();
    const statement = await this.deps.db
      .selectFrom('pool_statements')
      .select('statementDate')
      .where('nursery', '=', user.nursery)
      .orderBy('statementDate', 'desc')
      .executeTakeFirst();
    const date = statement ? String(statement.statementDate) : '';
    return {
      items: rows.map((row) => ({
        ...replyViewOf(balanceRepliesCollection.toRecord(row as unknown as Row)),
        customer: row.customer,
        customerName: row.customerName,
      })),
      contest:
        date !== '' && contestOpen(date, today)
          ? { statementDate: date, contestBy: contestBy(date), workingDaysLeft: workingDaysLeft(date, today) }
          : null,
    };
  }

  /**
   * Resolves an open dispute of the caller's nursery: with a reply (its text), or with an
   * adjustment (counts and reason) written in the same transaction as the dispute's outcome, so
   * neither is ever there without the other.
   */
  async resolve(user: UsersTable, replyId: string, input: ResolveInput): Promise<BalanceReplyView> {
    const adjustment = input.adjustment;
    const replyText = typeof input.reply === 'string' ? input.reply.trim() : '';
    if (adjustment === undefined && replyText === '')
      throw badRequest('Write a reply to the customer, or adjust the balance with a reason.', {
        reply: { code: 'validation_required', message: 'Write a reply, or adjust the balance instead.' },
      });
    if (replyText.length > 1000)
      throw badRequest('The reply is too long: keep it under 1000 characters.', {
        reply: { code: 'validation_max_text_constraint', message: 'Keep the reply under 1000 characters.' },
      });
    return this.deps.records.systemBatch(
      async (batch) => {
        const existing = await this.replyRow(batch, user.nursery, replyId);
        if (String(existing.kind) !== 'dispute' || String(existing.outcome) !== '')
          throw badRequest(
            String(existing.kind) !== 'dispute'
              ? 'A confirmation needs no answer.'
              : 'This dispute was resolved already. Reload to see how.',
          );
        const now = this.deps.now().toISOString();
        if (adjustment === undefined) {
          const row = await batch.update('balance_replies', existing, {
            outcome: 'replied',
            reply: replyText,
            resolvedAt: now,
            resolvedBy: user.id,
          });
          return this.replyView(row);
        }
        const given = typeof adjustment === 'object' && adjustment !== null ? (adjustment as Record<string, unknown>) : {};
        const read = validateInput(
          trolleyMovements,
          { ...given, kind: 'adjustment', customer: String(existing.customer), date: now.slice(0, 10) },
          'create',
        );
        if (!read.ok) throw validationFailed(read.errors);
        const value = read.value;
        const movement = await batch.insert('trolley_movements', {
          nursery: user.nursery,
          customer: String(existing.customer),
          kind: 'adjustment',
          reason: value.reason,
          date: now.slice(0, 10),
          trolleys: value.trolleys,
          shelves: value.shelves,
          extensions: value.extensions,
          note: value.note.trim() || 'After the customer disputed its balance',
          recordedBy: user.id,
          run: '',
          stop: '',
          created_by: user.id,
          updated_by: '',
        });
        const row = await batch.update('balance_replies', existing, {
          outcome: 'adjusted',
          reply: String(movement.note),
          movement: String(movement.id),
          resolvedAt: now,
          resolvedBy: user.id,
        });
        return this.replyView(row);
      },
      { user },
    );
  }

  private async replyRow(batch: WriteBatch, nursery: string, id: string): Promise<Row> {
    const row = await batch.db
      .selectFrom('balance_replies')
      .selectAll()
      .where('id', '=', id)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!row || nursery === '') throw notFound();
    return row as unknown as Row;
  }

  private async repliesOf(nursery: string, customer: string): Promise<BalanceReplyView[]> {
    const rows = await this.deps.db
      .selectFrom('balance_replies')
      .selectAll()
      .where('nursery', '=', nursery)
      .where('customer', '=', customer)
      // Newest first; seq breaks a tie within one millisecond.
      .orderBy('created', 'desc')
      .orderBy(sql.ref('seq'), 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => this.replyView(row as unknown as Row));
  }

  /** What the customer holds now, from the balances the ledger's triggers keep (migration 011). */
  private async heldNow(db: Kysely<Database>, nursery: string, customer: string): Promise<BalanceCounts> {
    const row = await db
      .selectFrom('trolley_balances')
      .select(['trolleys', 'shelves', 'extensions'])
      .where('nursery', '=', nursery)
      .where('customer', '=', customer)
      .executeTakeFirst();
    return row
      ? { trolleys: Number(row.trolleys), shelves: Number(row.shelves), extensions: Number(row.extensions) }
      : { trolleys: 0, shelves: 0, extensions: 0 };
  }

  private today(): string {
    return this.deps.now().toISOString().slice(0, 10);
  }

  private async customerOf(nursery: string, customerId: string): Promise<void> {
    const customer = await this.deps.db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .where('nursery', '=', nursery)
      .executeTakeFirst();
    if (!customer || nursery === '') throw notFound();
  }

  private view(row: BalanceLinksTable): BalanceLinkView {
    const base = this.deps.appUrl.replace(/\/+$/, '');
    return {
      id: row.id,
      customer: row.customer,
      url: `${base}${BALANCE_PAGE_PREFIX}${this.links.secretOf(row.id)}`,
      expires: row.expires,
      revokedAt: row.revokedAt,
      createdBy: row.createdBy,
      created: row.created,
      active: this.links.isActive(row),
    };
  }
}

const sameCounts = (a: BalanceCounts, b: BalanceCounts): boolean =>
  a.trolleys === b.trolleys && a.shelves === b.shelves && a.extensions === b.extensions;

function replyViewOf(record: Readonly<Record<string, unknown>>): BalanceReplyView {
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  const count = (key: string) => Number(record[key] ?? 0);
  const outcome = record.outcome === 'adjusted' || record.outcome === 'replied' ? record.outcome : '';
  return {
    id: text('id'),
    kind: record.kind === 'confirm' ? 'confirm' : 'dispute',
    asOf: text('asOf'),
    trolleys: count('trolleys'),
    shelves: count('shelves'),
    extensions: count('extensions'),
    ledger: { trolleys: count('ledgerTrolleys'), shelves: count('ledgerShelves'), extensions: count('ledgerExtensions') },
    note: text('note'),
    outcome,
    reply: text('reply'),
    resolvedAt: text('resolvedAt'),
    created: text('created'),
  };
}
