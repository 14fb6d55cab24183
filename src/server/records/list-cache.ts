import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { Database, UsersTable } from '../db/schema';
import { addVary, compressBody, isCompressible, preferredCoding, type ContentCoding } from '../plugins/compress-json';
import type { EventBus, RecordChange } from '../realtime/event-bus';

export interface ListCacheOptions {
  /** Used only to turn a read scope into its SQL text and parameters (the auth part of the key). */
  db: Kysely<Database>;
  maxEntries?: number;
  maxBytes?: number;
  /** A backstop for changes no event told us about (e.g. a PostgreSQL write by a script). */
  maxAgeMs?: number;
  /**
   * A number that changes when another process wrote to the database (SQLite's `PRAGMA
   * data_version`: the operator CLI, a restore). Checked at most every `externalCheckMs`.
   */
  externalVersion?: () => Promise<number>;
  externalCheckMs?: number;
  now?: () => number;
  /** The nursery a change belongs to (Collection.nurseryOf): a change ages only its own nursery's answers. */
  nurseryOf?: (change: RecordChange) => string;
  /** Told whether each list was answered from the cache (true) or had to be made (the metrics). */
  onLookup?: (hit: boolean) => void;
}

/**
 * What a list answer depends on besides its query: the collections it reads (the listed one, and
 * those of expanded relations) and, for each, the caller's read scope as SQL (null: every record)
 * and the fields hidden from the caller there (FieldVisibility.key, '' for none); and the caller's
 * nursery, whose changes alone age the answer (every rule keeps a list within its nursery).
 */
export interface ListCacheScope {
  collections: readonly string[];
  scopes: ReadonlyArray<RawBuilder<SqlBool> | null>;
  hidden: readonly string[];
  nursery: string;
}

/**
 * How the full lifecycle read one list URL (the route it chose, the query it parsed), kept so the
 * fast path (list-fast-path.ts) can answer the same URL again without routing or parsing it.
 */
interface ListUrl {
  /** The cache scope of a caller at this URL: the route's own rule, decided again for every caller. */
  scopeOf: (auth: AuthContext) => ListCacheScope;
  /** The URL's query as it is part of the key. */
  params: string;
  /**
   * What `scopeOf` decided for each caller, by their row in the users cache: a fresh row (a
   * change, a refresh) is a new object and is decided again. The rule is a function of the
   * caller alone (docs/decisions/012), so a poll costs a lookup, not the rule and the key.
   */
  callers: WeakMap<UsersTable, CallerKey>;
}

/** A caller's place in the cache at one URL: the entry's key and what its version is made of. */
interface CallerKey {
  key: string;
  collections: readonly string[];
  nursery: string;
}

/** A cached answer the fast path may send as it is: what `ListCache.known` returns. */
export interface KnownAnswer {
  status: 200 | 304;
  /** The list cache's own headers (Content-Length and the security headers are the caller's). */
  headers: Record<string, string>;
  body: Buffer | null;
}

interface Entry {
  version: string;
  /** Bytes, not a string: sent as they are, without re-encoding 40 kB of UTF-8 per request. */
  body: Buffer;
  etag: string;
  storedAt: number;
  /**
   * The body in each content coding a client asked for, made once (on first request) and kept
   * with the entry, so polling tablets never recompress. A promise, so requests arriving while
   * it is being made share the one compression.
   */
  encoded: Partial<Record<ContentCoding, Promise<Buffer>>>;
  /** The encodings already made: the fast path sends only what needs no waiting. */
  ready: Partial<Record<ContentCoding, Buffer>>;
  /** The fast path's answers, made once per status and coding: a poll allocates none. */
  known: Partial<Record<ContentCoding | 'identity' | 'not-modified', KnownAnswer>>;
  /** body plus every finished encoding: what this entry costs the cache's byte budget. */
  size: number;
}

/**
 * Serialised list answers, so that many tablets polling an unchanged week cost one query and one
 * JSON.stringify, not one each. An entry is keyed by collection, the caller's read scope (the exact
 * SQL condition and parameters the list would run with: for orders "any member of staff", for
 * settings and accounts the user's id) and the normalised query string; an answer with expanded
 * relations also by each related collection and the caller's view scope there. It is valid only
 * while the versions of those collections are unchanged: every committed change bumps its
 * collection's (the event bus, which on PostgreSQL also carries other instances' changes). Answers carry a weak ETag, and a matching
 * If-None-Match gets 304 Not Modified (browsers' HTTP cache sends it for the SDK's fetches).
 * Answers of 1 KB or more go gzip- or brotli-compressed to clients that accept it; each coding is
 * made once per entry and kept with it (compress-json.ts).
 * The read scope is computed for every request first, so the rules still run every time.
 */
