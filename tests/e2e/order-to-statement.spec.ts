import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { test, expect, submitLogin, type Mailbox } from '../support/e2e-fixtures';
import { PHONE, sign } from '../support/e2e-phone';
import { readPdf } from '../support/pdf-tools';
import { openMenu } from '../support/e2e-board';
import { keepScreenshot } from '../support/screenshots';

// One flow from the order to the statement (issue 30), as a new nursery that never opens the
// Customers screen to set anything up: five orders typed on the board with their trolleys, a run
// planned from them in the mapper, dispatched, its drops recorded on the driver's phone with
// trolleys back, and then the balances, the owed badges on the board and a statement PDF that
// add up — every figure checked against the sum of what was typed.
//
// Add Order takes both at once: the trolleys on their stepper, and the customer made from the
// name typed when the order is saved (a new nursery's book has no close match to offer).

/** A phone on the yard and the office's desktop. */
const SCREENS: readonly { name: string; use: BrowserContextOptions }[] = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
];

interface TypedOrder {
  name: string;
  postcode: string;
  trolleys: number;
  /** What the driver collects back at this drop. */
  back: number;
}

async function openMenuItem(page: Page, name: string, kind: 'link' | 'button' = 'link'): Promise<void> {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole(kind, { name, exact: true }).click();
}

/** The header's button (wide screens) or the menu's entry (phones): Map and Add Order move into the menu. */
async function headerAction(page: Page, name: string, kind: 'link' | 'button'): Promise<void> {
  const inHeader = page.getByRole('banner').getByRole(kind, { name, exact: true });
  if (await inHeader.isVisible()) await inHeader.click();
  else await openMenuItem(page, name, kind);
}

/** Add Order from the board: its trolleys on the stepper; Save makes its customer from the name typed. */
async function addOrder(page: Page, order: Pick<TypedOrder, 'name' | 'postcode' | 'trolleys'>): Promise<void> {
  await headerAction(page, 'Add Order', 'link');
  const form = page.getByRole('form', { name: 'Order' });
  await form.getByLabel('Customer name', { exact: true }).fill(order.name);
  await form.getByLabel('Postcode', { exact: true }).fill(order.postcode);
  await form.getByLabel('Trolleys', { exact: true }).fill(String(order.trolleys));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(orderLine(page, order.name)).toContainText(`${order.trolleys}T`);
}

/** What the driver's page says was collected: "1 trolley back", "nothing back". */
const backWords = (back: number): string => (back === 0 ? 'nothing back' : `${back} trolley${back === 1 ? '' : 's'} back`);

const orderLine = (page: Page, name: string): Locator => page.getByRole('listitem').filter({ hasText: name });

/** Signs up on /login as a new nursery's first person (its admin), verifies by mail and signs in. */
async function signUpNursery(page: Page, mailbox: Mailbox, suffix: string): Promise<void> {
  const username = `journey${suffix}`;
  const email = `journey.${suffix}@nursery.test`;
  const password = `Spring-bulbs-${suffix}`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Nursery name').fill(`Journey Nursery ${suffix}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Account created! Check your email to verify.');
  const mail = await mailbox.waitFor(email, 'verify');
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith('/auth/confirm-verification/'));
  if (!link) throw new Error(`No verification link in the mail; links were: ${mail.links.join(', ')}`);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('alert')).toHaveText('Email verified! You can now log in.');
  await submitLogin(page, username, password);
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
}

