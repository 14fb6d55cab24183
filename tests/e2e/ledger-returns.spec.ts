import { api, unique } from '../support/e2e-api';
import { ONE_SIZE, ownWeek, toast } from '../support/e2e-board';

const WEEK = ownWeek(47);
import { test, expect } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';
import { keepScreenshot } from '../support/screenshots';

// The ledger refuses silent nonsense (docs/decisions/065), at the office's desktop (nothing here
// differs by size, docs/decisions/086; trolley-ledger.spec.ts records a return on a phone): office staff
// recording a return larger than the customer holds are asked, in place, to confirm it with a
// reason; the balance then reads "Returned 7 more trolleys than we had booked out", never
// "Owes -7". Staff are told who may. A run sheet shows "est. 4 · loaded 5" where the plan loaded
// another number than the order says.

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('office confirm a too-large return with a reason, and the balance says what came back', async ({ page, accounts, signIn }) => {
    const office = await accounts.create();
    const pb = await api(office);
    const name = `Hillside Garden Centre ${unique()}`;
    const customer = await pb.collection('customers').create({ name, postcode: 'GL7 1AB' });
    await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-23', trolleys: 2 });

    await signIn(page, office, '/customers');
    const list = page.getByRole('list', { name: 'Customers' });
    await expect(list).toContainText('Owes 2 trolleys');
    await list.getByRole('button', { name: `Trolleys of ${name}` }).click();
    const ledger = page.getByRole('dialog', { name: `Trolleys: ${name}` });
    const form = ledger.getByRole('form', { name: 'Record a return' });
    await form.getByLabel('Trolleys').fill('9');
    await form.getByRole('button', { name: 'Record return' }).click();

    const ask = form.getByRole('group', { name: 'Below zero' });
    await expect(ask.getByRole('alert')).toHaveText(
      `${name} holds 2 trolleys; returning 9 would leave -7. Confirm and give a reason to record it.`,
    );
    // Nothing is recorded until it is confirmed with a reason.
    await expect(form.getByRole('button', { name: 'Record return' })).toBeDisabled();
    await ask.getByLabel('Yes, record it below zero').check();
    await ask.getByLabel('Reason').fill('Seven of ours came back from their other site');
    await keepScreenshot(page, { path: test.info().outputPath(`ledger-below-zero-ask-${screen.name}.png`) });
    await form.getByRole('button', { name: 'Record return' }).click();
    await expect(toast(page, 'Return recorded.')).toBeVisible();

    await expect(ledger.getByRole('status')).toHaveText('Returned 7 more trolleys than we had booked out.');
    await expect(ledger.locator('[data-count="trolleys"]')).toHaveText('7 extra');
    await expect(ledger.getByRole('list', { name: 'Movements' })).toContainText('Seven of ours came back from their other site');
    await expect(ledger).not.toContainText('-7');
    await keepScreenshot(page, { path: test.info().outputPath(`ledger-below-zero-balance-${screen.name}.png`) });
    await ledger.getByRole('button', { name: 'Close' }).click();
    await expect(list).toContainText('Returned 7 more trolleys than we had booked out');
    await expect(list).not.toContainText('Owes -7');
  });
});

test('staff are told who may record a return below zero, and nothing is recorded', async ({ page, accounts, signIn }) => {
  const admin = await accounts.create();
  const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
  const pb = await api(admin);
  const name = `Brook Farm Shop ${unique()}`;
  const customer = await pb.collection('customers').create({ name });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-23', trolleys: 1 });

  await signIn(page, staff, '/customers');
  await page
    .getByRole('list', { name: 'Customers' })
    .getByRole('button', { name: `Trolleys of ${name}` })
    .click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: ${name}` });
  const form = ledger.getByRole('form', { name: 'Record a return' });
  await form.getByLabel('Trolleys').fill('3');
  await form.getByRole('button', { name: 'Record return' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `${name} holds 1 trolley; returning 3 would leave -2. Only office staff or an admin can record it below zero: ask one of them to check it.`,
  );
  await expect(form.getByRole('group', { name: 'Below zero' })).toHaveCount(0);
  await expect(ledger.getByRole('status')).toHaveText(/^Owes 1 trolley since/);
});

test('a run sheet shows estimated and loaded where the plan loaded another number', async ({ page, accounts, signIn }) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const order = (title: string, trollies: string, orderNumber: string) =>
    pb.collection('tasks').create({ title, trollies, orderNumber, day: 'monday', year: WEEK.year, weekNumber: WEEK.week });
  const [hillOrder, oakOrder] = [await order(`Hillside ${u}`, '4', 'SO-1'), await order(`Oak ${u}`, '2', 'SO-2')];
  const stopOf = (o: { id: string; title: string; trollies: string; orderNumber: string }, postcode: string) => ({
    id: o.id,
    title: o.title,
    postcode,
    trollies: o.trollies,
    extras: '',
    orderNumber: o.orderNumber,
  });
  const hill = stopOf(hillOrder as unknown as Parameters<typeof stopOf>[0], 'GL7 1AB');
  const oak = stopOf(oakOrder as unknown as Parameters<typeof stopOf>[0], 'EF3 4GH');
  const label = (stop: typeof hill) => `${stop.title} - ${stop.orderNumber}`;
  const grid = [...Array.from({ length: 5 }, () => label(hill)), label(oak), label(oak), '', '', '', '', ''];
  const driver = `Sam${u}`;
  const run = await pb.collection('trolley_exports').create({
    name: `Run ${u}`,
    data: [hill, oak],
    vehicleInfo: { driver, reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid },
  });

  await signIn(page, office, `/runs/view/${run.id}`);
  await expect(page.getByRole('button', { name: `Trolley 6: ${label(oak)}` })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  const file = test.info().outputPath('run-sheet.pdf');
  await download.saveAs(file);
  const pdf = readPdf(file);
  expect(pdf.rawText).toMatch(/est\. 4 · loaded 5/);
  expect(pdf.rawText).not.toMatch(/est\. 2/);
});
