import path from 'node:path';
import { NURSERY_NAME_MAX_LENGTH } from '#domain/collections/nurseries';
import { findForbiddenCharacters } from '#domain/validation';
import type { PasswordHashCost } from './auth/passwords';
import { DEFAULT_READ_TIME_LIMIT_MS, DEFAULT_READ_WORKERS } from './db/client-reads';

/** The nursery existing data moves into when an installation from before nurseries is upgraded. */
export const DEFAULT_NURSERY_NAME = 'My nursery';

/** Typed server settings. The only place that reads process.env (docs/decisions/024). */
export interface Config {
  host: string;
  port: number;
  /** Public address of the app, used in mail links and the PDF credit. */
  appUrl: string;
  /** Whether APP_URL was given (not derived from HOST and PORT): only then do labels' QR codes use it. */
  appUrlConfigured: boolean;
  /** SQLite file, generated secrets and mail files live here. */
  dataDir: string;
  /** `postgres://…` switches storage to PostgreSQL; null means embedded SQLite. */
  databaseUrl: string | null;
  /** `smtp://user:pass@host:587`; null writes mails as .eml files into DATA_DIR/mail. */
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  /**
   * The operator's deletion password (docs/decisions/020), for every nursery that has not chosen its
   * own; null means each new nursery gets a generated one (docs/decisions/036).
   */
  deletePassword: string | null;
  /** Lower-case e-mail domains allowed to sign up; empty means any. */
  signupAllowedDomains: string[];
  /**
   * Who may sign up: `open` (anyone, making a new nursery) or `invite` (only with an admin's
   * invitation, docs/decisions/035).
   */
  signup: SignupMode;
  /**
   * CUSTOMER_MAIL: `on` (default) sends customer mail (delivery notices, reminders, statements) to the contacts
   * office staff entered; `off` sends none at all, whatever the contacts say (docs/decisions/077).
   */
  customerMail: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built SPA; null serves no web app (API only). */
  webDir: string | null;
  /** Lifetime of auth tokens in seconds. */
  tokenTtlSeconds: number;
  /**
   * Trust X-Forwarded-For from a reverse proxy / load balancer in front of the server. Off by
   * default: otherwise any client could pick its own address and dodge the login throttle.
   */
  trustProxy: boolean;
  /** Requests per minute one address may make to the auth endpoints (login, mails, confirmations). */
  authRateLimitPerMinute: number;
  /**
   * argon2 cost of new password hashes. Never read from the environment: only test servers set
   * 'test' (a much cheaper hash); production always uses the default.
   */
  passwordHashCost?: PasswordHashCost;
  /** Sign-ups one address may make per hour, also those answered alike for a taken address (decision 018). */
  signupRateLimitPerHour: number;
  /** Signs every token; null means generate one into DATA_DIR/secrets.json (SQLite only, docs/decisions/028). */
  tokenSecret: string | null;
  /** Open realtime streams per instance; more are refused with 503. */
  realtimeMaxStreams: number;
  /** Realtime streams one user may hold per instance; more are refused with 429. */
  realtimeMaxStreamsPerUser: number;
  /** Realtime streams not signed in yet that one address may hold per instance; more are refused with 429. */
  realtimeMaxAnonymousPerAddress: number;
  /** Seconds a realtime stream may stay without a signed-in subscribe before it is ended. */
  realtimeSignInSeconds: number;
  /** Seconds between heartbeats (an SSE comment) on an idle realtime stream. */
  realtimeHeartbeatSeconds: number;
  /**
   * Web origins (`https://host[:port]`) whose pages may call the API from the browser (CORS);
   * `['*']` is any origin; empty (the default) is the app's own origin only.
   */
  corsOrigins: string[];
  /** A list or search answers or is refused within this many ms (docs/decisions/017). */
  readTimeLimitMs: number;
  /** Worker threads that run list and search reads on SQLite, at most. */
  readWorkers: number;
  /** Days a deleted order or run stays in Deleted before it is purged for good (docs/decisions/034). */
  deletedKeepDays: number;
  /** The name of the nursery an upgrade puts existing accounts and records into (migration 006); renamable by its admins. */
  nurseryName: string;
  /** Bearer token of GET /api/metrics; null turns the metrics off (404) (docs/decisions/049). */
  metricsToken: string | null;
}

