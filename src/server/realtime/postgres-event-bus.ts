import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema';
import type { Collection } from '../records/collection';
import type { RecordStore } from '../records/record-store';
import type { EventBus, RecordAction, RecordChange } from './event-bus';

export const CHANGES_CHANNEL = 'trolleyboard_changes';

/** NOTIFY payloads must stay under 8000 bytes; a deleted record bigger than this goes through the outbox. */
const MAX_INLINE_BYTES = 7000;
/** Outbox rows are read by every instance right after the commit; an hour is far more than enough. */
const OUTBOX_TTL_MS = 60 * 60 * 1000;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * What goes through NOTIFY: ids only, so the payload stays small and a receiver reads the record
 * as committed. A deleted record cannot be re-read, so it travels inline (`r`) or, when too big,
 * in `realtime_outbox` under the key `o`. `s` is the writer's schema: NOTIFY channels are per
 * database, and instances of another schema (another installation, a parallel test) ignore it.
 */
export interface ChangeNotice {
  s: string;
  c: string;
  a: RecordAction;
  id: string;
  r?: Record<string, unknown>;
  o?: string;
}

/** A bulk write's one notice in place of one a record (docs/decisions/048): every listener resyncs. */
export interface ResyncNotice {
  s: string;
  resync: true;
}

export interface PostgresEventBusOptions {
  databaseUrl: string;
  db: Kysely<Database>;
  store: RecordStore;
  collections: readonly Collection[];
  log: FastifyBaseLogger;
}

/**
 * Several instances on one PostgreSQL (docs/decisions/002, 028): `stage` NOTIFYs inside the writing transaction,
 * so only committed changes go out, and to every instance including this one (`committed` does
 * nothing). A dedicated connection (not from the pool) LISTENs; when it drops it reconnects with
 * backoff and then asks realtime to make every client refetch, since changes may have been missed.
 */
export class PostgresEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private closed = false;
  private schema = '';
  private queue: Promise<void> = Promise.resolve();
  /** Server process id of the listening connection (operators and tests can find it in pg_stat_activity). */
  listenerPid: number | null = null;

  constructor(private readonly options: PostgresEventBusOptions) {
    this.emitter.setMaxListeners(0);
  }

  /** Reads the schema and starts listening; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    this.schema = await currentSchema(this.options.db);
    await this.listen();
  }

  async stage(trx: Kysely<Database>, changes: readonly RecordChange[]): Promise<void> {
    await stageNotices(trx, this.schema, changes);
  }

  committed(): void {
    // NOTIFY reaches this instance too: delivering here as well would send every event twice.
  }

  async stageResync(trx: Kysely<Database>): Promise<void> {
    await notify(trx, JSON.stringify({ s: this.schema, resync: true } satisfies ResyncNotice));
  }

  committedResync(): void {
    // As `committed`: the NOTIFY reaches this instance too.
  }

  subscribe(listener: (change: RecordChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  onResync(listener: () => void): () => void {
    this.emitter.on('resync', listener);
    return () => this.emitter.off('resync', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.queue;
    this.emitter.removeAllListeners();
  }

  private async listen(): Promise<void> {
    // Imported here, not at the top: a bundled SQLite server must not load pg at all (decision 008).
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.options.databaseUrl });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const payload = message.payload;
      // One at a time, in commit order: each notice may need a read before it can be delivered.
      this.queue = this.queue
        .then(() => this.deliver(payload))
        .catch((error: unknown) => this.options.log.error({ err: error }, 'Realtime notice failed'));
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    const pid = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    this.listenerPid = pid.rows[0]?.pid ?? null;
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    this.attempts = 0;
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    this.options.log.warn({ err: error }, 'Realtime lost its PostgreSQL listening connection; reconnecting');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    this.attempts++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        // Changes committed while nobody listened are lost: every client must refetch.
        () => {
          if (!this.closed) this.emitter.emit('resync');
        },
        (error: unknown) => {
          if (this.closed) return;
          this.options.log.warn({ err: error }, 'Realtime could not reconnect to PostgreSQL yet');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private async deliver(payload: string): Promise<void> {
    let notice: ChangeNotice | ResyncNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice | ResyncNotice;
    } catch {
      return;
    }
    if (notice.s !== this.schema) return;
    if ('resync' in notice) {
      this.emitter.emit('resync');
      return;
    }
    const collection = this.options.collections.find((c) => c.name === notice.c);
    if (!collection) return;
    let record: Record<string, unknown> | undefined;
    if (notice.a === 'delete') {
      record = notice.r ?? (await this.fromOutbox(notice.o));
    } else {
      // The record as committed now; if it is gone already, its delete notice follows.
      const row = await this.options.store.findById(collection.table, notice.id);
      record = row ? collection.toRecord(row) : undefined;
    }
    if (record) this.emitter.emit('change', { collection: collection.name, action: notice.a, record } satisfies RecordChange);
  }

  private async fromOutbox(key: string | undefined): Promise<Record<string, unknown> | undefined> {
    if (!key) return undefined;
    const row = await this.options.db.selectFrom('realtime_outbox').select('payload').where('id', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
  }
}

/**
 * The bus of a process that writes but serves nobody (the operator CLI, the demo seed): it
 * NOTIFYs each change inside the writing transaction exactly as the servers' bus does, so every
 * instance's list cache and realtime subscribers hear of it at once; it listens to nothing.
 */
