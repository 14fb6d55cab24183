import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { Database, UsersTable } from '../db/schema';
import { pickFields } from '../records/list-query';
import type { EventBus, RecordChange } from './event-bus';
import type { Subscription } from './subscriptions';
import { canRead } from '../records/access-rules';
import type { SqlDialect } from '../records/filter/field-map';

export interface RealtimeLimits {
  /** Open streams on this instance; the next GET is refused with 503. */
  maxStreams: number;
  /** Streams one user may hold on this instance; the POST that would exceed it gets 429. */
  maxStreamsPerUser: number;
  /** An idle stream gets an SSE comment this often, so proxies and NATs keep it open. */
  heartbeatMs: number;
  /** Bytes waiting for a client that stopped reading before it is disconnected (the SDK reconnects). */
  maxBufferedBytes: number;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who a client said it is when it last posted its subscriptions; re-checked against the user's row at send time. */
export interface ClientAuth {
  userId: string;
  /** The user's token key when the token was checked; a password change or reset rotates it. */
  tokenKey: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

const CLIENT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 40 random letters and digits, as PocketBase's client ids. */
function newClientId(): string {
  const bytes = randomBytes(40);
  let id = '';
  for (const byte of bytes) id += CLIENT_ID_ALPHABET[byte % CLIENT_ID_ALPHABET.length];
  return id;
}

/** One open SSE stream. Writes never wait: what the socket cannot take yet waits in Node's buffer, up to a bound. */
export class RealtimeClient {
  readonly id = newClientId();
  auth: ClientAuth | null = null;
  subscriptions: Subscription[] = [];
  lastWriteAt = Date.now();
  closed = false;

  constructor(
    readonly ip: string,
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
  ) {}

  /** One SSE message, PocketBase's framing: every message carries the client id as its id. */
  send(event: string, data: string): void {
    this.write(`id:${this.id}\nevent:${event}\ndata:${data}\n\n`);
  }

  heartbeat(): void {
    this.write(':\n\n');
  }

  private write(text: string): void {
    if (this.closed || this.res.destroyed) return;
    this.res.write(text);
    this.lastWriteAt = Date.now();
    // A client that stopped reading would make us hold every later event in memory: cut it off.
    if (this.res.writableLength > this.maxBufferedBytes) this.res.destroy();
  }

  /** Ends the stream cleanly; the SDK reconnects and re-posts its subscriptions. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }
}

export interface BrokerDeps {
  db: Kysely<Database>;
  bus: EventBus;
  /** The database's dialect: the rules' predicates answer exactly as its SQL does. */
  dialect: SqlDialect;
  limits: RealtimeLimits;
  log: FastifyBaseLogger;
}

/** Changes waiting for delivery beyond this mean delivery cannot keep up: every client is told to refetch. */
const MAX_PENDING_CHANGES = 10_000;

/**
 * Holds this instance's realtime clients and delivers every committed change to each subscription
 * whose rule (checked against the subscriber's current user row) and filter let it through.
 * Delivery runs off the write path: changes queue here and go out in order, in batches, with one
 * users lookup per batch.
 */
export class RealtimeBroker {
  private readonly clients = new Map<string, RealtimeClient>();
  private pending: RecordChange[] = [];
  private draining = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly deps: BrokerDeps) {
    this.unsubscribe = [deps.bus.subscribe((change) => this.enqueue(change)), deps.bus.onResync(() => this.endAll())];
    const every = Math.max(10, Math.floor(deps.limits.heartbeatMs / 2));
    this.heartbeat = setInterval(() => this.beat(), every);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  isFull(): boolean {
    return this.clients.size >= this.deps.limits.maxStreams;
  }

  /** Registers the stream and sends PB_CONNECT; the stream is unregistered when it closes. */
  connect(req: IncomingMessage, res: ServerResponse, ip: string): RealtimeClient {
    const client = new RealtimeClient(ip, res, this.deps.limits.maxBufferedBytes);
    this.clients.set(client.id, client);
    req.socket.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    const forget = () => {
      client.closed = true;
      this.clients.delete(client.id);
    };
    res.on('close', forget);
    res.on('error', forget);
    client.send('PB_CONNECT', JSON.stringify({ clientId: client.id }));
    return client;
  }

  client(id: string): RealtimeClient | undefined {
    const client = this.clients.get(id);
    return client && !client.closed ? client : undefined;
  }

  /** Open streams signed in as `userId`, not counting `except`. */
  streamsOf(userId: string, except: RealtimeClient): number {
    let n = 0;
    for (const client of this.clients.values()) if (client !== except && !client.closed && client.auth?.userId === userId) n++;
    return n;
  }

  /** Whether an earlier sign-in of a client still holds (not expired, token key not rotated, user still there). */
  async isAlive(auth: ClientAuth): Promise<boolean> {
    if (Date.now() >= auth.expiresAt) return false;
    const user = await this.deps.db.selectFrom('users').select('tokenKey').where('id', '=', auth.userId).executeTakeFirst();
    return user?.tokenKey === auth.tokenKey;
  }

  /** Ends every stream (shutdown, or the bus lost events and clients must refetch). */
  endAll(): void {
    for (const client of this.clients.values()) client.end();
    this.clients.clear();
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const stop of this.unsubscribe) stop();
    this.endAll();
  }