/** Days in Deleted before the automatic purge (DELETED_KEEP_DAYS). */
export const DEFAULT_DELETED_KEEP_DAYS = 30;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export const SIGNUP_MODES = ['open', 'invite'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Turns environment variables into a Config, filling in safe defaults.
 * Collects every problem before failing so an operator can fix them all at once.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const host = text('HOST') ?? '127.0.0.1';

  let port = 8090;
  const rawPort = text('PORT');
  if (rawPort !== undefined) {
    const parsed = Number(rawPort);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) problems.push(`PORT must be a port number (0-65535), got "${rawPort}".`);
    else port = parsed;
  }

  const defaultAppUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const appUrl = (text('APP_URL') ?? defaultAppUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(appUrl)) problems.push(`APP_URL must start with http:// or https://, got "${appUrl}".`);

  const dataDir = path.resolve(cwd, text('DATA_DIR') ?? './data');

  const databaseUrl = text('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database).');

  const smtpUrl = text('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl))
    problems.push('SMTP_URL must start with smtp:// or smtps:// (leave it unset to write mails to files).');

  const emailPattern = /^[^\s@<>]+@[^\s@<>]+$/;
  const mailFrom = text('MAIL_FROM') ?? 'Trolleyboard <no-reply@trolleyboard.local>';
  const supportEmail = text('SUPPORT_EMAIL') ?? 'support@trolleyboard.local';
  if (!emailPattern.test(supportEmail)) problems.push(`SUPPORT_EMAIL must be an e-mail address, got "${supportEmail}".`);

  const deletePassword = text('DELETE_PASSWORD') ?? null;

  const signupAllowedDomains = (text('SIGNUP_ALLOWED_DOMAINS') ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d.length > 0);
  for (const domain of signupAllowedDomains) {
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) problems.push(`SIGNUP_ALLOWED_DOMAINS has "${domain}", which is not an e-mail domain.`);
  }

  const rawSignup = (text('SIGNUP') ?? 'open').toLowerCase();
  const signup: SignupMode = rawSignup === 'invite' ? 'invite' : 'open';
  if (!(SIGNUP_MODES as readonly string[]).includes(rawSignup))
    problems.push(`SIGNUP must be open (anyone may sign up) or invite (only people an admin invites), got "${rawSignup}".`);

  const rawCustomerMail = (text('CUSTOMER_MAIL') ?? 'on').toLowerCase();
  const customerMail = rawCustomerMail !== 'off';
  if (rawCustomerMail !== 'on' && rawCustomerMail !== 'off')
    problems.push(
      `CUSTOMER_MAIL must be on (customers' contacts get the mail they were entered for) or off (no customer mail at all), got "${rawCustomerMail}".`,
    );

  const rawLevel = text('LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as readonly string[]).includes(rawLevel) ? (rawLevel as Config['logLevel']) : 'info';
  if (logLevel !== rawLevel) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${rawLevel}".`);

  const rawWebDir = text('WEB_DIR');
  const webDir = rawWebDir === 'none' ? null : path.resolve(cwd, rawWebDir ?? './dist/web');

  let tokenTtlSeconds = 14 * 24 * 3600;
  const rawTtl = text('TOKEN_TTL_SECONDS');
  if (rawTtl !== undefined) {
    const parsed = Number(rawTtl);
    if (!Number.isInteger(parsed) || parsed < 60)
      problems.push(`TOKEN_TTL_SECONDS must be a whole number of seconds, at least 60, got "${rawTtl}".`);
    else tokenTtlSeconds = parsed;
  }

  const rawTrustProxy = (text('TRUST_PROXY') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(rawTrustProxy)) problems.push(`TRUST_PROXY must be true or false, got "${rawTrustProxy}".`);
  const trustProxy = rawTrustProxy === 'true' || rawTrustProxy === '1';

  let authRateLimitPerMinute = 60;
  const rawLimit = text('AUTH_RATE_LIMIT_PER_MINUTE');
  if (rawLimit !== undefined) {
    const parsed = Number(rawLimit);
    if (!Number.isInteger(parsed) || parsed < 1)
      problems.push(`AUTH_RATE_LIMIT_PER_MINUTE must be a whole number of 1 or more, got "${rawLimit}".`);
    else authRateLimitPerMinute = parsed;
  }

  const wholeNumber = (name: string, fallback: number, min: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (Number.isInteger(parsed) && parsed >= min) return parsed;
    problems.push(`${name} must be a whole number of ${min} or more, got "${raw}".`);
    return fallback;
  };
  const signupRateLimitPerHour = wholeNumber('SIGNUP_RATE_LIMIT_PER_HOUR', 10, 1);
  const realtimeMaxStreams = wholeNumber('REALTIME_MAX_CONNECTIONS', 2000, 1);
  const realtimeMaxStreamsPerUser = wholeNumber('REALTIME_MAX_CONNECTIONS_PER_USER', 20, 1);

  // Yard tablets behind one router share an address; after a restart they all reconnect at once.
  const realtimeMaxAnonymousPerAddress = wholeNumber('REALTIME_MAX_ANONYMOUS_PER_ADDRESS', 50, 1);

  const seconds = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw);
    if (Number.isFinite(parsed) && parsed >= min && parsed <= max) return parsed;
    problems.push(`${name} must be a number of seconds between ${min} and ${max}, got "${raw}".`);
    return fallback;
  };
  const realtimeHeartbeatSeconds = seconds('REALTIME_HEARTBEAT_SECONDS', 25, 0.05, 3600);
  const realtimeSignInSeconds = seconds('REALTIME_SIGN_IN_SECONDS', 10, 0.1, 3600);

  const corsOrigins = parseCorsOrigins(text('CORS_ORIGINS'), problems);

  let readTimeLimitMs = DEFAULT_READ_TIME_LIMIT_MS;
  const rawReadLimit = text('READ_TIME_LIMIT_SECONDS');
  if (rawReadLimit !== undefined) {
    const parsed = Number(rawReadLimit);
    if (!Number.isFinite(parsed) || parsed < 0.01 || parsed > 600)
      problems.push(`READ_TIME_LIMIT_SECONDS must be a number of seconds between 0.01 and 600, got "${rawReadLimit}".`);
    else readTimeLimitMs = Math.round(parsed * 1000);
  }
  const readWorkers = wholeNumber('READ_WORKERS', DEFAULT_READ_WORKERS, 1);
  const deletedKeepDays = wholeNumber('DELETED_KEEP_DAYS', DEFAULT_DELETED_KEEP_DAYS, 1);

  const nurseryName = text('NURSERY_NAME') ?? DEFAULT_NURSERY_NAME;
  if (nurseryName.length > NURSERY_NAME_MAX_LENGTH || findForbiddenCharacters(nurseryName, 'single-line'))
    problems.push(`NURSERY_NAME must be one line of at most ${NURSERY_NAME_MAX_LENGTH} characters, got "${nurseryName.slice(0, 120)}".`);

  const tokenSecret = text('TOKEN_SECRET') ?? null;
  if (tokenSecret !== null && tokenSecret.length < 32)
    problems.push('TOKEN_SECRET must be at least 32 characters long (for example the output of `openssl rand -base64 32`).');
  // Several instances share one database: each must accept the others' tokens, so the secret may
  // not be generated per machine (docs/decisions/028). Deletion passwords are each nursery's, kept
  // in the database, so DELETE_PASSWORD is optional there too (docs/decisions/036).
  if (databaseUrl !== null && /^postgres(ql)?:\/\//.test(databaseUrl) && tokenSecret === null)
    problems.push('With DATABASE_URL set, TOKEN_SECRET must be given (every instance must use the same one).');

  const metricsToken = text('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && (metricsToken.length < 16 || /\s/.test(metricsToken)))
    problems.push('METRICS_TOKEN must be at least 16 characters without spaces (for example the output of `openssl rand -hex 24`).');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    host,
    port,
    appUrl,
    appUrlConfigured: text('APP_URL') !== undefined,
    dataDir,
    databaseUrl,
    smtpUrl,
    mailFrom,
    supportEmail,
    deletePassword,
    signupAllowedDomains,
    signup,
    customerMail,
    logLevel,
    webDir,
    tokenTtlSeconds,
    trustProxy,
    authRateLimitPerMinute,
    signupRateLimitPerHour,
    tokenSecret,
    realtimeMaxStreams,
    realtimeMaxStreamsPerUser,
    realtimeMaxAnonymousPerAddress,
    realtimeSignInSeconds,
    realtimeHeartbeatSeconds,
    corsOrigins,
    readTimeLimitMs,
    readWorkers,
    deletedKeepDays,
    nurseryName,
    metricsToken,
  };
}

/**
 * CORS_ORIGINS: `*`, or comma-separated origins as a browser sends them in its Origin header
 * (scheme, host and port; no path). Written `https://Board.Example/` it is stored as
 * `https://board.example`, the form browsers send.
 */
function parseCorsOrigins(raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.includes('*')) {
    if (entries.length > 1) problems.push('CORS_ORIGINS is either * (any origin) or a list of origins, not both.');
    return ['*'];
  }
  const origins: string[] = [];
  for (const entry of entries) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    if (
      url === null ||
      !['http:', 'https:'].includes(url.protocol) ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== '' ||
      url.username !== '' ||
      url.password !== ''
    )
      problems.push(`CORS_ORIGINS has "${entry}", which is not an origin like https://orders.nursery.example or http://192.168.1.20:3000.`);
    else if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
