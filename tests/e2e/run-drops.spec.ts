import { RUNS_API } from '../../src/domain/runs/runs-api';
import { api, unique } from '../support/e2e-api';
import { boardPath, line, logOut, ONE_SIZE, ownWeek, toast } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';
import { imageCount, readPdf } from '../support/pdf-tools';

// A run to its last drop on the Runs screen (docs/decisions/042), on the office's desktop: the
// office starts loading and dispatches (the confirmation says the trolleys will be booked out),
// records two drops for a driver who phoned in and sees "2 of 2 drops"; a second office page sees
// every step live; the delivery note downloads; the board marks the delivered order. One size:
// nothing here differs by size (docs/decisions/086); every-screen.spec.ts opens Runs and a run on
// a phone, and the driver records drops on a phone in driver-link.spec.ts.

const WEEK = ownWeek(47);

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('the office dispatches a run, records two drops and sees the progress, live on a second page', async ({
    page,
    browser,
    accounts,
    signIn,
  }) => {
    // A long journey (two pages, every step, a PDF, the board) on a busy machine.
    test.setTimeout(120_000);
    const office = await accounts.create();
    const colleague = await accounts.create({ nursery: office.nursery, role: 'office' });
    const pb = await api(office);
    const u = unique();
    const green = await pb.collection('customers').create({ name: `Green Garden ${u}` });
    const oak = await pb.collection('customers').create({ name: `Oak Nurseries ${u}` });
    const order = (title: string, customer: string) =>
      pb.collection('tasks').create({ title, customer, trollies: '3', day: 'tuesday', year: WEEK.year, weekNumber: WEEK.week });
    const greenOrder = await order(`Green Garden ${u}`, green.id);
    const oakOrder = await order(`Oak Nurseries ${u}`, oak.id);
    const stop = (o: { id: string; title?: string }, postcode: string) => ({
      id: o.id,
      title: String(o.title),
      postcode,
      trollies: '3',
      extras: '',
      orderNumber: '',
    });
    const name = `Drops run ${u}`;
    await pb.collection('trolley_exports').create({
      name,
      data: [stop(greenOrder, 'AB1 2CD'), stop(oakOrder, 'EF3 4GH')],
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });

    // A second office page, open on Runs from the start: it must see each step without reloading.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await context.newPage();
    await signIn(other, colleague, '/runs');
    const otherRun = other.getByRole('listitem', { name });
    await expect(otherRun.locator('[data-state]')).toHaveText('New');

    await signIn(page, office, '/runs');
    const run = page.getByRole('listitem', { name });
    await run.getByRole('button', { name: `Start loading: ${name}` }).click();
    await expect(toast(page, 'Loading started.')).toBeVisible();
    await expect(run.locator('[data-state]')).toHaveText('Loading');
    await expect(otherRun.locator('[data-state]')).toHaveText('Loading');

    await run.getByRole('button', { name: `Dispatch: ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Dispatch ${name}?` });
    await expect(confirm).toContainText('will be booked out');
    await confirm.getByRole('button', { name: 'Dispatch and book out' }).click();
    await expect(
      toast(page, `Run dispatched. Booked 2 stops out: Green Garden ${u} (3 trolleys), Oak Nurseries ${u} (3 trolleys).`),
    ).toBeVisible();
    await expect(run.locator('[data-state]')).toHaveText('Dispatched');
    await expect(run.getByTestId('drop-progress')).toHaveText('0 of 2 drops');
    await expect(otherRun.getByTestId('drop-progress')).toHaveText('0 of 2 drops');

    const drops = run.getByRole('list', { name: `Drops of ${name}` });
    await drops.getByRole('button', { name: `Record drop: Green Garden ${u}` }).click();
    const dialog = page.getByRole('dialog', { name: `Record drop: Green Garden ${u}` });
    await dialog.getByLabel('Received by').fill('Jo Green');
    await dialog.getByLabel('Trolleys back').fill('2');
    await dialog.getByRole('button', { name: 'Record drop' }).click();
    await expect(toast(page, `Drop recorded: Green Garden ${u}.`)).toBeVisible();
    await expect(run.getByTestId('drop-progress')).toHaveText('1 of 2 drops');
    await expect(drops.getByRole('listitem').first()).toContainText(/Delivered to Jo Green at \d\d:\d\d/);
    await expect(otherRun.getByTestId('drop-progress')).toHaveText('1 of 2 drops');

    await drops.getByRole('button', { name: `Record drop: Oak Nurseries ${u}` }).click();
    const second = page.getByRole('dialog', { name: `Record drop: Oak Nurseries ${u}` });
    await second.getByLabel('Outcome').selectOption('not_delivered');
    await second.getByLabel('Reason').fill('Closed');
    await second.getByRole('button', { name: 'Record drop' }).click();
    await expect(run.getByTestId('drop-progress')).toHaveText('2 of 2 drops');
    await expect(drops.getByRole('listitem').nth(1)).toContainText('Not delivered: Closed');
    // The last drop delivered the run, on both pages.
    await expect(run.locator('[data-state]')).toHaveText('Delivered');
    await expect(otherRun.locator('[data-state]')).toHaveText('Delivered');
    await expect(otherRun.getByTestId('drop-progress')).toHaveText('2 of 2 drops');
    await context.close();

    // The counts back are a return in the ledger: 3 out, 2 back.
    await expect
      .poll(async () =>
        (await pb.collection('trolley_movements').getFullList({ filter: `customer = "${green.id}"`, sort: 'kind' })).map((m) => [
          m.kind,
          m.trolleys,
        ]),
      )
      .toEqual([
        ['in', 2],
        ['out', 3],
      ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drops.getByRole('button', { name: `Delivery note: Green Garden ${u}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`delivery-note_green-garden-${u}_2026-11-24_drop-1.pdf`);
    const file = test.info().outputPath('delivery-note.pdf');
    await download.saveAs(file);
    const pdf = readPdf(file);
    expect(pdf.rawText).toContain(`Green Garden ${u}`);
    expect(pdf.rawText).toContain('Drop 1 of 2');
    expect(pdf.rawText).toMatch(/Received by\s+Jo Green/);
    expect(pdf.rawText).toMatch(/Collected\s+2\s+0\s+0/);
    // No signature on a drop the office recorded: an empty box to sign on paper, no image.
    expect(imageCount(file)).toBe(0);

    // The board marks the delivered order, and only it.
    await page.goto(boardPath(WEEK));
    await expect(line(page, 'Tuesday', `Green Garden ${u}`).getByRole('img', { name: /^Delivered to Jo Green at/ })).toBeVisible();
    await expect(line(page, 'Tuesday', `Oak Nurseries ${u}`)).toBeVisible();
    await expect(line(page, 'Tuesday', `Oak Nurseries ${u}`).getByRole('img', { name: /^Delivered/ })).toHaveCount(0);
  });
});

test("a dispatched run opens to look at and print: its plan can't change and Print saves nothing", async ({ page, accounts, signIn }) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const saved = await pb.collection('trolley_exports').create({
    name: `Fixed run ${u}`,
    data: [{ id: '', title: `Hill Top ${u}`, postcode: 'AB1 2CD', trollies: '2', extras: '', orderNumber: '' }],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(saved.id), { method: 'POST', body: { state } });
  const dispatched = await pb.collection('trolley_exports').getOne(saved.id);

  await signIn(page, office, `/runs/view/${saved.id}`);
  await expect(page.getByRole('note')).toHaveText(/^This run has been dispatched: its trolleys are booked out/);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  expect(download.suggestedFilename()).toBe('24-11-2026_Sam.pdf');
  expect((await pb.collection('trolley_exports').getOne(saved.id)).updated).toBe(dispatched.updated);

  // A viewer prints a run that is not dispatched the same way: nothing to save, nothing refused.
  const viewer = await accounts.create({ nursery: office.nursery, role: 'viewer' });
  const fresh = await pb
    .collection('trolley_exports')
    .create({ name: `Fresh run ${u}`, data: dispatched.data, vehicleInfo: dispatched.vehicleInfo });
  await logOut(page);
  await signIn(page, viewer, `/runs/view/${fresh.id}`);
  await expect(page.getByText(`Hill Top ${u}`).first()).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  const [viewerDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print' }).click()]);
  expect(viewerDownload.suggestedFilename()).toBe('24-11-2026_Sam.pdf');
  expect((await pb.collection('trolley_exports').getOne(fresh.id)).updated).toBe(fresh.updated);
});
