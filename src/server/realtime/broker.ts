import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/auth-context';
import type { UsersTable } from '../db/schema';
import { ApiError } from '../errors';
import { accessOf, type FieldVisibility, type ReadAction, type RecordCheck } from '../records/access-rules';
import type { Collection } from '../records/collection';
import type { SqlDialect } from '../records/filter/field-map';
import { pickFields } from '../records/list-query';
import type { UsersRepository } from '../users/users-repository';
import { AnonymousStreams } from './anonymous-streams';
import type { EventBus, RecordChange } from './event-bus';
import { SubscriptionIndex } from './subscription-index';
import type { Subscription } from './subscriptions';

export interface RealtimeLimits {
  /** Open streams on this instance; the next GET is refused with 503. */
  maxStreams: number;
  /** Streams one user may hold on this instance; the POST that would exceed it gets 429. */
  maxStreamsPerUser: number;
  /** Streams not signed in yet from one address; the next GET is refused with 429. */
  maxAnonymousPerAddress: number;
  /** A stream not signed in this long after it opened (or signed out) is ended. */
  signInMs: number;
  /** Filter cost (subscriptions.ts) the stored subscriptions of this instance may hold together. */
  maxFilterCost: number;
  /** An idle stream gets an SSE comment this often, so proxies and NATs keep it open. */
  heartbeatMs: number;
  /** Bytes waiting for a client that stopped reading before it is disconnected (the SDK reconnects). */
  maxBufferedBytes: number;
}

/** What the broker holds and has done, for tests and benchmarks. */
export interface RealtimeStats {
  streams: number;
  /** Streams not signed in. */
  anonymousStreams: number;
  /** Stored subscriptions and the characters of their keys. */
  subscriptions: number;
  keyChars: number;
  filterCost: number;
  /** Since start: subscriptions an event was checked against (filter and send). */
  checked: number;
  /** Since start: rules decided for a subscriber (once per user, collection and batch of changes). */
  ruleDecisions: number;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who a client said it is when it last posted its subscriptions; re-checked against the user's row at send time. */
export interface ClientAuth {
  userId: string;
  /** The user's token key when the token was checked; a password change or reset rotates it. */
  tokenKey: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** The user's nursery when they subscribed: their subscriptions meet only its changes (docs/decisions/036). */
  nursery: string;
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
  subscriptions: readonly Subscription[] = [];
  /** Sum of the subscriptions' filter costs. */
  filterCost = 0;
  lastWriteAt: number;
  closed = false;
  /** Ends the stream if it is still not signed in when it fires. */
  signInTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ip: string,
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
    private readonly now: () => number,
  ) {
    this.lastWriteAt = now();
  }

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
    this.lastWriteAt = this.now();
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
  /** Subscribers' current rows (verification, terms, token key) are read here. */
  users: UsersRepository;
  /** The server's clock (ms since the epoch): token expiry, heartbeats, the wait before making way. */
  now: () => number;
  bus: EventBus;
  /** The database's dialect: the rules' predicates answer exactly as its SQL does. */
  dialect: SqlDialect;
  /** The nursery a change belongs to (Collection.nurseryOf): it meets only that nursery's subscribers. */
  nurseryOf: (change: RecordChange) => string;
  limits: RealtimeLimits;
  log: FastifyBaseLogger;
  /** Told how long each change took to reach every subscriber (the metrics' fan-out time). */
  onFanOut?: (ms: number) => void;
}

/** Changes waiting for delivery beyond this mean delivery cannot keep up: every client is told to refetch. */
const MAX_PENDING_CHANGES = 10_000;
/** A stream not signed in after this long makes way for a new one when there is no room (a real client signs in within a round trip). */
const MAKE_WAY_AFTER_MS = 2000;
/** Delivery of one change to many streams gives the event loop back this often, so other requests go on meanwhile. */
const SLICE_MS = 5;

const TOO_MANY_STREAMS = 'The server has too many live connections right now. Please try again in a minute.';

