import { test, expect, submitLogin } from '../support/e2e-fixtures';
import type { Page } from '@playwright/test';

// The whole way in for a new member of staff: sign up in the browser, get the mail from the
// loopback SMTP server, open its link, log in, and reach the board.

async function expectBoard(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
}

function linkTo(links: string[], pathPrefix: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the mail; links were: ${links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

test('sign up, verify by mail, log in, see the board', async ({ page, mailbox }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `journey${suffix}`;
  const email = `journey.${suffix}@nursery.test`;
  const password = `Spring-bulbs-${suffix}`;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Nursery name').fill(`Journey ${suffix}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('alert')).toHaveText('Account created! Check your email to verify.');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // Not verified yet: the login is refused with the spec's message.
  await submitLogin(page, username, password);
  await expect(page.getByRole('alert')).toHaveText('Please verify your email before logging in.');

  const mail = await mailbox.waitFor(email, '');
  const verifyPath = linkTo(mail.links, '/auth/confirm-verification/');
  await page.goto(verifyPath);
  await expect(page.getByRole('alert')).toHaveText('Email verified! You can now log in.');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await submitLogin(page, username, password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  // Consent was given on the sign-up form (terms v1.0), so no separate accept-terms step...
  await expectBoard(page);
  // ...and /accept-terms sends an account already on v1.0 straight back to the board.
  await page.goto('/accept-terms');
  await expectBoard(page);
});
