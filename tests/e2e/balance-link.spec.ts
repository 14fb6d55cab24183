import { BALANCE_API, type BalanceLinkView } from '#domain/customers/balance-link';
import { api, unique } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// A customer's balance link (docs/decisions/078): the office makes it on the customer's ledger, the
// customer opens it on a phone without an account and disputes the balance with a count, the office
// (Disputes open, live) resolves it with an adjustment, and both sides then show the same balance.
// A confirmation reaches the office's open Customers screen live, as a movement recorded elsewhere does.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SHOTS = process.env.TEST_RESULTS_DIR ?? '.tmp';

test('a customer disputes its balance from the link and the office resolves it with an adjustment', async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const name = `Greenfields ${u}`;
  const customer = await pb.collection('customers').create({ name, postcode: 'AB1 2CD' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 7, shelves: 2 });

  // The office makes the customer's balance link on its ledger.
  await signIn(page, office, '/customers');
  await page.getByRole('button', { name: `Trolleys of ${name}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: ${name}` });
  await ledger.getByRole('button', { name: 'Make a balance link' }).click();
  const address = ledger.getByRole('link', { name: /\/b\// });
  await expect(address).toBeVisible();
  const url = new URL((await address.getAttribute('href')) ?? '');
  await ledger.getByRole('button', { name: 'Close' }).click();
  // The office keeps Disputes open: the customer's dispute shows without reloading.
  await page.goto('/disputes');
  await expect(page.getByText('No open disputes.')).toBeVisible();

  // The customer's phone, no account.
  const phone = await browser.newContext(PHONE);
  const customerPage = await phone.newPage();
  await customerPage.goto(url.pathname);
  await expect(customerPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  const held = customerPage.getByRole('region', { name: /^You hold/ });
  await expect(held.getByRole('definition').first()).toHaveText('7');
  await keepScreenshot(customerPage, { path: `${SHOTS}/balance-phone-light.png`, fullPage: true });
  await held.getByRole('button', { name: 'Dispute balance' }).click();
  const form = customerPage.getByRole('form', { name: 'Dispute balance' });
  await form.getByRole('button', { name: 'Fewer trolleys' }).click();
  await form.getByRole('button', { name: 'Fewer trolleys' }).click();
  await expect(form.getByLabel('Trolleys', { exact: true })).toHaveValue('5');
  await form.getByLabel('Note').fill('Two went back with the driver on the 20th');
  await form.getByRole('button', { name: 'Send dispute' }).click();
  await expect(customerPage.getByText('Thank you: your dispute was sent to the nursery.')).toBeVisible();
  await expect(customerPage.getByText(/you hold 5 trolleys, 2 shelves, we had 7 trolleys, 2 shelves/)).toBeVisible();

  // Live on the office's Disputes, with the customer's counts; resolved with the difference.
  const dispute = page.getByRole('listitem', { name: `Dispute from ${name}` });
  await expect(dispute.getByText(/Says it holds 5 trolleys, 2 shelves .* the ledger had 7 trolleys, 2 shelves/)).toBeVisible();
  await keepScreenshot(page, { path: `${SHOTS}/disputes-desktop-light.png`, fullPage: true });
  await dispute.getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = dispute.getByRole('form', { name: 'Adjust balance' });
  await expect(adjust.getByLabel('Trolleys', { exact: true })).toHaveValue('-2');
  await adjust.getByLabel('Reason').selectOption('count');
  await adjust.getByLabel('Note for the customer').fill('Found them on the 20th returns, thank you');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText('No open disputes.')).toBeVisible();

  // Both sides show the same balance.
  await customerPage.reload();
  await expect(held.getByRole('definition').first()).toHaveText('5');
  await expect(customerPage.getByText('Balance adjusted: Found them on the 20th returns, thank you')).toBeVisible();
  await customerPage.emulateMedia({ colorScheme: 'dark' });
  await keepScreenshot(customerPage, { path: `${SHOTS}/balance-phone-dark.png`, fullPage: true });
  for (const [size, viewport] of [
    ['tablet', { width: 768, height: 1024 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await customerPage.setViewportSize(viewport);
    await keepScreenshot(customerPage, { path: `${SHOTS}/balance-${size}-dark.png`, fullPage: true });
  }
  await page.goto('/customers');
  await page.getByRole('button', { name: `Trolleys of ${name}` }).click();
  await expect(ledger.getByRole('definition').first()).toHaveText('5');
  await expect(ledger.getByText(/Balance adjusted: Found them on the 20th returns/)).toBeVisible();
  await phone.close();
});

test("a customer confirms its balance on a phone and the office's open Customers screen shows it live", async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const name = `Hillside ${u}`;
  const customer = await pb.collection('customers').create({ name, postcode: 'AB1 2CD' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 7, shelves: 2 });
  const link = await pb.send<BalanceLinkView>(BALANCE_API.customerLinks(customer.id), { method: 'POST' });

  // The office has the customer's line and its ledger open, and does not reload.
  await signIn(page, office, `/customers?q=${u}`);
  const line = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: name });
  await expect(line).toContainText('Owes 7 trolleys, 2 shelves');
  await expect(line).not.toContainText('Confirmed');
  await line.getByRole('button', { name: `Trolleys of ${name}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: ${name}` });
  await expect(ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem')).toHaveCount(1);

  // The customer confirms on its phone, without an account.
  const phone = await browser.newContext(PHONE);
  const customerPage = await phone.newPage();
  await customerPage.goto(new URL(link.url).pathname);
  await expect(customerPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  await customerPage.getByRole('button', { name: 'Confirm balance' }).click();
  await expect(customerPage.getByText('Thank you: your confirmation was sent to the nursery.')).toBeVisible();

  // Live on the open ledger and on the customer's line behind it.
  const answers = ledger.getByRole('list', { name: 'Answers from the customer' });
  await expect(answers.getByRole('listitem').first()).toHaveText(/^Confirmed \w{3} \d+ \w{3}: 7 trolleys, 2 shelves$/);
  await expect(line).toContainText(/Confirmed \w{3} \d+ \w{3}: 7 trolleys, 2 shelves/);
  await keepScreenshot(page, { path: `${SHOTS}/customer-confirmed-desktop.png`, fullPage: true });

  // A return recorded elsewhere (a colleague's phone) shows in the open ledger too.
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'in', date: '2026-11-28', trolleys: 2 });
  await expect(ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem')).toHaveCount(2);
  await expect(ledger.getByRole('status')).toHaveText(/Owes 5 trolleys, 2 shelves since/);
  await ledger.getByRole('button', { name: 'Close' }).click();
  await expect(line).toContainText('Owes 5 trolleys, 2 shelves');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, { path: `${SHOTS}/customer-confirmed-phone.png`, fullPage: true });
  await phone.close();
});