  private beat(): void {
    const due = Date.now() - this.deps.limits.heartbeatMs;
    for (const client of this.clients.values()) if (client.lastWriteAt <= due) client.heartbeat();
  }

  private enqueue(change: RecordChange): void {
    if (this.clients.size === 0) return;
    if (this.pending.length >= MAX_PENDING_CHANGES) {
      this.deps.log.warn('Realtime delivery fell behind; ending every stream so clients refetch');
      this.pending = [];
      this.endAll();
      return;
    }
    this.pending.push(change);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, 500);
        try {
          const users = await this.currentUsers();
          const now = Date.now();
          for (const change of batch) this.dispatch(change, users, now);
        } catch (error) {
          this.deps.log.error({ err: error }, 'Realtime delivery failed');
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /** The current rows of every signed-in subscriber, in one query. */
  private async currentUsers(): Promise<Map<string, UsersTable>> {
    const ids = new Set<string>();
    for (const client of this.clients.values()) if (client.auth && client.subscriptions.length > 0) ids.add(client.auth.userId);
    if (ids.size === 0) return new Map();
    const rows = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    // Selected rows have the plain column types; UsersTable is the row shape the rest of the server uses.
    return new Map(rows.map((row) => [row.id, row as unknown as UsersTable]));
  }

  private dispatch(change: RecordChange, users: Map<string, UsersTable>, now: number): void {
    const recordId = change.record.id;
    let fullData: string | null = null;
    for (const client of this.clients.values()) {
      if (client.closed) continue;
      let auth: AuthContext | null = null;
      for (const sub of client.subscriptions) {
        if (sub.collection.name !== change.collection) continue;
        if (sub.recordId !== null && sub.recordId !== recordId) continue;
        auth ??= authAt(client.auth, users, now);
        if (!canRead(sub.collection, sub.rule, auth, change.record, this.deps.dialect) || !sub.matches(change.record)) continue;
        const data =
          sub.fields === null
            ? (fullData ??= JSON.stringify({ action: change.action, record: change.record }))
            : JSON.stringify({ action: change.action, record: pickFields(change.record, sub.fields) });
        client.send(sub.key, data);
      }
    }
  }
}

/** The subscriber as of now: its user's current row if its token still holds, else a visitor. */
function authAt(auth: ClientAuth | null, users: Map<string, UsersTable>, now: number): AuthContext {
  if (!auth || now >= auth.expiresAt) return { user: null };
  const user = users.get(auth.userId);
  return { user: user && user.tokenKey === auth.tokenKey ? user : null };
}
