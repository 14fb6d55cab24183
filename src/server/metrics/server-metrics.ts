import type { Counter, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { ClientReads } from '../db/client-reads';

/** What the database pools hold right now (docs/decisions/049). */
export interface PoolStats {
  /** `postgres` (the pg pool every query uses) or `sqlite_reads` (the worker threads lists run in). */
  pool: 'postgres' | 'sqlite_reads';
  total: number;
  busy: number;
  idle: number;
  /** Queries (PostgreSQL) or reads (SQLite) waiting for a connection or a worker. */
  waiting: number;
}

export interface RealtimeCounts {
  streams: number;
  anonymousStreams: number;
  subscriptions: number;
}

export interface MetricsSources {
  realtime(): RealtimeCounts;
  pool(): PoolStats | null;
}

// Seconds; a board answer from the cache is well under a millisecond, a cold search about 0.1 s.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const FANOUT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The label a request gets: its route's pattern, so one label per route however many ids exist. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The instance's Prometheus figures (docs/decisions/049). One registry per built app, so two
 * servers in one process (tests) never count into each other. The hooks other modules call are
 * plain functions that add to a counter or a histogram: nothing in them waits or allocates much,
 * so the board's requests do not get measurably slower.
 */
export class ServerMetrics {
  readonly registry: Registry;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly listCache: Counter<'outcome'>;
  private readonly querySeconds: Histogram<'connection' | 'outcome'>;
  private readonly fanOutSeconds: Histogram;
  private readonly fanOutChanges: Counter;
  private sources: MetricsSources | null = null;
  private readonly cacheHits: { inc(): void };
  private readonly cacheMisses: { inc(): void };

  /**
   * prom-client is loaded only where metrics are on (METRICS_TOKEN): a server without them does
   * not hold it in memory (bench/README.md, `rss_mb_idle_empty`).
   */
  static async create(): Promise<ServerMetrics> {
    return new ServerMetrics(await import('prom-client'));
  }

  private constructor(prom: typeof import('prom-client')) {
    this.registry = new prom.Registry();
    const registers = [this.registry];
    prom.collectDefaultMetrics({ register: this.registry });
    this.requests = new prom.Counter({
      name: 'trolleyboard_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new prom.Histogram({
      name: 'trolleyboard_http_request_duration_seconds',
      help: 'Time from request to the end of its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.listCache = new prom.Counter({
      name: 'trolleyboard_list_cache_lookups_total',
      help: 'List requests answered from the list cache (hit) or by running the query (miss).',
      labelNames: ['outcome'],
      registers,
    });
    this.cacheHits = this.listCache.labels({ outcome: 'hit' });
    this.cacheMisses = this.listCache.labels({ outcome: 'miss' });
    this.querySeconds = new prom.Histogram({
      name: 'trolleyboard_db_query_duration_seconds',
      help: 'Database query time: main connection queries, and client list/search reads (connection="reads").',
      labelNames: ['connection', 'outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.fanOutSeconds = new prom.Histogram({
      name: 'trolleyboard_realtime_fanout_duration_seconds',
      help: 'Time to hand one committed change to every realtime subscriber of this instance.',
      buckets: FANOUT_BUCKETS,
      registers,
    });
    this.fanOutChanges = new prom.Counter({
      name: 'trolleyboard_realtime_changes_total',
      help: 'Committed changes fanned out to this instance’s realtime subscribers.',
      registers,
    });
    // Read when scraped, from the live objects: nothing to keep in step between scrapes.
    const sources = () => this.sources;
    new prom.Gauge({
      name: 'trolleyboard_realtime_streams',
      help: 'Open realtime (SSE) streams on this instance, by whether they have signed in yet.',
      labelNames: ['state'],
      registers,
      collect() {
        const counts = sources()?.realtime();
        if (!counts) return;
        this.set({ state: 'signed_in' }, counts.streams - counts.anonymousStreams);
        this.set({ state: 'anonymous' }, counts.anonymousStreams);
      },
    });
    new prom.Gauge({
      name: 'trolleyboard_realtime_subscriptions',
      help: 'Realtime subscriptions (topics) held by this instance’s streams.',
      registers,
      collect() {
        const counts = sources()?.realtime();
        if (counts) this.set(counts.subscriptions);
      },
    });
    new prom.Gauge({
      name: 'trolleyboard_db_pool_connections',
      help: 'Database pool: PostgreSQL connections, or SQLite read worker threads, by state.',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        const stats = sources()?.pool();
        if (!stats) return;
        for (const state of ['total', 'busy', 'idle', 'waiting'] as const) this.set({ pool: stats.pool, state }, stats[state]);
      },
    });
  }

  /** The live objects the gauges read at scrape time (they exist only after the database opens). */
  attach(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** Counts every answered request under its route pattern (never the raw address: bounded labels). */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      this.requests.inc({ method: request.method, route, status: reply.statusCode });
      this.requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  listCacheLookup = (hit: boolean): void => {
    (hit ? this.cacheHits : this.cacheMisses).inc();
  };

  query = (connection: 'main' | 'reads', ms: number, failed: boolean): void => {
    this.querySeconds.observe({ connection, outcome: failed ? 'error' : 'ok' }, ms / 1000);
  };

  fanOut = (ms: number): void => {
    this.fanOutChanges.inc();
    this.fanOutSeconds.observe(ms / 1000);
  };

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** `reads` with each list or search read timed into the metrics (connection="reads"). */
export function timedReads(reads: ClientReads, metrics: ServerMetrics): ClientReads {
  return {
    rowCheck: reads.rowCheck,
    async read(queries, caller) {
      const start = performance.now();
      try {
        const rows = await reads.read(queries, caller);
        metrics.query('reads', performance.now() - start, false);
        return rows;
      } catch (error) {
        metrics.query('reads', performance.now() - start, true);
        throw error;
      }
    },
    close: () => reads.close(),
  };
}
