import { test, expect, submitLogin } from '../support/e2e-fixtures';
import type { Page } from '@playwright/test';

// Accepting terms v1.0 (docs/product.md#account-pages).

async function expectBoard(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
}

test('a user without terms v1.0 is sent to accept them, and only a ticked box lets them in', async ({ page, accounts }) => {
  // The server requires consent at sign-up, so "without terms v1.0" is an agreement to older terms.
  const account = await accounts.create({ acceptTerms: false });
  await page.goto('/login');
  await submitLogin(page, account.username, account.password);

  await expect(page).toHaveURL(/\/accept-terms$/);
  await expect(page.getByText('You must agree to the Terms and Privacy Policy before logging in.').first()).toBeVisible();

  const box = page.getByLabel('I have read and agree to the Terms and Privacy Policy');
  const agree = page.getByRole('button', { name: 'Agree and Continue' });
  await expect(box).not.toBeChecked();
  await expect(agree).toBeDisabled();
  for (const [name, href] of [
    ['Terms', '/terms'],
    ['Privacy Policy', '/privacy'],
  ] as const) {
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }

  // The protected board is still closed to this user.
  await page.goto('/');
  await expect(page).toHaveURL(/\/accept-terms$/);

  await box.check();
  await expect(agree).toBeEnabled();
  await box.uncheck();
  await expect(agree).toBeDisabled();
  await box.check();
  await agree.click();
  await expect(page.getByRole('alert')).toHaveText('Terms accepted. Redirecting...');
  await expectBoard(page);

  // Stored on the server, not just in this tab.
  await page.reload();
  await expectBoard(page);
});

test('a page opened while signed out by a user who must first accept the terms is shown once they are accepted', async ({
  page,
  accounts,
}) => {
  const account = await accounts.create({ acceptTerms: false });
  await page.goto('/runs?view=all');
  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/accept-terms' && url.searchParams.get('next') === '/runs?view=all');
  await page.getByLabel('I have read and agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Agree and Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/runs' && url.search === '?view=all');
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
});

test('a user already on v1.0 who opens /accept-terms is sent to the board', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  await signIn(page, account);
  await page.goto('/accept-terms');
  await expectBoard(page);
});