/**
 * Holds this instance's realtime clients and delivers every committed change to each subscription
 * whose rule (checked against the subscriber's current user row) and filter let it through.
 * Delivery runs off the write path: changes queue here and go out in order, in batches, with one
 * users lookup per batch; each subscriber's right to a collection is decided once per batch, and a
 * change meets only the subscriptions of its own collection and record (docs/decisions/016).
 */
export class RealtimeBroker {
  private readonly clients = new Map<string, RealtimeClient>();
  private readonly index = new SubscriptionIndex<RealtimeClient>();
  private readonly anonymous = new AnonymousStreams<RealtimeClient>();
  private filterCost = 0;
  private checked = 0;
  private ruleDecisions = 0;
  private pending: RecordChange[] = [];
  private draining = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly deps: BrokerDeps) {
    this.unsubscribe = [
      deps.bus.subscribe((change) => this.enqueue(change)),
      deps.bus.subscribe((change) => {
        if (change.collection === 'users') this.endStreamsIfSignedOut(String(change.record.id));
      }),
      deps.bus.onResync(() => this.endAll()),
    ];
    const every = Math.max(10, Math.floor(deps.limits.heartbeatMs / 2));
    this.heartbeat = setInterval(() => this.beat(), every);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Streams not signed in may take at most half the instance: the rest is kept for signed-in ones. */
  private get maxAnonymous(): number {
    return Math.max(1, Math.floor(this.deps.limits.maxStreams / 2));
  }

  /**
   * Null when a new stream from `ip` may open, else the refusal: 429 when this address already
   * has its share of streams waiting to sign in, 503 when the instance is full or its room for
   * such streams is. Where a stream has waited MAKE_WAY_AFTER_MS without signing in, it is ended
   * to make way instead.
   */
  admit(ip: string): ApiError | null {
    const { maxStreams, maxAnonymousPerAddress } = this.deps.limits;
    if (this.anonymous.countFrom(ip) >= maxAnonymousPerAddress && !this.makeWay(ip))
      return new ApiError(
        429,
        `Too many live connections from your network are waiting to sign in (at most ${maxAnonymousPerAddress}). Please try again in a minute.`,
      );
    if (this.anonymous.size >= this.maxAnonymous && !this.makeWay(null)) return new ApiError(503, TOO_MANY_STREAMS);
    if (this.clients.size >= maxStreams && !this.makeWay(null)) return new ApiError(503, TOO_MANY_STREAMS);
    return null;
  }

  private makeWay(ip: string | null): boolean {
    const before = this.deps.now() - Math.min(MAKE_WAY_AFTER_MS, this.deps.limits.signInMs);
    const oldest = this.anonymous.oldest(ip, before);
    if (oldest) this.drop(oldest);
    return oldest !== undefined;
  }

  /** Registers the stream (not signed in yet) and sends PB_CONNECT; the stream is unregistered when it closes. */
  connect(req: IncomingMessage, res: ServerResponse, ip: string): RealtimeClient {
    const client = new RealtimeClient(ip, res, this.deps.limits.maxBufferedBytes, this.deps.now);
    this.clients.set(client.id, client);
    this.markAnonymous(client);
    req.socket.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    const forget = () => this.forget(client);
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

  /**
   * Sets who the client is and what it follows. Throws 503 (changing nothing) when its filters
   * would take the instance over its filter cost.
   */
  subscribe(client: RealtimeClient, auth: ClientAuth | null, subscriptions: readonly Subscription[]): void {
    const cost = subscriptions.reduce((sum, s) => sum + s.cost, 0);
    if (cost > client.filterCost && this.filterCost - client.filterCost + cost > this.deps.limits.maxFilterCost)
      throw new ApiError(
        503,
        'The server is checking too many filtered live subscriptions right now. Subscribe without a filter, or try again later.',
      );
    if (client.closed) return;
    this.filterCost += cost - client.filterCost;
    client.filterCost = cost;
    client.subscriptions = subscriptions;
    this.index.set(client, subscriptions, auth?.nursery ?? '');
    client.auth = auth;
    if (auth) this.markSignedIn(client);
    else this.markAnonymous(client);
  }

  /** Whether an earlier sign-in of a client still holds (not expired, token key not rotated, user still there). */
  async isAlive(auth: ClientAuth): Promise<boolean> {
    if (this.deps.now() >= auth.expiresAt) return false;
    const user = await this.deps.users.findById(auth.userId);
    return user !== undefined && user.tokenKey === auth.tokenKey && !user.disabled;
  }

  /**
   * A change to an account may end its sign-in (a new password, disabled or removed by an admin):
   * its streams on this instance end at once, so a disabled person's boards stop updating within
   * a second rather than when their token expires (docs/decisions/035). Every instance hears the
   * change (on PostgreSQL through the bus), so every instance ends its own streams.
   */
  private endStreamsIfSignedOut(userId: string): void {
    const streams = [...this.clients.values()].filter((client) => !client.closed && client.auth?.userId === userId);
    if (streams.length === 0) return;
    this.deps.users.findById(userId).then(
      (user) => {
        for (const client of streams) {
          const auth = client.auth;
          if (auth && auth.userId === userId && !(user && user.tokenKey === auth.tokenKey && !user.disabled)) this.drop(client);
        }
      },
      (error: unknown) =>
        this.deps.log.error({ err: error }, 'Realtime could not check a changed account; its streams stay until their next check'),
    );
  }

  stats(): RealtimeStats {
    let subscriptions = 0;
    let keyChars = 0;
    for (const client of this.clients.values()) {
      subscriptions += client.subscriptions.length;
      for (const subscription of client.subscriptions) keyChars += subscription.key.length;
    }
    return {
      streams: this.clients.size,
      anonymousStreams: this.anonymous.size,
      subscriptions,
      keyChars,
      filterCost: this.filterCost,
      checked: this.checked,
      ruleDecisions: this.ruleDecisions,
    };
  }

  /** Ends every stream (shutdown, or the bus lost events and clients must refetch). */
  endAll(): void {
    for (const client of [...this.clients.values()]) this.drop(client);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const stop of this.unsubscribe) stop();
    this.endAll();
  }

  private markAnonymous(client: RealtimeClient): void {
    if (this.anonymous.has(client)) return;
    this.anonymous.add(client, client.ip, this.deps.now());
    client.signInTimer = setTimeout(() => {
      if (client.auth === null) this.drop(client);
    }, this.deps.limits.signInMs);
    client.signInTimer.unref();
  }

  private markSignedIn(client: RealtimeClient): void {
    this.anonymous.delete(client);
    if (client.signInTimer) clearTimeout(client.signInTimer);
    client.signInTimer = null;
  }

  /** Ends the stream and forgets it at once (its close event comes later). */
  private drop(client: RealtimeClient): void {
    client.end();
    this.forget(client);
  }

  private forget(client: RealtimeClient): void {
    client.closed = true;
    if (this.clients.get(client.id) !== client) return;
    this.clients.delete(client.id);
    this.markSignedIn(client);
    this.index.remove(client);
    this.filterCost -= client.filterCost;
    client.filterCost = 0;
    client.subscriptions = [];
  }

  private beat(): void {
    const due = this.deps.now() - this.deps.limits.heartbeatMs;
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
          const rules = new BatchRules(this.deps.dialect);
          const now = this.deps.now();
          for (const change of batch) {
            const start = performance.now();
            await this.dispatch(change, users, rules, now);
            this.deps.onFanOut?.(performance.now() - start);
          }
          this.ruleDecisions += rules.decisions;
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
    const rows = await this.deps.users.findByIds([...ids]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Sends `change` to every subscription that may see it; gives the event loop back between slices of a long fan-out. */
  private async dispatch(change: RecordChange, users: Map<string, UsersTable>, rules: BatchRules, now: number): Promise<void> {
    const nursery = this.deps.nurseryOf(change);
    const clients = this.index.clientsOf(change.collection, nursery);
    const recordId = String(change.record.id);
    const payload = new Payload(change);
    let sliceStart = performance.now();
    for (let i = 0; i < clients.length; i++) {
      if (i % 16 === 15 && performance.now() - sliceStart >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const client = clients[i] as RealtimeClient;
      const topics = client.closed ? undefined : this.index.topicsOf(change.collection, nursery, client);
      if (!topics) continue;
      const own = topics.byRecord.get(recordId);
      if (topics.wildcard.length === 0 && !own) continue;
      const auth = authAt(client.auth, users, now);
      this.deliver(client, topics.wildcard, 'list', auth, rules, payload);
      if (own) this.deliver(client, own, 'view', auth, rules, payload);
    }
  }

  /** `subscriptions` share one collection and rule: the rule is asked once, then each filter. */
  private deliver(
    client: RealtimeClient,
    subscriptions: readonly Subscription[],
    rule: ReadAction,
    auth: AuthContext,
    rules: BatchRules,
    payload: Payload,
  ): void {
    const first = subscriptions[0];
    if (!first) return;
    const check = rules.check(first.collection, rule, auth);
    if (check === false || (check !== true && !check(payload.change.record))) return;
    const visibility = rules.visibility(first.collection, auth);
    for (const subscription of subscriptions) {
      this.checked++;
      if (subscription.matches(payload.change.record)) client.send(subscription.key, payload.for(subscription.fields, visibility));
    }
  }
}

/** The event's data, serialised once for every subscription without `fields` that sees every field. */
class Payload {
  private full: string | null = null;

  constructor(readonly change: RecordChange) {}

  /** Filters match the whole record; what is sent leaves out what this subscriber may not see (an e-mail address). */
  for(fields: string[] | null, visibility: FieldVisibility | null): string {
    const { action } = this.change;
    const record = visibility ? visibility.hide(this.change.record) : this.change.record;
    if (fields !== null) return JSON.stringify({ action, record: pickFields(record, fields) });
    if (visibility) return JSON.stringify({ action, record });
    return (this.full ??= JSON.stringify({ action, record }));
  }
}

/**
 * The read rules decided per subscriber for one batch of changes: the gate once per user and
 * collection (never building an error), the condition compiled once. A batch reads the users'
 * rows afresh, so a change of role, verification or terms counts from the next batch on.
 */
class BatchRules {
  private readonly byUser = new Map<string, Map<string, RecordCheck>>();
  private readonly hidden = new Map<string, FieldVisibility | null>();
  decisions = 0;

  constructor(private readonly dialect: SqlDialect) {}

  check(collection: Collection, rule: ReadAction, auth: AuthContext): RecordCheck {
    const who = auth.user?.id ?? '';
    let checks = this.byUser.get(who);
    if (!checks) this.byUser.set(who, (checks = new Map()));
    const key = `${collection.name}/${rule}`;
    let check = checks.get(key);
    if (check === undefined) {
      this.decisions++;
      checks.set(key, (check = accessOf(collection, this.dialect).recordCheck(rule, auth)));
    }
    return check;
  }

  /** The fields of `collection` this subscriber may not see, decided once per user and batch. */
  visibility(collection: Collection, auth: AuthContext): FieldVisibility | null {
    const key = `${auth.user?.id ?? ''}\n${collection.name}`;
    if (!this.hidden.has(key)) this.hidden.set(key, accessOf(collection, this.dialect).fieldVisibility(auth));
    return this.hidden.get(key) ?? null;
  }
}

/** The subscriber as of now: its user's current row if its token still holds, else a visitor. */
function authAt(auth: ClientAuth | null, users: Map<string, UsersTable>, now: number): AuthContext {
  if (!auth || now >= auth.expiresAt) return { user: null };
  const user = users.get(auth.userId);
  return { user: user && user.tokenKey === auth.tokenKey && !user.disabled ? user : null };
}
