// Fixtures for the Playwright journeys: a mailbox on the e2e SMTP server, accounts made with the
// operator's account code in the e2e server's database (tests/support/accounts.ts, shared with the
// Vitest suite; the journeys that test sign-up and verification by mail make theirs through the
// pages), and signing in through the login form. Import `test` and `expect` from here instead of
// '@playwright/test'.
import { expect as baseExpect, test as base, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { createAccountInDatabase, type AccountOptions } from './accounts';
import { E2E_DELETE_PASSWORD, e2eDataDir, e2eMailDir, repoRoot } from './e2e-env';
import { parseMail, type MailFile, type ParsedMail } from './mail';

export interface Mail {
  subject: string;
  text: string;
  links: string[];
  /** Files attached (a customer's delivery note or statement PDF). */
  attachments: MailFile[];
}

export interface Mailbox {
  /**
   * Waits up to 15 s for a mail to `to` whose subject contains `subjectIncludes` (case-insensitive;
   * '' matches any) and returns the newest such mail this test has not been given yet.
   */
  waitFor(to: string, subjectIncludes: string): Promise<Mail>;
}

export interface Account {
  id: string;
  username: string;
  email: string;
  password: string;
  /** Its nursery (a new one, of which it is the admin, unless `accounts.create` named one to join). */
  nursery: string;
}

export type { AccountOptions } from './accounts';

export interface Accounts {
  create(opts?: AccountOptions): Promise<Account>;
}

interface Fixtures {
  mailbox: Mailbox;
  accounts: Accounts;
  /**
   * Signs in through the login form. Without `to`, from /login to the board; with `to`, by opening
   * that page signed out, which asks for the login and returns there (one page load, not two): only
   * a page the access gate guards (not /settings, /terms or a link's page, which open signed out).
   */
  signIn: (page: Page, account: Pick<Account, 'username' | 'password'>, to?: string) => Promise<void>;
  /** Set to true with `test.use({ allowConsoleErrors: true })` in a spec that expects them. */
  allowConsoleErrors: boolean;
  failOnConsoleError: void;
}

const MAIL_WAIT_MS = 15_000;

function readMailbox(): { file: string; mail: ParsedMail }[] {
  if (!existsSync(e2eMailDir)) return [];
  return readdirSync(e2eMailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => ({ file: name, mail: parseMail(readFileSync(path.join(e2eMailDir, name), 'utf8')) }));
}

class FileMailbox implements Mailbox {
  private readonly given = new Set<string>();

  private matching(to: string, subjectIncludes: string): { file: string; mail: ParsedMail }[] {
    const address = to.trim().toLowerCase();
    const subject = subjectIncludes.toLowerCase();
    return readMailbox().filter(
      ({ file, mail }) => !this.given.has(file) && mail.to.includes(address) && mail.subject.toLowerCase().includes(subject),
    );
  }

  async waitFor(to: string, subjectIncludes: string): Promise<Mail> {
    const deadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      const found = this.matching(to, subjectIncludes).at(-1);
      if (found) {
        this.given.add(found.file);
        return { subject: found.mail.subject, text: found.mail.text, links: found.mail.links, attachments: found.mail.attachments };
      }
      if (Date.now() > deadline) {
        const seen = readMailbox()
          .filter(({ mail }) => mail.to.includes(to.trim().toLowerCase()))
          .map(({ file, mail }) => `${file}: "${mail.subject}"${this.given.has(file) ? ' (already returned)' : ''}`);
        throw new Error(
          `No new mail to ${to} with a subject containing "${subjectIncludes}" within ${MAIL_WAIT_MS / 1000} s. ` +
            `Mails to that address: ${seen.length > 0 ? seen.join('; ') : 'none'}. Folder: ${e2eMailDir}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The e2e server's storage settings (tests/support/e2e-server.ts), so accounts land in its database,
 * and its DELETE_PASSWORD, so the nursery an account makes uses it as the server's own do
 * (docs/decisions/036) rather than getting a generated one.
 */
function e2eServerConfig() {
  return loadConfig(
    { DATA_DIR: e2eDataDir, DATABASE_URL: process.env.E2E_DATABASE_URL ?? '', DELETE_PASSWORD: E2E_DELETE_PASSWORD, LOG_LEVEL: 'silent' },
    repoRoot,
  );
}

async function createAccount(opts: AccountOptions = {}): Promise<Account> {
  return createAccountInDatabase(e2eServerConfig(), opts);
}

/** Fills the sign-in form on the current page and presses Login, as a person would; waits for nothing. */
export async function submitLogin(page: Page, identity: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(identity);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export const test = base.extend<Fixtures>({
  mailbox: async ({}, use) => {
    await use(new FileMailbox());
  },

  accounts: async ({}, use) => {
    await use({ create: (opts) => createAccount(opts) });
  },

  signIn: async ({}, use) => {
    await use(async (page, account, to) => {
      if (to === undefined) {
        await page.goto('/login');
        await submitLogin(page, account.username, account.password);
        await page.waitForURL((url) => url.pathname === '/');
        await baseExpect(page.getByText('Current Week').first()).toBeVisible();
        return;
      }
      await page.goto(to);
      await submitLogin(page, account.username, account.password);
      const wanted = new URL(to, page.url());
      await page.waitForURL((url) => url.pathname === wanted.pathname && url.search === wanted.search);
    });
  },

  allowConsoleErrors: [false, { option: true }],

  // Like the Vitest setup: an uncaught page error or console.error fails the test. Chromium's
  // "Failed to load resource" lines for expected 4xx answers (a wrong password) are not errors.
  failOnConsoleError: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console.error: ${msg.text()}`);
      });
      await use();
      if (!allowConsoleErrors && errors.length > 0) throw new Error(`Unexpected errors in the browser:\n${errors.join('\n')}`);
    },
    { auto: true },
  ],
});

export const expect = baseExpect;