export class ListCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  /** Answers being made, by version and key: concurrent requests for one answer wait for it. */
  private readonly making = new Map<string, Promise<Entry>>();
  /** List URLs the full lifecycle answered, by their raw text (ListUrl). */
  private readonly urls = new Map<string, ListUrl>();
  private bytes = 0;
  private generation = 0;
  private lastExternal: number | null = null;
  private lastExternalCheck = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ListCacheOptions) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Follows every committed change of `bus`: other instances' through `subscribe`, and this
   * instance's synchronously in `committed`, so a client that reads right after its own write
   * (before the bus has delivered) never gets the old list. Returns the bus to use in its place.
   */
  watch(bus: EventBus): EventBus {
    bus.subscribe((change) => this.noteChange(change.collection, this.nurseryOf(change)));
    // After a gap in the PostgreSQL bus changes may have been missed: every cached list ages.
    bus.onResync(() => {
      this.generation++;
    });
    return {
      stage: (trx, changes) => bus.stage(trx, changes),
      committed: (change: RecordChange) => {
        this.noteChange(change.collection, this.nurseryOf(change));
        bus.committed(change);
      },
      stageResync: (trx) => bus.stageResync(trx),
      committedResync: () => {
        this.generation++;
        bus.committedResync();
      },
      subscribe: (listener) => bus.subscribe(listener),
      onResync: (listener) => bus.onResync(listener),
      close: () => bus.close(),
    };
  }

  private nurseryOf(change: RecordChange): string {
    return this.options.nurseryOf?.(change) ?? '';
  }

  noteChange(collection: string, nursery = ''): void {
    const key = `${collection}\n${nursery}`;
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  /** The version of an answer of `nursery` that reads `collections`: it changes when any of them does there. */
  private version(collections: readonly string[], nursery: string): string {
    return `${collections.map((collection) => this.versions.get(`${collection}\n${nursery}`) ?? 0).join('.')}.${this.generation}`;
  }

  private async checkExternal(): Promise<void> {
    const read = this.options.externalVersion;
    if (!read) return;
    this.lastExternalCheck = this.now();
    const value = await read();
    if (this.lastExternal !== null && value !== this.lastExternal) this.generation++;
    this.lastExternal = value;
  }

  /** A scope's SQL and parameters, compiled once per builder (the rules hand out one per caller). */
  private readonly scopeTexts = new WeakMap<RawBuilder<SqlBool>, string>();

  private keyOf(scope: ListCacheScope, params: string): string {
    const scopeKeys = scope.scopes.map((where) => {
      if (!where) return '*';
      let text = this.scopeTexts.get(where);
      if (text === undefined) {
        const compiled = where.compile(this.options.db);
        this.scopeTexts.set(where, (text = `${compiled.sql}|${JSON.stringify(compiled.parameters)}`));
      }
      return text;
    });
    return `${scope.collections.join(',')}\n${scope.nursery}\n${scopeKeys.join('\n')}\n${JSON.stringify(scope.hidden)}\n${params}`;
  }

  private remember(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(key);
    }
    if (entry.body.length > this.maxBytes / 4) return; // one huge list must not evict everything else
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.size;
    }
  }

  /** The entry's body in `coding`, compressed on first use and kept with the entry. */
  private encoded(key: string, entry: Entry, coding: ContentCoding): Promise<Buffer> {
    const known = entry.encoded[coding];
    if (known) return known;
    const made = compressBody(entry.body, coding);
    entry.encoded[coding] = made;
    made.then(
      (bytes) => {
        entry.ready[coding] = bytes;
        entry.size += bytes.length;
        // Counted only while the entry is still cached (it may have been replaced meanwhile).
        if (this.entries.get(key) === entry) {
          this.bytes += bytes.length;
          this.evict();
        }
      },
      () => {
        // Not kept: the next request tries again (the failing one is answered uncompressed).
        if (entry.encoded[coding] === made) delete entry.encoded[coding];
      },
    );
    return made;
  }

  private async make(key: string, version: string, produce: () => Promise<unknown>): Promise<Entry> {
    const body = Buffer.from(JSON.stringify(await produce()), 'utf8');
    // The tag is the answer's content alone: it says nothing about changes elsewhere (another
    // nursery's, which a version number would count), and equal answers revalidate as equal.
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
    const entry: Entry = { version, body, etag: `W/"${hash}"`, storedAt: this.now(), encoded: {}, ready: {}, known: {}, size: body.length };
    this.remember(key, entry);
    return entry;
  }

  private externalCheckDue(): boolean {
    return this.options.externalVersion !== undefined && this.now() - this.lastExternalCheck >= (this.options.externalCheckMs ?? 250);
  }

  private fresh(entry: Entry | undefined, version: string): entry is Entry {
    return entry !== undefined && entry.version === version && this.now() - entry.storedAt <= this.maxAgeMs;
  }

  /**
   * Answers a list request from the cache, or runs `produce` (the list query) and caches its
   * answer. `scope` is what the caller may read, already decided (the rule threw for a caller who
   * may not read the collection); `scopeOf` decides it for any caller at this URL, which lets the
   * fast path answer the URL again (`known`).
   */
  async reply(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: ListCacheScope,
    produce: () => Promise<unknown>,
    scopeOf?: (auth: AuthContext) => ListCacheScope,
  ): Promise<FastifyReply> {
    if (this.externalCheckDue()) await this.checkExternal();
    let url = this.urls.get(request.url);
    if (!url) {
      const params = request.query && typeof request.query === 'object' ? Object.entries(request.query as Record<string, unknown>) : [];
      params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      url = { scopeOf: scopeOf ?? (() => scope), params: JSON.stringify(params), callers: new WeakMap() };
      if (scopeOf) {
        if (this.urls.size >= this.maxEntries) this.urls.clear();
        this.urls.set(request.url, url);
      }
    }
    const key = this.keyOf(scope, url.params);
    // Taken before the query runs: a change committed meanwhile makes this answer stale at once.
    const version = this.version(scope.collections, scope.nursery);
    let entry = this.entries.get(key);
    if (!this.fresh(entry, version)) {
      this.options.onLookup?.(false);
      // After a change every open board asks again at once: those asking the same question at the
      // same version share one query, one JSON.stringify and (below) one compression.
      const makingKey = `${version}\n${key}`;
      let making = this.making.get(makingKey);
      if (!making) {
        making = this.make(key, version, produce).finally(() => this.making.delete(makingKey));
        this.making.set(makingKey, making);
      }
      entry = await making;
    } else {
      this.options.onLookup?.(true);
      // Most recently used last, so eviction drops the coldest lists.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    // One weak ETag for every content coding of the answer. RFC 9110 §8.8.3 asks a strong tag to
    // differ between the identity and the gzip bytes; a weak tag only claims the representations
    // mean the same, and If-None-Match compares weakly (§13.1.2). So a tablet that stored the
    // gzip answer gets 304 whatever it now accepts, and one compression serves every coding's
    // revalidation. The 304 carries no Content-Encoding: it has no content, and the client
    // keeps its stored answer with that answer's own headers.
    reply.header('etag', entry.etag);
    reply.header('cache-control', CACHE_CONTROL);
    addVary(reply, 'Authorization');
    const compressible = isCompressible(entry.body.length);
    if (compressible) addVary(reply, 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const coding = compressible ? preferredCoding(request.headers['accept-encoding']) : null;
    if (!coding) return reply.send(entry.body);
    let bytes: Buffer;
    try {
      bytes = await this.encoded(key, entry, coding);
    } catch (error) {
      request.log.error({ err: error }, 'compressing a list answer failed; sent it uncompressed');
      return reply.send(entry.body);
    }
    return reply.header('content-encoding', coding).send(bytes);
  }

  /**
   * The answer to a list URL the full lifecycle answered before, for a signed-in caller, when
   * everything it needs is at hand without waiting: the caller's scope decided now by the route's
   * own rule (`scopeOf`), a fresh entry under that scope's key, and the content coding the caller
   * wants already made. Null otherwise (and when the rule refuses the caller): the full lifecycle
   * answers, with every check and wait of its own. The same headers as `reply`.
   */
  known(
    url: string,
    auth: AuthContext,
    ifNoneMatch: string | string[] | undefined,
    acceptEncoding: string | string[] | undefined,
  ): KnownAnswer | null {
    const listUrl = this.urls.get(url);
    if (!listUrl || !auth.user || this.externalCheckDue()) return null;
    let caller = listUrl.callers.get(auth.user);
    if (!caller) {
      let scope: ListCacheScope;
      try {
        scope = listUrl.scopeOf(auth);
      } catch {
        return null; // the rule refused this caller: the route answers 401/403
      }
      caller = { key: this.keyOf(scope, listUrl.params), collections: scope.collections, nursery: scope.nursery };
      listUrl.callers.set(auth.user, caller);
    }
    const key = caller.key;
    const entry = this.entries.get(key);
    if (!this.fresh(entry, this.version(caller.collections, caller.nursery))) return null;
    let answer: KnownAnswer;
    if (matchesEtag(ifNoneMatch, entry.etag)) answer = entry.known['not-modified'] ??= knownAnswer(entry, 304, null, null);
    else {
      const coding = isCompressible(entry.body.length) ? preferredCoding(acceptEncoding) : null;
      if (coding === null) answer = entry.known.identity ??= knownAnswer(entry, 200, null, entry.body);
      else {
        const body = entry.ready[coding];
        if (!body) return null;
        answer = entry.known[coding] ??= knownAnswer(entry, 200, coding, body);
      }
    }
    this.options.onLookup?.(true);
    this.entries.delete(key);
    this.entries.set(key, entry);
    return answer;
  }
}

/** The same headers `ListCache.reply` sends for `entry` (the fast path adds the rest). */
function knownAnswer(entry: Entry, status: 200 | 304, coding: ContentCoding | null, body: Buffer | null): KnownAnswer {
  const headers: Record<string, string> = {
    etag: entry.etag,
    'cache-control': CACHE_CONTROL,
    vary: isCompressible(entry.body.length) ? 'Authorization, Accept-Encoding' : 'Authorization',
  };
  if (status === 200) headers['content-type'] = 'application/json; charset=utf-8';
  if (coding) headers['content-encoding'] = coding;
  return { status, headers, body };
}

/** Answers depend on who asks: browsers keep them per user and revalidate every time. */
const CACHE_CONTROL = 'private, no-cache';

/** If-None-Match: a list of (weak or strong) tags, or `*`; compared weakly as RFC 9110 says. */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
