import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const CWD = path.resolve('/srv/trolleyboard');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with no variables at all, using the documented defaults', () => {
    expect(loadConfig({}, CWD)).toEqual({
      host: '127.0.0.1',
      port: 8090,
      appUrl: 'http://127.0.0.1:8090',
      appUrlConfigured: false,
      dataDir: path.join(CWD, 'data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: expect.stringContaining('@'),
      supportEmail: expect.stringContaining('@'),
      deletePassword: null,
      signupAllowedDomains: [],
      signup: 'open',
      customerMail: true,
      logLevel: 'info',
      webDir: path.join(CWD, 'dist/web'),
      tokenTtlSeconds: expect.any(Number),
      trustProxy: false,
      authRateLimitPerMinute: 60,
      signupRateLimitPerHour: 10,
      tokenSecret: null,
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
    });
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '  ', DATA_DIR: '', SMTP_URL: ' ' }, CWD)).toMatchObject({
      port: 8090,
      dataDir: path.join(CWD, 'data'),
      smtpUrl: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '0.0.0.0',
        APP_URL: 'https://board.nursery.test/',
        DATA_DIR: 'var/tb',
        DATABASE_URL: 'postgres://tb@db:5432/tb',
        SMTP_URL: 'smtp://user:pass@mail.nursery.test:587',
        MAIL_FROM: 'Board <board@nursery.test>',
        SUPPORT_EMAIL: 'help@nursery.test',
        DELETE_PASSWORD: 'Prune-The-Roses',
        SIGNUP_ALLOWED_DOMAINS: ' Nursery.test, @yard.nursery.test ,',
        SIGNUP: ' Invite ',
        CUSTOMER_MAIL: ' OFF ',
        LOG_LEVEL: 'warn',
        WEB_DIR: 'none',
        TOKEN_TTL_SECONDS: '7200',
        AUTH_RATE_LIMIT_PER_MINUTE: '500',
        TRUST_PROXY: 'true',
        SIGNUP_RATE_LIMIT_PER_HOUR: '30',
        TOKEN_SECRET: 'k9Xq2vLw8RtYp4Hs6Nd1Fb3Gj7Mc5Za0',
        REALTIME_MAX_CONNECTIONS: '500',
        REALTIME_MAX_CONNECTIONS_PER_USER: '5',
        REALTIME_MAX_ANONYMOUS_PER_ADDRESS: '80',
        REALTIME_SIGN_IN_SECONDS: '4.5',
        REALTIME_HEARTBEAT_SECONDS: '0.5',
        CORS_ORIGINS: 'https://Orders.Nursery.test/, http://192.168.1.20:3000',
        READ_TIME_LIMIT_SECONDS: '2.5',
        READ_WORKERS: '4',
        DELETED_KEEP_DAYS: '7',
        NURSERY_NAME: ' Hill Top Nurseries ',
        METRICS_TOKEN: ' scrape-4f9c2e7a1b8d ',
      },
      CWD,
    );
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 3000,
      appUrl: 'https://board.nursery.test',
      appUrlConfigured: true,
      dataDir: path.join(CWD, 'var/tb'),
      databaseUrl: 'postgres://tb@db:5432/tb',
      smtpUrl: 'smtp://user:pass@mail.nursery.test:587',
      mailFrom: 'Board <board@nursery.test>',
      supportEmail: 'help@nursery.test',
      deletePassword: 'Prune-The-Roses',
      signupAllowedDomains: ['nursery.test', 'yard.nursery.test'],
      signup: 'invite',
      customerMail: false,
      logLevel: 'warn',
      webDir: null,
      tokenTtlSeconds: 7200,
      trustProxy: true,
      authRateLimitPerMinute: 500,
      signupRateLimitPerHour: 30,
      tokenSecret: 'k9Xq2vLw8RtYp4Hs6Nd1Fb3Gj7Mc5Za0',
      realtimeMaxStreams: 500,
      realtimeMaxStreamsPerUser: 5,
      realtimeMaxAnonymousPerAddress: 80,
      realtimeSignInSeconds: 4.5,
      realtimeHeartbeatSeconds: 0.5,
      corsOrigins: ['https://orders.nursery.test', 'http://192.168.1.20:3000'],
      readTimeLimitMs: 2500,
      readWorkers: 4,
      deletedKeepDays: 7,
      nurseryName: 'Hill Top Nurseries',
      metricsToken: 'scrape-4f9c2e7a1b8d',
    });
  });

  it('gives HOST=0.0.0.0 a loopback APP_URL by default and keeps an absolute DATA_DIR', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000', DATA_DIR: '/var/lib/tb' }, CWD)).toMatchObject({
      appUrl: 'http://127.0.0.1:9000',
      appUrlConfigured: false,
      dataDir: '/var/lib/tb',
    });
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      APP_URL: 'board.nursery.test',
      DATABASE_URL: 'mysql://db/tb',
      SMTP_URL: 'mail.nursery.test:25',
      SUPPORT_EMAIL: 'help',
      SIGNUP_ALLOWED_DOMAINS: 'nursery.test,not a domain',
      SIGNUP: 'closed',
      CUSTOMER_MAIL: 'sometimes',
      LOG_LEVEL: 'loud',
      TOKEN_TTL_SECONDS: '5',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: 'maybe',
      SIGNUP_RATE_LIMIT_PER_HOUR: 'lots',
      TOKEN_SECRET: 'short',
      REALTIME_MAX_CONNECTIONS: '0',
      REALTIME_MAX_CONNECTIONS_PER_USER: '2.5',
      REALTIME_MAX_ANONYMOUS_PER_ADDRESS: '0',
      REALTIME_SIGN_IN_SECONDS: 'soon',
      REALTIME_HEARTBEAT_SECONDS: '0',
      READ_TIME_LIMIT_SECONDS: '0',
      READ_WORKERS: 'two',
      DELETED_KEEP_DAYS: '0',
      NURSERY_NAME: 'x'.repeat(101),
      METRICS_TOKEN: 'short',
    });
    const names = [
      'PORT',
      'APP_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'SUPPORT_EMAIL',
      'SIGNUP_ALLOWED_DOMAINS',
      'SIGNUP must',
      'CUSTOMER_MAIL must',
      'LOG_LEVEL',
      'TOKEN_TTL_SECONDS',
      'AUTH_RATE_LIMIT_PER_MINUTE',
      'TRUST_PROXY',
      'SIGNUP_RATE_LIMIT_PER_HOUR',
      'TOKEN_SECRET',
      'REALTIME_MAX_CONNECTIONS',
      'REALTIME_MAX_CONNECTIONS_PER_USER',
      'REALTIME_MAX_ANONYMOUS_PER_ADDRESS',
      'REALTIME_SIGN_IN_SECONDS',
      'REALTIME_HEARTBEAT_SECONDS',
      'READ_TIME_LIMIT_SECONDS',
      'READ_WORKERS',
      'DELETED_KEEP_DAYS',
      'NURSERY_NAME',
      'METRICS_TOKEN',
    ];
    expect(problems).toHaveLength(names.length);
    for (const name of names) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('on PostgreSQL, insists on TOKEN_SECRET; DELETE_PASSWORD is optional (each nursery has its own)', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://tb@db:5432/tb', DELETE_PASSWORD: 'Prune-The-Roses' })).toEqual([
      'With DATABASE_URL set, TOKEN_SECRET must be given (every instance must use the same one).',
    ]);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://tb@db:5432/tb', DELETE_PASSWORD: 'Prune', TOKEN_SECRET: 'x'.repeat(32) }, CWD),
    ).toMatchObject({ tokenSecret: 'x'.repeat(32), deletePassword: 'Prune' });
    expect(loadConfig({ DATABASE_URL: 'postgres://tb@db:5432/tb', TOKEN_SECRET: 'x'.repeat(32) }, CWD)).toMatchObject({
      deletePassword: null,
    });
  });

  it('refuses a METRICS_TOKEN with spaces inside, which no scraper header would carry', () => {
    expect(problemsOf({ METRICS_TOKEN: 'two words of sixteen characters' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN must be at least 16 characters without spaces/),
    ]);
  });

  it('reads CORS_ORIGINS=* as any origin, and refuses * mixed with origins', () => {
    expect(loadConfig({ CORS_ORIGINS: ' * ' }, CWD).corsOrigins).toEqual(['*']);
    expect(problemsOf({ CORS_ORIGINS: '*, https://orders.nursery.test' })).toEqual([
      'CORS_ORIGINS is either * (any origin) or a list of origins, not both.',
    ]);
  });

  it.each([['orders.nursery.test'], ['https://orders.nursery.test/app'], ['ftp://orders.nursery.test'], ['null'], ['https://a@b.test']])(
    'refuses CORS_ORIGINS=%s, which is not an origin',
    (origin) => {
      expect(problemsOf({ CORS_ORIGINS: `https://ok.nursery.test,${origin}` })).toEqual([
        `CORS_ORIGINS has "${origin}", which is not an origin like https://orders.nursery.example or http://192.168.1.20:3000.`,
      ]);
    },
  );

  it.each([['-1'], ['65536'], ['80.5']])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringContaining('PORT')]);
  });

  it('names every problem in the error message an operator sees', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' }, CWD);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/PORT[\s\S]*LOG_LEVEL/);
    }
  });
});
