import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { test, expect, submitLogin, type Account } from '../support/e2e-fixtures';
import { e2eBaseUrl } from '../support/e2e-env';

// The access gate (docs/product.md#access-gate), the one auth refresh per page load, logged-out-only routes
// and the `/_/` redirect. Login through the form refuses unverified and not-agreed accounts,
// so those sessions are made the way they exist in the wild: a session stored by an earlier
// visit (the SDK's `pocketbase_auth` entry), here obtained from the real server.

async function storedSession(account: Account): Promise<{ token: string; record: Record<string, unknown> }> {
  const pb = new PocketBase(e2eBaseUrl);
  const auth = await pb.collection('users').authWithPassword(account.username, account.password);
  return { token: auth.token, record: auth.record };
}

async function openWithSession(page: Page, session: { token: string; record: Record<string, unknown> }, path: string) {
  // Any page of the app gives the origin's storage; the terms page needs no session.
  await page.goto('/terms');
  await page.evaluate(`window.localStorage.setItem('pocketbase_auth', ${JSON.stringify(JSON.stringify(session))})`);
  await page.goto(path);
}

const boardHeading = (page: Page) => page.getByRole('heading', { name: /^Monday/ });

test('not logged in: protected screens go to /login', async ({ page }) => {
  for (const path of ['/', '/collect', '/runs', '/trolley-mapper', '/weekday/2026/3/monday/12']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  }
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});

test('a page opened by its address while signed out is shown once signed in; Back from it stays in the app', async ({ page, accounts }) => {
  const account = await accounts.create();
  await page.goto('/runs?view=all');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/runs?view=all');
  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/runs' && url.search === '?view=all');
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();

  // A crafted link cannot send the person to another site after signing in.
  await page.evaluate('localStorage.clear()');
  await page.goto(`/login?next=${encodeURIComponent('//example.test/phish')}`);
  await submitLogin(page, account.username, account.password);
  await expect(boardHeading(page)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(e2eBaseUrl);
});

test('not logged in: /accept-terms goes to /login', async ({ page }) => {
  await page.goto('/accept-terms');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('unverified account: protected screens go to /resend-verification', async ({ page, accounts }) => {
  const account = await accounts.create({ verified: false });
  await openWithSession(page, await storedSession(account), '/');
  await expect(page).toHaveURL((url) => url.pathname === '/resend-verification');
  await expect(boardHeading(page)).toHaveCount(0);

  await page.goto('/holdingPage');
  await expect(page).toHaveURL((url) => url.pathname === '/resend-verification');
});

test('verified account without terms v1.0: protected screens go to /accept-terms', async ({ page, accounts }) => {
  const account = await accounts.create({ acceptTerms: false });
  await openWithSession(page, await storedSession(account), '/search');
  await expect(page).toHaveURL((url) => url.pathname === '/accept-terms');
  await expect(boardHeading(page)).toHaveCount(0);
});

test('the auth refresh on load sees terms that are missing on the server', async ({ page, accounts }) => {
  const account = await accounts.create({ acceptTerms: false });
  const session = await storedSession(account);
  // The stored copy claims agreement; the server's record (fetched by the refresh) has none.
  const stale = {
    ...session,
    record: { ...session.record, termsAgreement: { agreed: true, timestamp: new Date().toISOString(), version: 'v1.0' } },
  };
  await openWithSession(page, stale, '/');
  await expect(page).toHaveURL((url) => url.pathname === '/accept-terms');
});

test('the auth refresh on load sees a verification made elsewhere', async ({ page, accounts }) => {
  const account = await accounts.create();
  const session = await storedSession(account);
  const stale = { ...session, record: { ...session.record, verified: false } };
  await openWithSession(page, stale, '/');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(boardHeading(page)).toBeVisible();
});

test('a session the server no longer accepts is cleared on load', async ({ page }) => {
  // A well-formed token that has not expired but was never issued by this server.
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'abcdefghijklmno', type: 'auth', collectionId: '_pb_users_auth_', exp: Math.floor(Date.now() / 1000) + 3600 })}.c2lnbmF0dXJl`;
  const record = {
    id: 'abcdefghijklmno',
    username: 'ghost',
    email: 'ghost@nursery.test',
    verified: true,
    termsAgreement: { agreed: true, timestamp: '2026-01-01T00:00:00.000Z', version: 'v1.0' },
  };
  await openWithSession(page, { token, record }, '/');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await page.evaluate("window.localStorage.getItem('pocketbase_auth')")).toBeNull();
});

test('logged-out-only screens send a signed-in user to the board', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  await signIn(page, account);
  for (const path of ['/login', '/resend-verification', '/_/']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(boardHeading(page)).toBeVisible();
  }
});

test('/settings is not gated: it opens for an account without terms', async ({ page, accounts }) => {
  const account = await accounts.create({ acceptTerms: false });
  await openWithSession(page, await storedSession(account), '/settings');
  await expect(page).toHaveURL((url) => url.pathname === '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(account.username, { exact: true })).toBeVisible();
});

test('/_/ turns an admin-style reset link into /reset-password?token=', async ({ page }) => {
  await page.goto('/_/#/auth/confirm-password-reset/abc.def-ghi');
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.get('token') === 'abc.def-ghi');

  await page.goto('/_/#/collections');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
