import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/server/app';
import { AccountAdmin } from '../../src/server/admin/accounts';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createTestAccount, type AccountOptions, type CreatedAccount } from './accounts';
import { copiedPostgres, isolatedPostgres } from './postgres';

export { isolatedPostgres } from './postgres';

export const TEST_DELETE_PASSWORD = 'Prune-The-Roses';
/** Every test server signs with this, as several instances on one database must share one secret (docs/decisions/028). */
export const TEST_TOKEN_SECRET = 'test-token-secret-of-at-least-32-characters';

export interface TestServer {
  url: string;
  config: Config;
  built: BuiltApp;
  /** A fresh SDK client (own auth store), auto-cancellation off for parallel requests. */
  client(): PocketBase;
  /** Mails written to DATA_DIR/mail (no SMTP_URL), oldest first, as decoded text. */
  mails(): Array<{ to: string; subject: string; text: string; links: string[] }>;
  /**
   * Waits (like a person checking their inbox) for the newest mail to `to` with a link containing
   * `linkPath`, once more than `seenBefore` such mails exist. Mails are sent after the reply.
   */
  waitForLink(to: string, linkPath: string, seenBefore?: number): Promise<string>;
  /** How many mails to `to` carry a link containing `linkPath` right now. */
  countLinks(to: string, linkPath: string): number;
  close(): Promise<void>;
}

/** Decodes the quoted-printable text part nodemailer writes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function parseMail(raw: string): { to: string; subject: string; text: string; links: string[] } {
  const header = raw.slice(0, raw.indexOf('\n\n'));
  const to = /^To: (.*)$/m.exec(header)?.[1]?.trim() ?? '';
  const subject = /^Subject: (.*)$/m.exec(header)?.[1]?.trim() ?? '';
  const text = decodeQuotedPrintable(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
  return { to, subject, text, links };
}

let sqliteTemplate: Promise<string> | null = null;

/**
 * A SQLite database file migrated once per test worker; each test server starts from a copy of
 * it instead of running every migration again (migration 002 rebuilds the tables).
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-template-'));
    const handle = await openDatabase({ dataDir: dir, databaseUrl: null });
    await handle.close(); // closing checkpoints the WAL into the file, so one file is the whole database
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return path.join(dir, 'trolleyboard.db');
  })();
  return sqliteTemplate;
}

/**
 * With TEST_DATABASE_URL, a PostgreSQL database of the test server's own: a copy of the migrated
 * template of Vitest's global set-up (tests/support/postgres-template.ts), or, outside Vitest (the
 * bench scripts), a schema of its own that the server migrates.
 */
function ownPostgres(): Promise<{ url: string; drop(): Promise<void> }> | null {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return null;
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  return template ? copiedPostgres(baseUrl, template) : isolatedPostgres(baseUrl);
}

export interface TestServerOptions extends BuildOptions {
  /** Adds routes a test needs (a route guarded by a hook under test) before the server listens. */
  beforeListen?: (app: FastifyInstance) => void;
}

/**
 * Starts the real server on a free loopback port with a throwaway database (SQLite, or its own
 * PostgreSQL database). `options.now` replaces the server's clock.
 */
export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-test-'));
  const postgres = await ownPostgres();
  if (!postgres) fs.copyFileSync(await migratedSqliteTemplate(), path.join(dataDir, 'trolleyboard.db'));
  const config: Config = {
    host: '127.0.0.1',
    port: 0,
    appUrl: 'http://127.0.0.1:0',
    appUrlConfigured: false,
    dataDir,
    databaseUrl: postgres?.url ?? null,
    smtpUrl: null,
    mailFrom: 'Trolleyboard <no-reply@nursery.test>',
    supportEmail: 'support@nursery.test',
    deletePassword: TEST_DELETE_PASSWORD,
    signupAllowedDomains: [],
    signup: 'open',
    customerMail: true,
    logLevel: 'silent',
    webDir: null,
    tokenTtlSeconds: 3600,
    trustProxy: false,
    authRateLimitPerMinute: 60,
    // Test servers only: a cheap argon2 hash, so making accounts costs milliseconds, not 60 ms each.
    passwordHashCost: 'test',
    // Test files create many accounts from one address; the sign-up limit has its own test.
    signupRateLimitPerHour: 1000,
    tokenSecret: TEST_TOKEN_SECRET,
    realtimeMaxStreams: 2000,
    realtimeMaxStreamsPerUser: 20,
    realtimeMaxAnonymousPerAddress: 50,
    realtimeSignInSeconds: 10,
    realtimeHeartbeatSeconds: 25,
    corsOrigins: [],
    readTimeLimitMs: 1500,
    readWorkers: 2,
    deletedKeepDays: 30,
    nurseryName: 'My nursery',
    metricsToken: null,
    ...overrides,
  };
  const { beforeListen, ...buildOptions } = options;
  const built = await buildApp(config, buildOptions);
  beforeListen?.(built.app);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('test server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  const mailDir = path.join(dataDir, 'mail');
  const server: TestServer = {
    url,
    config,
    built,
    client() {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      return pb;
    },
    mails() {
      if (!fs.existsSync(mailDir)) return [];
      return fs
        .readdirSync(mailDir)
        .sort()
        .map((f) => parseMail(fs.readFileSync(path.join(mailDir, f), 'utf8')));
    },
    countLinks(to, linkPath) {
      return server.mails().filter((m) => m.to === to && m.links.some((l) => l.includes(linkPath))).length;
    },
    async waitForLink(to, linkPath, seenBefore = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const matching = server.mails().filter((m) => m.to === to && m.links.some((l) => l.includes(linkPath)));
        const link = matching.length > seenBefore ? matching[matching.length - 1]?.links.find((l) => l.includes(linkPath)) : undefined;
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`no mail with ${linkPath} for ${to} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await built.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export interface TestAccount extends CreatedAccount {
  pb: PocketBase;
}

/**
 * A signed-in SDK client for a new account, made with the operator's account code through the
 * server's own write path (tests/support/accounts.ts): verified and with terms v1.0 by default.
 * The mail journeys themselves are tested in auth-api.test.ts.
 */
export async function createAccount(server: TestServer, options: AccountOptions = {}): Promise<TestAccount> {
  const admin = new AccountAdmin(server.built.database, server.config, { records: server.built.records });
  const account = await createTestAccount(admin, options);
  const pb = server.client();
  await pb.collection('users').authWithPassword(account.username, account.password);
  return { ...account, pb };
}

/** The SDK error a request fails with; fails the test when the request succeeds instead. */
/** A new nursery's team: its admin, an office person, a staff member and a viewer. */
export async function createTeam(
  server: TestServer,
): Promise<{ admin: TestAccount; office: TestAccount; staff: TestAccount; viewer: TestAccount }> {
  const admin = await createAccount(server);
  const [office, staff, viewer] = await Promise.all(
    (['office', 'staff', 'viewer'] as const).map((role) => createAccount(server, { nursery: admin.nursery, role })),
  );
  return { admin, office: office!, staff: staff!, viewer: viewer! };
}

export async function failure(promise: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClientResponseError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}
