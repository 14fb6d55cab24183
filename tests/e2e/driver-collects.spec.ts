import { DRIVER_API, type DriverLinkView } from '../../src/domain/driver/driver-link';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { api, unique } from '../support/e2e-api';
import { ownWeek } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { PHONE, sign } from '../support/e2e-phone';
import { keepScreenshot } from '../support/screenshots';

// The driver collects (docs/decisions/079): the driver's phone shows what the drop's customer holds
// of ours and since when, the driver enters 5 trolleys collected, and the customer's balance on the
// office's ledger is 5 less.

const WEEK = ownWeek(47);

test("the driver's phone shows what to collect, and 5 collected take 5 off the customer's balance", async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const customer = await pb.collection('customers').create({ name: `Collect Garden Centre ${u}`, postcode: 'AB1 2CD' });
  // Left there on 3 Nov and not all back yet: 7 trolleys and 2 shelves held.
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-03', trolleys: 7, shelves: 2 });
  const order = await pb.collection('tasks').create({
    title: customer.name,
    customer: customer.id,
    postcode: 'AB1 2CD',
    trollies: '3',
    day: 'tuesday',
    year: WEEK.year,
    weekNumber: WEEK.week,
  });
  const run = await pb.collection('trolley_exports').create({
    name: `Collect run ${u}`,
    data: [{ id: order.id, title: order.title, postcode: 'AB1 2CD', trollies: '3', extras: '', orderNumber: '' }],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  // Dispatch books the run's 3 trolleys out: the customer holds 10.
  for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  const link = await pb.send<DriverLinkView>(DRIVER_API.runLinks(run.id), { method: 'POST' });

  // The office's ledger before.
  await signIn(page, office, '/customers');
  const list = page.getByRole('list', { name: 'Customers' });
  await expect(list).toContainText('Owes 10 trolleys, 2 shelves');

  // The driver's phone: what to leave, and what the customer holds apart from this run.
  const phone = await browser.newContext(PHONE);
  const driver = await phone.newPage();
  await driver.goto(new URL(link.shortUrl).pathname);
  const drop = driver.getByRole('list', { name: 'Drops' }).getByRole('listitem').first();
  await expect(drop).toContainText('Leave: 3 trolleys');
  await expect(drop).toContainText('Has 7 trolleys, 2 shelves of ours since 3 Nov');

  await drop.getByRole('button', { name: 'Record drop 1' }).click();
  await drop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const form = drop.getByRole('form');
  await expect(form.getByRole('group', { name: 'Collected' })).toBeVisible();
  for (let i = 0; i < 5; i++) await form.getByRole('button', { name: 'More trolleys' }).click();
  await expect(form.getByLabel('Trolleys collected')).toHaveText('5');
  await form.getByLabel('Received by').fill('Pat Green');
  await sign(driver, form);
  await form.getByRole('button', { name: 'Record delivery' }).click();
  await expect(drop.getByText('Delivered to Pat Green · 5 trolleys back · Sent')).toBeVisible();
  await keepScreenshot(driver, { path: `${test.info().outputDir}/driver-collects-phone.png`, fullPage: true });
  await phone.close();

  // The office's ledger after: 5 fewer trolleys, the collection listed as a return of the run.
  await page.reload();
  await expect(list).toContainText('Owes 5 trolleys, 2 shelves');
  await list.getByRole('button', { name: `Trolleys of Collect Garden Centre ${u}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: Collect Garden Centre ${u}` });
  await expect(ledger.getByRole('status')).toHaveText(/Owes 5 trolleys, 2 shelves since/);
});
