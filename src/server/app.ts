import { appEntryScript } from '#domain/app-build';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '#domain/records';
import { AuthCache, tokenOf } from './auth/auth-cache';
import type { AuthContext } from './auth/auth-context';
import { authRoutes } from './auth/auth-routes';
import { TokenService } from './auth/token-service';
import type { Config } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase, type DatabaseHandle } from './db/database';
import { signupThrottle, throttleRateLimitStore } from './auth/auth-throttles';
import { deletePasswordCheck, expectedDeletePassword } from './auth/delete-password';
import { forgetGeneratedDeletePasswords } from './auth/operator-delete-password';
import { Throttles } from './auth/throttles';
import { RealtimeBroker, DEFAULT_MAX_BUFFERED_BYTES } from './realtime/broker';
import { DEFAULT_MAX_INSTANCE_FILTER_COST } from './realtime/subscriptions';
import { InProcessEventBus, type EventBus, type RecordChange } from './realtime/event-bus';
import { realtimeRoutes } from './realtime/realtime-routes';
import { fileStoreFor, type FileStore } from './files/file-store';
import { filesRoutes } from './files/files-routes';
import { multipartOptions } from './files/multipart-body';
import { UploadBudget } from './files/upload-budget';
import { createMailer, type Mailer } from './mail/mailer';
import { Outbox } from './mail/outbox';
import { customerMailRoutes } from './mail/customer-mail-routes';
import { CustomerMailService } from './mail/customer-mail-service';
import { PdfDrawer } from './pdf/pdf-drawer';
import type { BalanceLinks } from '#domain/customers/balance-link';
import { installJsonCompression } from './plugins/compress-json';
import { lazySchemaController } from './plugins/lazy-validation';
import { installCors } from './plugins/cors';
import { clientErrorHandler, frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './plugins/error-handler';
import { BODY_LIMIT_BYTES, installJsonBodyParser } from './plugins/json-body';
import { installRequestLog } from './plugins/request-log';
import { helmetHeaders, inlineScriptHashes, installSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { readIndexHtml, serveSpa } from './plugins/spa';
import { installAppBuildCheck } from './plugins/app-build-check';
import { ALL_COLLECTIONS } from './records/collections/all-collections';
import { ListCache } from './records/list-cache';
import { ListFastPath, serverWithFastPath } from './records/list-fast-path';
import { RecordService } from './records/record-service';
import { RecordStore } from './records/record-store';
import { recordRoutes } from './records/records-routes';
import { loadSecrets, type Secrets } from './secrets';
import { metricsRoutes } from './metrics/metrics-routes';
import { ServerMetrics, timedReads } from './metrics/server-metrics';
import { csvImportRoutes } from './csv-import/csv-import';
import { customersImport } from './customers/customers-import';
import { customersRoutes } from './customers/customers-routes';
import { CustomersService } from './customers/customers-service';
import { linkOrdersRoutes } from './customers/link-orders-routes';
import { LinkOrdersService } from './customers/link-orders-service';
import { ledgerRoutes } from './ledger/ledger-routes';
import { LedgerService } from './ledger/ledger-service';
import { transferRoutes } from './ledger/transfer-routes';
import { TransferService } from './ledger/transfer-service';
import { ordersImport } from './orders-import/orders-import';
import { RunLifecycleService } from './runs/run-lifecycle-service';
import { runRoutes } from './runs/run-routes';
import { PlanService } from './plan/plan-service';
import { planRoutes } from './plan/plan-routes';
import { poolRoutes } from './pool/pool-routes';
import { PoolService } from './pool/pool-service';
import { standingOrdersRoutes } from './standing-orders/standing-orders-routes';
import { StandingOrdersService } from './standing-orders/standing-orders-service';
import { teamRoutes } from './team/team-routes';
import { TeamService } from './team/team-service';
import { DriverDrops } from './driver/driver-drops';
import { driverRoutes } from './driver/driver-routes';
import { DriverService } from './driver/driver-service';
import { balanceLinkRoutes } from './customer-link/balance-link-routes';
import { BalanceLinkService } from './customer-link/balance-link-service';
import { DeletedSweeper } from './trail/deleted-sweeper';
import { trailRoutes } from './trail/trail-routes';
import { NurseriesRepository } from './users/nurseries-repository';
import { UsersRepository } from './users/users-repository';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  secrets: Secrets;
  events: EventBus;
  /** The bus under the list cache's watch: in-process, or the PostgreSQL LISTEN/NOTIFY one. */
  bus: EventBus;
  /** The one write path (tests and tools make records through it too). */
  records: RecordService;
  users: UsersRepository;
  /** The realtime streams of this instance. */
  realtime: RealtimeBroker;
  /** The automatic purge of old deleted records (tests call `sweep()` to run it now). */
  sweeper: DeletedSweeper;
  /** The bytes of uploads held in memory across requests in flight (docs/decisions/052). */
  uploads: UploadBudget;
  /** Customer mail: tests run the reminders' sweep now with `sweepReminders()`. */
  customerMail: CustomerMailService;
  /** The customers' balance links (docs/decisions/078): customer mail asks them for a link. */
  balanceLinks: BalanceLinkService;
  /** Draws customer mail's PDFs in a worker thread that runs only while there is drawing to do (docs/decisions/080). */
  pdfs: PdfDrawer;
  /** Answers cached lists before Fastify (list-fast-path.ts); null when metrics or CORS are on. */
  fastPath: ListFastPath | null;
  /** Stops accepting requests, then closes the database and the mailer. */
  close(): Promise<void>;
}

export interface BuildOptions {
  /** The server's clock: every `created`/`updated` stamp and terms agreement comes from here. */
  now?: () => Date;
  /** When the automatic purge of old deleted records first runs, and how often after (default 1 min, 1 h). */
  purgeTiming?: { firstAfterMs: number; everyMs: number };
  /**
   * The balance links customer mail carries (docs/decisions/077): the server's own
   * (docs/decisions/078) unless a test gives others.
   */
  balanceLinks?: BalanceLinks;
  /** When the balance reminders' sweep first runs, and how often after (default 5 min, 1 h). */
  reminderTiming?: { firstAfterMs: number; everyMs: number };
  /** The PDF worker customer mail draws with (docs/decisions/080); a test gives one with a short time limit. */
  pdfs?: PdfDrawer;
}

/** Builds the whole server for a config; never listens itself (main.ts and tests do). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  // Made below, once the list cache and the auth cache exist; until then Fastify answers everything.
  let fastPath: ListFastPath | null = null;
  const app = Fastify({
    logger: { level: config.logLevel },
    // Only behind a proxy the operator named may X-Forwarded-For choose the client address.
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors Fastify and Node answer before our error handler get PocketBase's envelope too (docs/decisions/010).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // Two log lines per request cost more than a cached board answer; request-log.ts logs the
    // requests worth reading (4xx, 5xx, slow).
    logController: new LogController({ disableRequestLogging: true }),
    // Each route's validator is compiled on its first request, not while starting (lazy-validation.ts).
    schemaController: lazySchemaController(),
    // Cached lists a known caller may read are answered before Fastify's lifecycle (list-fast-path.ts).
    serverFactory: serverWithFastPath((request, response) => fastPath?.serve(request, response) ?? false),
  });
  // First: a DATA_DIR the server cannot write stops it here with one line (main.ts prints it).
  for (const warning of prepareDataDir(config.dataDir)) app.log.warn(warning);
  const secrets = loadSecrets(config);
  // Made only with METRICS_TOKEN set: without it no hook runs and /api/metrics is 404 (docs/decisions/049).
  const metrics = config.metricsToken === null ? null : await ServerMetrics.create();
  const database = await openDatabase({ ...config, onQuery: metrics ? (ms, failed) => metrics.query('main', ms, failed) : undefined });
  const mailer: Mailer = createMailer(config, app.log);
  // The server's clock: every stamp, throttle window and realtime token check reads it.
  const now = options.now ?? (() => new Date());
  const nowMs = () => now().getTime();
  const throttles = new Throttles(database.db, nowMs, app.log);
  // The one way mail leaves the server: every mail counted per recipient and nursery (docs/decisions/055).
  const outbox = new Outbox(mailer, throttles, nowMs, app.log);
  const users = new UsersRepository(database.db);
  const nurseries = new NurseriesRepository(database.db);
  const collections = [...ALL_COLLECTIONS];
  const byName = new Map(collections.map((collection) => [collection.name, collection]));
  // Which nursery a change belongs to: the list cache and realtime keep nurseries' changes apart.
  const nurseryOfChange = (change: RecordChange) => byName.get(change.collection)?.nurseryOf(change.record) ?? '';
  // One process (SQLite) delivers in memory; on PostgreSQL every instance hears every commit (docs/decisions/002).
  let bus: EventBus;
  if (config.databaseUrl && database.dialect === 'postgres') {
    // Loaded only here: SQLite servers never pay pg's memory (docs/decisions/008).
    const { PostgresEventBus } = await import('./realtime/postgres-event-bus');
    const postgresBus = new PostgresEventBus({
      databaseUrl: config.databaseUrl,
      db: database.db,
      store: new RecordStore(database.db, database.dialect),
      collections,
      log: app.log,
    });
    await postgresBus.start();
    bus = postgresBus;
  } else {
    bus = new InProcessEventBus();
  }
  // Every committed change (this instance's and, on PostgreSQL, the others') ages cached lists.
  const listCache = new ListCache({
    db: database.db,
    nurseryOf: nurseryOfChange,
    externalVersion: database.dialect === 'sqlite' ? () => sqliteDataVersion(database) : undefined,
    onLookup: metrics?.listCacheLookup,
  });
  const events: EventBus = listCache.watch(bus);
  // Files' bytes (docs/decisions/043): in the database every instance shares on PostgreSQL, in a folder of DATA_DIR otherwise.
  const files: FileStore = fileStoreFor(database, config.dataDir, now);
  const reads = metrics ? timedReads(database.reads, metrics) : database.reads;
  const records = new RecordService({
    db: database.db,
    batches: database.batches,
    dialect: database.dialect,
    reads,
    events,
    users,
    config,
    collections,
    checkDeletePassword: deletePasswordCheck(throttles, async (id) => {
      // The nursery's chosen one, else the operator's, else its generated one (docs/decisions/036, 055).
      const nursery = id === '' ? undefined : await nurseries.findById(id);
      return expectedDeletePassword(nursery, { operator: config.deletePassword, stored: secrets.deletePassword });
    }),
    throttles,
    outbox,
    now,
    files,
  });

  await forgetGeneratedDeletePasswords(config.deletePassword, nurseries, records, app.log);

  installJsonBodyParser(app);
  installErrorHandler(app);
  installRequestLog(app);
  metrics?.install(app);
  // JSON answers of 1 KB or more go gzip/brotli-compressed to clients that accept it (issue 7).
  installJsonCompression(app);
  const indexHtml = readIndexHtml(config.webDir);
  const security = helmetHeaders(securityHeaders(config.appUrl, inlineScriptHashes(indexHtml)));
  installSecurityHeaders(app, security);
  // A change from a page still running an earlier build of the app is refused (docs/decisions/046).
  installAppBuildCheck(app, appEntryScript(indexHtml));
  // Pages on CORS_ORIGINS may call the API; preflights are answered before auth and throttles.
  await installCors(app, config.corsOrigins);
  // The per-address limit on the auth endpoints (each route names its own) counts in the
  // database, shared by every instance (docs/decisions/028).
  await app.register(rateLimit, { global: false, store: throttleRateLimitStore(throttles, nowMs) });

  // PocketBase's health answer plus whether the database answers, for load balancers (docs/decisions/049).
  app.get('/api/health', async (_request, reply) => {
    if (await database.ping(HEALTH_DATABASE_TIMEOUT_MS)) return { code: 200, message: 'API is healthy.', data: { database: 'ok' } };
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .send({ code: 503, message: 'The database cannot be reached.', data: { database: 'unreachable' } });
  });
  app.get('/api/app-config', async (): Promise<AppConfig> => ({
    supportEmail: config.supportEmail,
    appUrl: config.appUrl,
    appUrlConfigured: config.appUrlConfigured,
    signup: config.signup,
  }));

  const tokens = new TokenService(users, secrets.tokenSecret);
  const authCache = new AuthCache(tokens, users);
  authCache.install(app, events);
  // Not with metrics (they count every request in Fastify's hooks) nor with CORS (its headers
  // depend on the request's Origin): then Fastify answers every list.
  if (!metrics && config.corsOrigins.length === 0) {
    const listFastPath = new ListFastPath({ listCache, authCache, headers: security });
    fastPath = listFastPath;
    // A closing server answers through Fastify, which refuses or closes as it should.
    app.addHook('preClose', (done) => {
      listFastPath.stop();
      done();
    });
  }
  // Every request: who is calling. An invalid or stale token makes the caller a visitor.
  // Fastify wants a placeholder of the same shape's kind for request decorations; the hook sets the real one.
  app.decorateRequest('auth', null as unknown as AuthContext);
  // Callback style: a known token (the board's polls) is decided without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = tokenOf(request.headers.authorization);
    const known = token ? authCache.knownUser(token) : null;
    if (known !== undefined) {
      request.auth = { user: known };
      done();
      return;
    }
    authCache.userOf(token).then((user) => {
      request.auth = { user };
      done();
    }, done);
  });

  await app.register(authRoutes, { users, records, config, tokens, outbox, throttles, now });
  const team = new TeamService({
    records,
    users,
    nurseries,
    db: database.db,
    dialect: database.dialect,
    now,
    passwordHashCost: config.passwordHashCost ?? 'default',
  });
  await app.register(teamRoutes, { team, rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(customersRoutes, { customers: new CustomersService({ records, db: database.db }) });
  // The linking assistant for a nursery's orders without a customer (docs/decisions/066).
  await app.register(linkOrdersRoutes, { linking: new LinkOrdersService({ records, db: database.db }) });
  const ledger = new LedgerService({ records, db: database.db });
  await app.register(ledgerRoutes, { ledger });
  // A customer's balance link, confirm or dispute (docs/decisions/078): customer mail carries each customer's link.
  const balanceLinks = new BalanceLinkService({
    db: database.db,
    records,
    throttles,
    tokenSecret: secrets.tokenSecret,
    appUrl: config.appUrl,
    now,
  });
  // Customer mail's PDFs, drawn in a worker started on demand (docs/decisions/080).
  const pdfs = options.pdfs ?? new PdfDrawer();
  // Customer mail (docs/decisions/077): after a dispatch or a drop commits, through the Outbox, logged on the customer.
  const customerMail = new CustomerMailService({
    db: database.db,
    records,
    outbox,
    ledger,
    appUrl: config.appUrl,
    secret: secrets.tokenSecret,
    enabled: config.customerMail,
    balanceLinks: options.balanceLinks ?? balanceLinks,
    log: app.log,
    now,
    throttles,
    pdfs,
  });
  // Balance reminders: a sweep an hour, the first a few minutes after start (docs/decisions/077).
  customerMail.startReminders(options.reminderTiming ?? { firstAfterMs: 5 * 60_000, everyMs: 60 * 60_000 });
  await app.register(customerMailRoutes, { mail: customerMail });
  // A run's steps and drops (docs/decisions/042); the driver's link records drops through the same service.
  const runs = new RunLifecycleService({ records, db: database.db, ledger, now, customerMail });
  await app.register(runRoutes, { runs });
  // Planning the day: the proposal, Create runs, rounds' learned order (docs/decisions/076).
  await app.register(planRoutes, { plan: new PlanService({ records, db: database.db, dialect: database.dialect, reads, now }) });
  await app.register(poolRoutes, { pool: new PoolService({ records, db: database.db, reads }) });
  // Orders and customers from CSV files (docs/decisions/049).
  await app.register(csvImportRoutes, { kind: ordersImport(now), records, db: database.db });
  await app.register(csvImportRoutes, { kind: customersImport(), records, db: database.db });
  await app.register(standingOrdersRoutes, { standing: new StandingOrdersService({ records, db: database.db, now }) });
  // Multipart bodies (the SDK's FormData with files), read by the records routes within each field's
  // limits, once the caller may write, and within one budget of bytes held (docs/decisions/052).
  await app.register(multipart, multipartOptions(collections));
  const uploads = new UploadBudget();
  await app.register(filesRoutes, { records, tokens });
  const driver = new DriverService({ db: database.db, throttles, tokenSecret: secrets.tokenSecret, appUrl: config.appUrl, now });
  await app.register(driverRoutes, {
    driver,
    drops: new DriverDrops({ runs, records, uploads }),
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  // A customer's balance link, confirm or dispute (docs/decisions/078).
  await app.register(balanceLinkRoutes, { links: balanceLinks, records, uploads });
  // A haulier hands trolleys on to a customer, with the docket's photo (docs/decisions/079).
  await app.register(transferRoutes, { transfers: new TransferService({ records, db: database.db, ledger, uploads }) });
  await app.register(recordRoutes, {
    records,
    collections,
    listCache,
    uploads,
    // Sign-ups per address: on the sign-up route itself.
    createHooks: { users: signupThrottle(throttles, config.signupRateLimitPerHour) },
  });
  const broker = new RealtimeBroker({
    users,
    now: nowMs,
    bus: events,
    dialect: database.dialect,
    nurseryOf: nurseryOfChange,
    log: app.log,
    onFanOut: metrics?.fanOut,
    limits: {
      maxStreams: config.realtimeMaxStreams,
      maxStreamsPerUser: config.realtimeMaxStreamsPerUser,
      maxAnonymousPerAddress: config.realtimeMaxAnonymousPerAddress,
      signInMs: config.realtimeSignInSeconds * 1000,
      maxFilterCost: DEFAULT_MAX_INSTANCE_FILTER_COST,
      heartbeatMs: config.realtimeHeartbeatSeconds * 1000,
      maxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
    },
  });
  await app.register(trailRoutes, { records });
  await app.register(realtimeRoutes, {
    broker,
    collections,
    dialect: database.dialect,
    maxStreamsPerUser: config.realtimeMaxStreamsPerUser,
  });
  if (metrics && config.metricsToken !== null) {
    metrics.attach({ realtime: () => broker.stats(), pool: () => database.poolStats() });
    await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  }
  await serveSpa(app, config.webDir);
  const sweeper = new DeletedSweeper({ records, log: app.log, ...options.purgeTiming });
  sweeper.start();

  return {
    app,
    database,
    secrets,
    events,
    bus,
    records,
    users,
    realtime: broker,
    sweeper,
    uploads,
    customerMail,
    balanceLinks,
    pdfs,
    fastPath,
    async close() {
      await sweeper.stop();
      customerMail.stopReminders();
      await app.close();
      // Customer mails under way finish (or fail and are logged) before the database closes.
      await customerMail.idle();
      await pdfs.close();
      await events.close();
      mailer.close();
      await database.close();
    },
  };
}

/** A health check waits this long for the database before answering 503. */
const HEALTH_DATABASE_TIMEOUT_MS = 2000;

/** Changes when another process (the operator CLI, a restore) committed to the SQLite file. */
async function sqliteDataVersion(database: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(database.db);
  return Number(rows[0]?.data_version ?? 0);
}
