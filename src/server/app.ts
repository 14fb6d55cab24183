import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '#domain/records';
import type { AuthContext } from './auth/auth-context';
import { authRoutes } from './auth/auth-routes';
import { TokenService } from './auth/token-service';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { installSignupThrottle, throttleRateLimitStore } from './auth/auth-throttles';
import { deletePasswordCheck } from './auth/delete-password';
import { Throttles } from './auth/throttles';
import { RealtimeBroker, DEFAULT_MAX_BUFFERED_BYTES } from './realtime/broker';
import { InProcessEventBus, type EventBus } from './realtime/event-bus';
import { PostgresEventBus } from './realtime/postgres-event-bus';
import { realtimeRoutes } from './realtime/realtime-routes';
import { createMailer, type Mailer } from './mail/mailer';
import { installErrorHandler } from './plugins/error-handler';
import { installJsonBodyParser } from './plugins/json-body';
import { serveSpa } from './plugins/spa';
import { tasksCollection } from './records/collections/tasks';
import { trolleyExportsCollection } from './records/collections/trolley-exports';
import { userSettingsCollection } from './records/collections/user-settings';
import { usersCollection } from './records/collections/users';
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
  /** The realtime streams of this instance. */
  realtime: RealtimeBroker;
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
  });
  const secrets = loadSecrets(config);
  const database = await openDatabase(config);
  const store = new RecordStore(database.db, database.dialect);
  const mailer: Mailer = createMailer(config, app.log);
  const throttles = new Throttles(database.db);
  const collections = [usersCollection, tasksCollection, userSettingsCollection, trolleyExportsCollection];
  // One process (SQLite) delivers in memory; on PostgreSQL every instance hears every commit (D2).
  let events: EventBus;
  if (config.databaseUrl && database.dialect === 'postgres') {
    const bus = new PostgresEventBus({ databaseUrl: config.databaseUrl, db: database.db, store, collections, log: app.log });
    await bus.start();
    events = bus;
  } else {
    events = new InProcessEventBus();
  }

  installJsonBodyParser(app);
  installErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"] } },
    crossOriginEmbedderPolicy: false,
  });
  // The per-address limit on the auth endpoints counts in the database, shared by every instance (D13).
  await app.register(rateLimit, { global: false, store: throttleRateLimitStore(throttles) });
  installSignupThrottle(app, throttles, config.signupRateLimitPerHour);

  app.get('/api/health', async () => ({ code: 200, message: 'API is healthy.', data: {} }));
  app.get('/api/app-config', async (): Promise<AppConfig> => ({ supportEmail: config.supportEmail, appUrl: config.appUrl }));

  const tokens = new TokenService(store, secrets.tokenSecret);
  // Every request: who is calling. An invalid or stale token makes the caller a visitor.
  // Fastify wants a placeholder of the same shape's kind for request decorations; the hook sets the real one.
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
    request.auth = { user: token ? await tokens.userOf(token, 'auth') : null };
  });

  await app.register(authRoutes, { store, config, tokens, mailer, events, throttles, db: database.db });
  await app.register(recordRoutes, {
    store,
    dialect: database.dialect,
    config,
    events,
    db: database.db,
    checkDeletePassword: deletePasswordCheck(throttles, secrets.deletePassword),
    collections,
  });
  const broker = new RealtimeBroker({
    db: database.db,
    bus: events,
    log: app.log,
    limits: {
      maxStreams: config.realtimeMaxStreams,
      maxStreamsPerUser: config.realtimeMaxStreamsPerUser,
      heartbeatMs: config.realtimeHeartbeatSeconds * 1000,
      maxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
    },
  });
  await app.register(realtimeRoutes, {
    broker,
    collections,
    dialect: database.dialect,
    maxStreamsPerUser: config.realtimeMaxStreamsPerUser,
  });
  await serveSpa(app, config.webDir);

  return {
    app,
    database,
    secrets,
    events,
    realtime: broker,
    async close() {
      await app.close();
      await events.close();
      mailer.close();
      await database.close();
    },
  };
}
