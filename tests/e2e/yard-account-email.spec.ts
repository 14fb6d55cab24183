import { TEAM_API } from '../../src/domain/accounts/invitations';
import { api, unique } from '../support/e2e-api';
import { test, expect, submitLogin } from '../support/e2e-fixtures';

// A yard account (no e-mail: made on Team, or a person the original app's admin added, imported)
// adds an address on Settings: a link goes to it, and the link's page takes the account's
// password (docs/decisions/056, docs/product.md#settings).

test('a yard account adds an e-mail address on Settings and confirms it through the mailed link', async ({ page, accounts, mailbox }) => {
  const admin = await accounts.create();
  const suffix = unique();
  const username = `yard${suffix}`;
  const password = `Dispatch-screen-${suffix}`;
  await (
    await api(admin)
  ).send(TEAM_API.yardAccounts, { method: 'POST', body: { username, role: 'staff', password, passwordConfirm: password } });

  await page.goto('/login');
  await submitLogin(page, username, password);
  // Nobody agreed to the terms for a yard account: the person at the screen does, once.
  await page.getByLabel('I have read and agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Agree and Continue' }).click();
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByText('None (a yard account)')).toBeVisible();
  const address = `yard.${suffix}@nursery.test`;
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`We sent a link to ${address}. Open it and enter your password to add the address.`)).toBeVisible();

  const mail = await mailbox.waitFor(address, 'Add this email');
  const link = mail.links.find((l) => new URL(l).pathname.startsWith('/auth/confirm-email-change/'));
  expect(link, mail.links.join(', ')).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Add my email' }).click();
  await expect(page.getByText('Your email address is added. You can sign in with it, and reset your password by mail.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send link' })).toHaveCount(0);
});