/** The driver's phone: records every drop as delivered, with the trolleys collected back. */
async function recordDrops(browser: Browser, driverPath: string, orders: readonly TypedOrder[]): Promise<() => Promise<void>> {
  const phone = await browser.newContext(PHONE);
  const driver = await phone.newPage();
  await driver.goto(driverPath);
  const drops = driver.getByRole('list', { name: 'Drops' }).getByRole('listitem');
  await expect(drops).toHaveCount(orders.length);
  for (const [i, order] of orders.entries()) {
    const drop = drops.nth(i);
    await expect(drop).toContainText(order.name);
    await expect(drop).toContainText(`Leave: ${plural(order.trolleys, 'trolley')}`);
    await drop.getByRole('button', { name: /^Record drop/ }).click();
    await drop.getByRole('button', { name: 'Delivered', exact: true }).click();
    const form = drop.getByRole('form');
    for (let n = 0; n < order.back; n++) await form.getByRole('button', { name: 'More trolleys' }).click();
    await expect(form.getByLabel('Trolleys collected')).toHaveText(String(order.back));
    await form.getByLabel('Received by').fill(`Receiver ${i + 1}`);
    await sign(driver, form);
    await form.getByRole('button', { name: 'Record delivery' }).click();
    await expect(drop.getByText(`Delivered to Receiver ${i + 1} · ${backWords(order.back)} · Sent`, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
  }
  await expect(driver.getByText(/not sent/)).toHaveCount(0);
  return () => phone.close();
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** Today in this process's (and the browser's) time zone, as the run and the ledger date things. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ ...screen.use, actionTimeout: 20_000 });

    test('five orders typed on the board reach the driver, the ledger, the owed badges and the statement, and add up', async ({
      page,
      browser,
      mailbox,
    }) => {
      test.setTimeout(300_000);
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      const orders: TypedOrder[] = [
        { name: `Hillside Garden Centre ${suffix}`, postcode: 'GL7 1AB', trolleys: 3, back: 1 },
        { name: `Rose Farm Shop ${suffix}`, postcode: 'ME1 1AA', trolleys: 2, back: 2 },
        { name: `Greenfields Nursery ${suffix}`, postcode: 'TN12 6AB', trolleys: 4, back: 1 },
        { name: `Bloom and Co ${suffix}`, postcode: 'CT2 7NZ', trolleys: 1, back: 0 },
        { name: `Meadow Plants ${suffix}`, postcode: 'DE1 1AA', trolleys: 2, back: 2 },
      ];
      const total = orders.reduce((sum, order) => sum + order.trolleys, 0);
      const totalBack = orders.reduce((sum, order) => sum + order.back, 0);
      const owed = (order: TypedOrder) => order.trolleys - order.back;

      await signUpNursery(page, mailbox, suffix);

      // Five orders from the board, each with its trolleys.
      for (const order of orders) await addOrder(page, order);
      const monday = page.getByRole('region', { name: /^Monday/ });
      await expect(monday).toContainText(`${orders.length} orders · ${total}T`);
      for (const order of orders) await expect(orderLine(page, order.name)).toHaveCount(1);

      // Map mode: choose the five, Create Run; the mapper has them as stops.
      await headerAction(page, 'Map', 'button');
      await expect(page.getByText('Choosing orders for a run — tap orders, then Create Run.')).toBeVisible();
      for (const [i, order] of orders.entries()) {
        const choice = orderLine(page, order.name).getByRole('button', { name: new RegExp(order.name) });
        await choice.click();
        await expect(choice).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByText(`${i + 1} chosen`, { exact: true })).toBeVisible();
      }
      await page.getByRole('button', { name: 'Create Run' }).click();
      await expect(page.getByRole('heading', { name: `Total Trollies: ${total}` })).toBeVisible();
      // A lorry with room for every trolley: the smallest size that holds them.
      const size = [4, 8, 12, 16, 20, 24].find((places) => places >= total);
      await page.getByRole('button', { name: `${size}T`, exact: true }).click();
      await page.getByRole('button', { name: 'Fill', exact: true }).click();
      await expect(page.getByText(`Placed ${total} trolleys`).first()).toBeVisible();
      const driverName = `Sam${suffix}`;
      await page.getByLabel('Driver', { exact: true }).fill(driverName);
      await page.getByLabel('Reg', { exact: true }).fill('AB12 CDE');
      await page.getByLabel('Date', { exact: true }).fill(today());
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Run saved.')).toBeVisible();
      await expect(page).toHaveURL(/\/runs\/view\//);

      // Runs: start loading, dispatch (which books every stop out), and the driver's link.
      await openMenuItem(page, 'Runs');
      // The run's name is its date (day-month-year), driver and registration joined by hyphens.
      const runName = `${today().split('-').reverse().join('-')}-${driverName}-AB12 CDE`;
      const run = page.getByRole('listitem', { name: runName });
      await run.getByRole('button', { name: `Start loading: ${runName}` }).click();
      await expect(run.locator('[data-state]')).toHaveText('Loading');
      await run.getByRole('button', { name: `Dispatch: ${runName}` }).click();
      const dispatch = page.getByRole('dialog', { name: `Dispatch ${runName}?` });
      await dispatch.getByRole('button', { name: 'Dispatch and book out' }).click();
      // The toast is the server's account of the booking: every stop, each with what went out.
      const booked = page.getByText(`Run dispatched. Booked ${orders.length} stops out: `);
      await expect(booked).toBeVisible();
      const bookedText = (await booked.textContent()) ?? '';
      for (const order of orders) expect(bookedText).toContain(`${order.name} (${plural(order.trolleys, 'trolley')})`);
      await expect(run.locator('[data-state]')).toHaveText('Dispatched');
      await page.getByRole('button', { name: `Driver link for ${runName}` }).click();
      const linkDialog = page.getByRole('dialog', { name: `Driver link · ${runName}` });
      await linkDialog.getByRole('button', { name: "Make a driver's link" }).click();
      const shortUrl = (await linkDialog.getByTestId('driver-short-url').textContent()) ?? '';
      await linkDialog.getByRole('button', { name: 'Close' }).click();

      const closeDriver = await recordDrops(browser, new URL(shortUrl).pathname, orders);
      await expect(run.getByTestId('drop-progress')).toHaveText(`${orders.length} of ${orders.length} drops`);
      await expect(run.locator('[data-state]')).toHaveText('Delivered');
      await closeDriver();

      // The board: each order delivered, and what its customer still owes on its line.
      await openMenuItem(page, 'Home');
      for (const order of orders) {
        const badge = orderLine(page, order.name).getByRole('img', { name: /^Owes \d+ trolleys?$/ });
        if (owed(order) > 0) await expect(badge).toHaveAccessibleName(`Owes ${plural(owed(order), 'trolley')}`);
        else await expect(badge).toHaveCount(0);
      }
      await expect(page.locator('[data-owed-badge]')).toHaveCount(orders.filter((order) => owed(order) > 0).length);
      const badgeTotal = (await page.locator('[data-owed-badge]').allTextContents()).reduce(
        (sum, text) => sum + Number.parseInt(text, 10),
        0,
      );
      expect(badgeTotal).toBe(total - totalBack);
      await orderLine(page, orders[0]!.name).scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`board-owed-${screen.name}.png`) });

      // The balances and a statement: the only place they are shown is the customer book.
      await openMenuItem(page, 'Customers');
      const book = page.getByRole('list', { name: 'Customers' });
      for (const order of orders) {
        const entry = book.getByRole('listitem').filter({ hasText: order.name });
        if (owed(order) > 0) await expect(entry).toContainText(`Owes ${plural(owed(order), 'trolley')}`);
        else await expect(entry).not.toContainText('Owes');
      }
      await book.getByRole('listitem').first().scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`balances-${screen.name}.png`) });

      const first = orders[0]!;
      await page.getByRole('button', { name: `Statement of ${first.name}` }).click();
      const statement = page.getByRole('dialog', { name: `Statement: ${first.name}` });
      await expect(statement.getByRole('table', { name: 'Statement' })).toContainText(`${owed(first)} / 0 / 0`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        statement.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const pdfPath = test.info().outputPath('statement.pdf');
      await download.saveAs(pdfPath);
      const pdf = readPdf(pdfPath);
      expect(pdf.rawText).toContain(first.name);
      expect(pdf.rawText).toContain(`Holds ${plural(owed(first), 'trolley')}, 0 shelves, 0 extensions`);
      expect(pdf.rawText).toMatch(/Opening balance 0 \/ 0 \/ 0/);
      expect(pdf.rawText).toMatch(new RegExp(`Delivered .*\\+${first.trolleys} 0 0 ${first.trolleys} / 0 / 0`));
      expect(pdf.rawText).toMatch(new RegExp(`Returned .*-${first.back} 0 0 ${owed(first)} / 0 / 0`));
      expect(pdf.rawText).toMatch(new RegExp(`Closing balance ${owed(first)} / 0 / 0`));
    });
  });
}
