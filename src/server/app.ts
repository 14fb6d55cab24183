import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '#domain/records';
import { AuthCache } from './auth/auth-cache';
import type { AuthContext } from './auth/auth-context';
import { authRoutes } from './auth/auth-routes';
import { TokenService } from './auth/token-service';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { InProcessEventBus, type EventBus } from './realtime/event-bus';
import { createMailer, type Mailer } from './mail/mailer';
import { clientErrorHandler, frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './plugins/error-handler';
import { BODY_LIMIT_BYTES, installJsonBodyParser } from './plugins/json-body';
import { installRequestLog } from './plugins/request-log';
import { installSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { serveSpa } from './plugins/spa';
import { ALL_COLLECTIONS } from './records/collections/all-collections';
import { ListCache } from './records/list-cache';
import { RecordService } from './records/record-service';
import { recordRoutes } from './records/records-routes';
import { loadSecrets, type Secrets } from './secrets';
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
  /** The one write path (tests and tools make records through it too). */
  records: RecordService;
  users: UsersRepository;
  /** Stops accepting requests, then closes the database and the mailer. */
  close(): Promise<void>;
}

export interface BuildOptions {
  /** The server's clock: every `created`/`updated` stamp and terms agreement comes from here. */
  now?: () => Date;
}

/** Builds the whole server for a config; never listens itself (main.ts and tests do). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Only behind a proxy the operator named may X-Forwarded-For choose the client address.
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors Fastify and Node answer before our error handler get PocketBase's envelope too (D14).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // Two log lines per request cost more than a cached board answer; request-log.ts logs the
    // requests worth reading (4xx, 5xx, slow).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const secrets = loadSecrets(config.dataDir, config.deletePassword);
  const database = await openDatabase(config);
  // Every committed change (this instance's and, on PostgreSQL, the others') ages cached lists.
  const listCache = new ListCache({
    db: database.db,
    externalVersion: database.dialect === 'sqlite' ? () => sqliteDataVersion(database) : undefined,
  });
  const events: EventBus = listCache.watch(new InProcessEventBus());
  const users = new UsersRepository(database.db);
  const records = new RecordService({
    db: database.db,
    dialect: database.dialect,
    events,
    users,
    config,
    collections: [...ALL_COLLECTIONS],
    deletePassword: secrets.deletePassword,
    now: options.now ?? (() => new Date()),
  });
  const mailer: Mailer = createMailer(config, app.log);

  installJsonBodyParser(app);
  installErrorHandler(app);
  installRequestLog(app);
  installSecurityHeaders(app, securityHeaders(config.appUrl));
  await app.register(rateLimit, { global: false });

  app.get('/api/health', async () => ({ code: 200, message: 'API is healthy.', data: {} }));
  app.get('/api/app-config', async (): Promise<AppConfig> => ({ supportEmail: config.supportEmail, appUrl: config.appUrl }));

  const tokens = new TokenService(users, secrets.tokenSecret);
  const authCache = new AuthCache(tokens, users);
  authCache.install(app, events);
  // Every request: who is calling. An invalid or stale token makes the caller a visitor.
  // Fastify wants a placeholder of the same shape's kind for request decorations; the hook sets the real one.
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
    request.auth = { user: token ? await authCache.userOf(token) : null };
  });

  await app.register(authRoutes, { users, records, config, tokens, mailer });
  await app.register(recordRoutes, { records, listCache });
  await serveSpa(app, config.webDir);

  return {
    app,
    database,
    secrets,
    events,
    records,
    users,
    async close() {
      await app.close();
      await events.close();
      mailer.close();
      await database.close();
    },
  };
}

/** Changes when another process (the operator CLI, a restore) committed to the SQLite file. */
async function sqliteDataVersion(database: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(database.db);
  return Number(rows[0]?.data_version ?? 0);
}
