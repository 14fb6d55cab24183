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
import { installErrorHandler } from './plugins/error-handler';
import { installJsonBodyParser } from './plugins/json-body';
import { installRequestLog } from './plugins/request-log';
import { installSecurityHeaders } from './plugins/security-headers';
import { serveSpa } from './plugins/spa';
import { tasksCollection } from './records/collections/tasks';
import { trolleyExportsCollection } from './records/collections/trolley-exports';
import { userSettingsCollection } from './records/collections/user-settings';
import { usersCollection } from './records/collections/users';
import { ListCache } from './records/list-cache';
import { RecordStore } from './records/record-store';
import { recordRoutes } from './records/records-routes';
import { loadSecrets, type Secrets } from './secrets';

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
  /** Stops accepting requests, then closes the database and the mailer. */
  close(): Promise<void>;
}

/** Builds the whole server for a config; never listens itself (main.ts and tests do). */
export async function buildApp(config: Config): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Only behind a proxy the operator named may X-Forwarded-For choose the client address.
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Two log lines per request cost more than a cached board answer; request-log.ts logs the
    // requests worth reading (4xx, 5xx, slow).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const secrets = loadSecrets(config.dataDir, config.deletePassword);
  const database = await openDatabase(config);
  const store = new RecordStore(database.db, database.dialect);
  // Every committed change (this instance's and, on PostgreSQL, the others') ages cached lists.
  const listCache = new ListCache({
    db: database.db,
    externalVersion: database.dialect === 'sqlite' ? () => sqliteDataVersion(database) : undefined,
  });
  const events: EventBus = listCache.watch(new InProcessEventBus());
  const mailer: Mailer = createMailer(config, app.log);

  installJsonBodyParser(app);
  installErrorHandler(app);
  installRequestLog(app);
  installSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"] } },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });

  app.get('/api/health', async () => ({ code: 200, message: 'API is healthy.', data: {} }));
  app.get('/api/app-config', async (): Promise<AppConfig> => ({ supportEmail: config.supportEmail, appUrl: config.appUrl }));

  const tokens = new TokenService(store, secrets.tokenSecret);
  const authCache = new AuthCache(tokens, store);
  authCache.install(app, events);
  // Every request: who is calling. An invalid or stale token makes the caller a visitor.
  // Fastify wants a placeholder of the same shape's kind for request decorations; the hook sets the real one.
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
    request.auth = { user: token ? await authCache.userOf(token) : null };
  });

  await app.register(authRoutes, { store, config, tokens, mailer, events });
  await app.register(recordRoutes, {
    store,
    dialect: database.dialect,
    config,
    events,
    deletePassword: secrets.deletePassword,
    listCache,
    collections: [usersCollection, tasksCollection, userSettingsCollection, trolleyExportsCollection],
  });
  await serveSpa(app, config.webDir);

  return {
    app,
    database,
    secrets,
    events,
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