export class PostgresChangePublisher implements EventBus {
  private constructor(private readonly schema: string) {}

  static async start(db: Kysely<Database>): Promise<PostgresChangePublisher> {
    return new PostgresChangePublisher(await currentSchema(db));
  }

  async stage(trx: Kysely<Database>, changes: readonly RecordChange[]): Promise<void> {
    await stageNotices(trx, this.schema, changes);
  }

  committed(): void {
    // Nobody listens in this process; the servers hear the NOTIFY.
  }

  async stageResync(trx: Kysely<Database>): Promise<void> {
    await notify(trx, JSON.stringify({ s: this.schema, resync: true } satisfies ResyncNotice));
  }

  committedResync(): void {
    // Nobody listens in this process; the servers hear the NOTIFY.
  }

  subscribe(): () => void {
    return () => {};
  }

  onResync(): () => void {
    return () => {};
  }

  async close(): Promise<void> {}
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const row = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return row.rows[0]?.schema ?? 'public';
}

/** Notices sent by one statement: a bulk write's thousands of changes in a few round trips. */
const NOTICES_PER_STATEMENT = 500;

/**
 * NOTIFYs `changes` from inside their transaction, in order; a run of creates and updates goes in
 * one statement (ids only, so each stays small), a delete alone (a big deleted record goes
 * through the outbox).
 */
async function stageNotices(trx: Kysely<Database>, schema: string, changes: readonly RecordChange[]): Promise<void> {
  let run: string[] = [];
  const flush = async () => {
    if (run.length === 1) await notify(trx, run[0]!);
    // unnest keeps the array's order, so the notices go out in the order of the changes.
    else if (run.length > 1) await sql`SELECT pg_notify(${CHANGES_CHANNEL}, payload) FROM unnest(${run}::text[]) AS payload`.execute(trx);
    run = [];
  };
  for (const change of changes) {
    const notice: ChangeNotice = { s: schema, c: change.collection, a: change.action, id: String(change.record.id) };
    if (change.action !== 'delete') {
      run.push(JSON.stringify(notice));
      if (run.length === NOTICES_PER_STATEMENT) await flush();
      continue;
    }
    await flush();
    await stageDeleteNotice(trx, notice, change.record);
  }
  await flush();
}

/** A deleted record cannot be read again: it travels inline, or when too big through the outbox. */
async function stageDeleteNotice(trx: Kysely<Database>, notice: ChangeNotice, record: Record<string, unknown>): Promise<void> {
  const inline = JSON.stringify({ ...notice, r: record });
  if (Buffer.byteLength(inline) <= MAX_INLINE_BYTES) {
    await notify(trx, inline);
    return;
  }
  const key = randomBytes(12).toString('hex');
  const now = Date.now();
  await trx
    .deleteFrom('realtime_outbox')
    .where('createdAt', '<', now - OUTBOX_TTL_MS)
    .execute();
  await trx
    .insertInto('realtime_outbox')
    .values({ id: key, createdAt: now, payload: JSON.stringify(record) })
    .execute();
  await notify(trx, JSON.stringify({ ...notice, o: key }));
}

function notify(trx: Kysely<Database>, payload: string): Promise<unknown> {
  return sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(trx);
}
