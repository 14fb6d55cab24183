import { test, expect, submitLogin } from '../support/e2e-fixtures';

// E-mail verification pages: the confirm link and the resend form.

function linkTo(links: string[], pathPrefix: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the mail; links were: ${links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

test('a made-up token is refused', async ({ page }) => {
  await page.goto('/auth/confirm-verification/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText('Verification failed or token expired.');
  await expect(page).toHaveURL(/\/auth\/confirm-verification\//);
});

test('resend mails a fresh link that verifies the account', async ({ page, accounts, mailbox }) => {
  const account = await accounts.create({ verified: false });

  await page.goto('/resend-verification');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Resend Verification' }).click();
  await expect(page.getByRole('alert')).toHaveText('Verification email sent!');

  // accounts.create may already have sent one sign-up mail; the newest link is the one to use.
  const mail = await mailbox.waitFor(account.email, '');
  await page.goto(linkTo(mail.links, '/auth/confirm-verification/'));
  await expect(page.getByText('Verifying...').or(page.getByRole('alert'))).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Email verified! You can now log in.');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('resend page has a Return button back to login', async ({ page }) => {
  await page.goto('/resend-verification');
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
