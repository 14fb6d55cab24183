// The server behind the Playwright suite (playwright.config.ts webServer):
// a real SMTP server on loopback that files every message it receives, and the real app
// (`src/server/main.ts` in a child process) on E2E_PORT with a fresh data folder, sending mail to it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { supervise } from '../../scripts/supervise';
import { ensureWebBuild } from '../../scripts/web-build';
import { E2E_DELETE_PASSWORD, E2E_SUPPORT_EMAIL, e2eBaseUrl, e2eDataDir, e2eMailDir, e2ePort, e2eWorkDir, repoRoot } from './e2e-env';

await ensureWebBuild(repoRoot);

rmSync(e2eWorkDir, { recursive: true, force: true });
mkdirSync(e2eMailDir, { recursive: true });
mkdirSync(e2eDataDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  onAuth(_auth, _session, callback) {
    callback(null, { user: 'e2e' });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      received += 1;
      // The envelope recipients go first as a header, so the fixtures match on where the mail
      // was really delivered, whatever the To: line says.
      const recipients = session.envelope.rcptTo.map((r) => r.address).join(', ');
      const raw = Buffer.concat([Buffer.from(`X-Envelope-To: ${recipients}\r\n`), ...chunks]);
      const name = String(received).padStart(6, '0');
      // Written under another name and renamed, so a reader never sees half a message.
      const partial = path.join(e2eMailDir, `${name}.partial`);
      writeFileSync(partial, raw);
      renameSync(partial, path.join(e2eMailDir, `${name}.eml`));
      callback();
    });
  },
});

await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', () => resolve());
});
smtp.on('error', (err) => console.error('[e2e smtp]', err));
const smtpPort = (smtp.server.address() as AddressInfo).port;

console.log(`[e2e] SMTP on 127.0.0.1:${smtpPort}, mail in ${e2eMailDir}; app on ${e2eBaseUrl}`);

supervise(
  [
    {
      name: 'app',
      command: process.execPath,
      args: ['--import', 'tsx', path.join(repoRoot, 'src', 'server', 'main.ts')],
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(e2ePort),
        APP_URL: e2eBaseUrl,
        DATA_DIR: e2eDataDir,
        // Empty values override anything a developer's .env says: SQLite, default sender, no limits.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: '',
        SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
        DELETE_PASSWORD: E2E_DELETE_PASSWORD,
        SIGNUP_ALLOWED_DOMAINS: '',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        WEB_DIR: path.join(repoRoot, 'dist', 'web'),
        TOKEN_TTL_SECONDS: '',
        // Every account the suite makes comes from 127.0.0.1: the per-address limit would throttle
        // the suite itself. The per-identity login lock-out still applies.
        AUTH_RATE_LIMIT_PER_MINUTE: process.env.E2E_AUTH_RATE_LIMIT_PER_MINUTE ?? '100000',
        SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
        // Given (not generated) so the suite also runs with E2E_DATABASE_URL, where it is required (docs/decisions/028).
        TOKEN_SECRET: 'e2e-token-secret-of-at-least-32-characters',
      },
    },
  ],
  {
    // smtp.close() waits for open connections; the app is gone by now, so two seconds is plenty.
    cleanup: () =>
      Promise.race([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => setTimeout(resolve, 2_000)),
      ]),
  },
);
