// Fixtures for the Playwright journeys: a mailbox on the e2e SMTP server, accounts made the way a
// person makes them (sign-up, mail link, terms) through the public API, and signing in through
// the login form. Import `test` and `expect` from here instead of '@playwright/test'.
import { expect as baseExpect, test as base, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { e2eBaseUrl, e2eMailDir } from './e2e-env';
import { parseMail, type ParsedMail } from './mail';

export interface Mail {
  subject: string;
  text: string;
  links: string[];
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
}

export interface AccountOptions {
  /** Confirm the e-mail through the verification link (default true). */
  verified?: boolean;
  /** Agree to terms v1.0 (default true). */
  acceptTerms?: boolean;
}

export interface Accounts {
  create(opts?: AccountOptions): Promise<Account>;
}

interface Fixtures {
  mailbox: Mailbox;
  accounts: Accounts;
  signIn: (page: Page, account: Pick<Account, 'username' | 'password'>) => Promise<void>;
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
        return { subject: found.mail.subject, text: found.mail.text, links: found.mail.links };
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

  /** Marks every mail to `to` received so far as given, so later waits see only new ones. */
  skipExisting(to: string): void {
    for (const { file } of this.matching(to, '')) this.given.add(file);
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

function termsAccepted(record: Record<string, unknown>): boolean {
  const terms = record.termsAgreement as { agreed?: unknown; version?: unknown } | null | undefined;
  return terms?.agreed === true && terms.version === 'v1.0';
}

async function createAccount(mailbox: FileMailbox, opts: AccountOptions = {}): Promise<Account> {
  const verified = opts.verified ?? true;
  const acceptTerms = opts.acceptTerms ?? true;
  const id = randomId();
  const username = `u_${id}`;
  const email = `${id}@nursery.test`;
  const password = `Pw-${randomId()}-${randomId()}`;
  const terms = { agreed: true, timestamp: new Date().toISOString(), version: 'v1.0' };

  const pb = new PocketBase(e2eBaseUrl);
  pb.autoCancellation(false);
  const users = pb.collection('users');

  // Sign-up sends the consent record, as the web app does when the box is ticked (the server requires it).
  const created = await users.create({ username, email, password, passwordConfirm: password, termsAgreement: terms });

  if (verified) {
    await users.requestVerification(email);
    const mail = await mailbox.waitFor(email, '');
    const link = mail.links.find((l) => l.includes('/auth/confirm-verification/'));
    if (!link)
      throw new Error(
        `The verification mail to ${email} has no /auth/confirm-verification/ link. Links: ${mail.links.join(', ') || 'none'}`,
      );
    const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
    await users.confirmVerification(token);
  }
  // A server that sends its own mail on sign-up should not leave it for the test to stumble on.
  await new Promise((resolve) => setTimeout(resolve, 50));
  mailbox.skipExisting(email);

  const auth = await users.authWithPassword(username, password);
  // "Not accepted" is an agreement to older terms, as every user has after a terms change.
  if (!acceptTerms) await users.update(auth.record.id, { termsAgreement: { ...terms, version: 'v0.9' } });
  else if (!termsAccepted(auth.record)) await users.update(auth.record.id, { termsAgreement: terms });
  pb.authStore.clear();
  return { id: created.id, username, email, password };
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

  accounts: async ({ mailbox }, use) => {
    await use({ create: (opts) => createAccount(mailbox as FileMailbox, opts) });
  },

  signIn: async ({}, use) => {
    await use(async (page, account) => {
      await page.goto('/login');
      await submitLogin(page, account.username, account.password);
      await page.waitForURL((url) => url.pathname === '/');
      await baseExpect(page.getByText('Current Week').first()).toBeVisible();
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
