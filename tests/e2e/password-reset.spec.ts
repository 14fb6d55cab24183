import { test, expect, submitLogin } from '../support/e2e-fixtures';
import type { Page } from '@playwright/test';

// Forgotten password: request a link, follow the mail, choose a new password.

function linkTo(links: string[], pathPrefix: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the mail; links were: ${links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Collects window.alert texts, accepting each one. */
function recordAlerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function requestReset(page: Page, email: string) {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password reset email sent!');
}

async function logIn(page: Page, username: string, password: string) {
  await submitLogin(page, username, password);
}

test('mailed link sets a new password; the old one stops working', async ({ page, accounts, mailbox }) => {
  const account = await accounts.create();
  const alerts = recordAlerts(page);
  await requestReset(page, account.email);

  const mail = await mailbox.waitFor(account.email, '');
  await page.goto(linkTo(mail.links, '/auth/confirm-password-reset/'));

  // Checked in the browser before the server is asked (docs/product.md#account-pages).
  await page.getByLabel('New Password').fill('Fresh-compost-2026');
  await page.getByLabel('Confirm Password').fill('Fresh-compost-2027');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  expect(alerts).toEqual([]);

  await page.getByLabel('Confirm Password').fill('Fresh-compost-2026');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Password reset successful']);

  await logIn(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');

  await logIn(page, account.username, 'Fresh-compost-2026');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
});

test('the /_/#/auth/confirm-password-reset/<token> form of the link works too', async ({ page, accounts, mailbox }) => {
  const account = await accounts.create();
  const alerts = recordAlerts(page);
  await requestReset(page, account.email);

  const mail = await mailbox.waitFor(account.email, '');
  const token = linkTo(mail.links, '/auth/confirm-password-reset/').split('/').pop() ?? '';
  await page.goto(`/_/#/auth/confirm-password-reset/${token}`);
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && url.searchParams.get('token') === token);

  await page.getByLabel('New Password').fill('Hardy-perennial-9');
  await page.getByLabel('Confirm Password').fill('Hardy-perennial-9');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Password reset successful']);

  await logIn(page, account.username, 'Hardy-perennial-9');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a made-up token says "Reset failed"', async ({ page }) => {
  const alerts = recordAlerts(page);
  await page.goto('/auth/confirm-password-reset/not-a-real-token');
  await page.getByLabel('New Password').fill('Whatever-123456');
  await page.getByLabel('Confirm Password').fill('Whatever-123456');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('alert')).toContainText('Reset failed');
  expect(alerts).toEqual(['Reset failed']);
});

test('forgot-password Return goes back to login', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
