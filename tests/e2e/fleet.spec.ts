import path from 'node:path';
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { api, unique } from '../support/e2e-api';
import { openMenu } from '../support/e2e-board';
import { testResultsDir } from '../support/e2e-env';
import { test, expect, type Account } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';
import { cells, openMapperWithStops } from '../support/mapper';
import { PHONE_AND_DESKTOP } from '../support/screen-sizes';
import { keepScreenshot } from '../support/screenshots';

// The Fleet screen, rounds with their learned order and pins, a customer's round, and the
// mapper's vehicle choice (docs/decisions/076): office keeps the fleet, everyone reads it.

const fleetPage = async (page: Page) => {
  await page.goto('/fleet');
  await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();
};

const vehicleItem = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').filter({ hasText: name });
const roundItem = (page: Page, name: string) => page.getByRole('list', { name: 'Rounds' }).getByRole('listitem').filter({ hasText: name });

async function office(accounts: { create: (o?: { nursery?: string; role?: 'office' | 'viewer' }) => Promise<Account> }) {
  const admin = await accounts.create();
  return { admin, office: await accounts.create({ nursery: admin.nursery, role: 'office' }) };
}

/** An empty grid of a lorry or trailer of that size, as the mapper saves one. */
const emptyGrid = (cellsCount: number) => Array.from({ length: cellsCount }, () => '');

/** A saved run of these orders, in this drop order, as the mapper saves one. */
async function saveRun(pb: PocketBase, orders: readonly { id: string; title: string }[], date: string): Promise<void> {
  await pb.collection('trolley_exports').create({
    name: `Run ${unique()}`,
    data: orders.map((order) => ({ id: order.id, title: order.title, postcode: '', trollies: '1', extras: '', orderNumber: '' })),
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date, vehicleType: 'lorry', trolleyNumber: 8, grid: emptyGrid(8) },
  });
}

/** A customer of the nursery (on `round`, or none) with one order of next week: what a run's stop is. */
async function customerWithOrder(pb: PocketBase, name: string, postcode: string, round = '') {
  const customer = await pb.collection('customers').create({ name, postcode, round });
  const week = nextIsoWeek();
  const order = await pb.collection('tasks').create({
    title: name,
    postcode,
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    trollies: '1',
    year: week.year,
    weekNumber: week.week,
    customer: customer.id,
  });
  return { customer, order: { id: order.id, title: name } };
}

for (const screen of PHONE_AND_DESKTOP) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('office adds a lorry and a trailer; a trailer is offered only its sizes', async ({ page, accounts, signIn }) => {
      const { office: person } = await office(accounts);
      await signIn(page, person);
      // Through the navigation's Nursery group, as a person finds it.
      const menu = await openMenu(page);
      await menu.getByRole('link', { name: 'Fleet', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();

      const lorry = `Big Blue ${unique()}`;
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add vehicle' });
      await dialog.getByLabel('Name').fill(lorry);
      await dialog.getByLabel('Kind').selectOption({ label: 'Lorry' });
      await dialog.getByLabel('Size').selectOption({ label: '16T' });
      await dialog.getByLabel('Registration').fill('AB12 CDE');
      await dialog.getByLabel('Usual driver').fill('Sam');
      await dialog.getByRole('button', { name: 'Add vehicle' }).click();
      await expect(vehicleItem(page, lorry)).toContainText('Lorry 16T · AB12 CDE · usually Sam');

      const trailer = `Little Red ${unique()}`;
      await page.getByRole('button', { name: 'Add vehicle' }).click();
      dialog = page.getByRole('dialog', { name: 'Add vehicle' });
      await dialog.getByLabel('Name').fill(trailer);
      await dialog.getByLabel('Kind').selectOption({ label: 'Trailer' });
      await expect(dialog.getByLabel('Size').locator('option')).toHaveText(['Choose a size', '3T', '6T', '7T']);
      await dialog.getByLabel('Size').selectOption({ label: '7T' });
      await dialog.getByLabel('Registration').fill('TR7 LER');
      await dialog.getByRole('button', { name: 'Add vehicle' }).click();
      await expect(vehicleItem(page, trailer)).toContainText('Trailer 7T · TR7 LER');

      // Deactivated, it says so and stays listed.
      await page.getByRole('button', { name: `Deactivate ${trailer}` }).click();
      await expect(vehicleItem(page, trailer)).toContainText('Inactive');
      await keepScreenshot(page, { path: path.join(testResultsDir, `fleet-office-${screen.name}.png`), fullPage: true });

      // Back on the board without a reload, each day's capacity counts the active lorry alone.
      await (await openMenu(page)).getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page.getByTestId('day-capacity').first()).toHaveText('Fleet: 0 / 16 trolleys', { timeout: 15_000 });
    });

    test('a viewer sees the fleet and the rounds without any control to change them', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });
      const pb = await api(admin);
      const name = `Big Blue ${unique()}`;
      await pb.collection('vehicles').create({ name, vehicleType: 'lorry', trolleyNumber: 12, reg: 'VW12 EWR' });
      const round = `Cotswolds ${unique()}`;
      await pb.collection('rounds').create({ name: round });
      await signIn(page, viewer);
      const menu = await openMenu(page);
      await menu.getByRole('link', { name: 'Fleet', exact: true }).click();
      await expect(vehicleItem(page, name)).toContainText('Lorry 12T · VW12 EWR');
      await expect(roundItem(page, round)).toBeVisible();
      for (const control of [
        'Add vehicle',
        'Add round',
        `Edit ${name}`,
        `Deactivate ${name}`,
        `Delete ${name}`,
        `Rename ${round}`,
        `Delete ${round}`,
      ])
        await expect(page.getByRole('button', { name: control })).toHaveCount(0);
      // The round's order is theirs to read, not to pin.
      await page.getByRole('button', { name: `Drop order of ${round}` }).click();
      await expect(page.getByRole('dialog', { name: round })).toContainText('No customers are in this round yet.');
    });
  });
}

test("a round shows its customers in the order of the nursery's runs, and a pin moves one", async ({ page, accounts, signIn }) => {
  const { admin, office: person } = await office(accounts);
  const pb = await api(admin);
  const round = await pb.collection('rounds').create({ name: `Cotswolds ${unique()}` });
  // Alphabetical and added order are Ash, Birch, Cedar; the runs always drop Cedar, Ash, Birch.
  const ash = await customerWithOrder(pb, `Ash Farm ${unique()}`, 'GL7 1AA', round.id);
  const birch = await customerWithOrder(pb, `Birch Nurseries ${unique()}`, 'GL7 2BB', round.id);
  const cedar = await customerWithOrder(pb, `Cedar Garden ${unique()}`, 'GL7 3CC', round.id);
  for (const date of ['2026-11-02', '2026-11-09', '2026-11-16']) await saveRun(pb, [cedar.order, ash.order, birch.order], date);

  await signIn(page, person);
  await fleetPage(page);
  await page.getByRole('button', { name: `Drop order of ${round.name}` }).click();
  const order = page.getByRole('list', { name: `Drop order of ${round.name}` }).getByRole('listitem');
  await expect(order).toHaveCount(3);
  await expect(order.nth(0)).toContainText(cedar.customer.name);
  await expect(order.nth(0)).toContainText(`before ${ash.customer.name} on 3 of 3 runs`);
  await expect(order.nth(1)).toContainText(ash.customer.name);
  await expect(order.nth(1)).toContainText(`after ${cedar.customer.name} on 3 of 3 runs`);
  await expect(order.nth(2)).toContainText(birch.customer.name);

  // Birch pinned first: it leads, and says why.
  await page.getByLabel(`Place of ${birch.customer.name}`).selectOption({ label: 'Pinned 1st' });
  await expect(order.nth(0)).toContainText(birch.customer.name);
  await expect(order.nth(0)).toContainText('pinned 1st');
  await expect(order.nth(1)).toContainText(cedar.customer.name);
  await keepScreenshot(page, { path: path.join(testResultsDir, 'fleet-round-desktop.png'), fullPage: true });
  // Unpinned, the runs decide again.
  await page.getByLabel(`Place of ${birch.customer.name}`).selectOption({ label: 'As the runs say' });
  await expect(order.nth(2)).toContainText(birch.customer.name);
});

test("a customer's round is set from the round its runs suggest", async ({ page, accounts, signIn }) => {
  const { admin, office: person } = await office(accounts);
  const pb = await api(admin);
  const round = await pb.collection('rounds').create({ name: `Cotswolds ${unique()}` });
  const regular = await customerWithOrder(pb, `Birch Nurseries ${unique()}`, 'GL7 2BB', round.id);
  const newcomer = await customerWithOrder(pb, `Daisy Plants ${unique()}`, 'GL7 4DD');
  await saveRun(pb, [regular.order, newcomer.order], '2026-11-16');

  await signIn(page, person, `/customers?q=${encodeURIComponent(newcomer.customer.name)}`);
  await page.getByRole('button', { name: `Edit ${newcomer.customer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit customer' });
  await expect(dialog.getByLabel('Round')).toHaveValue('');
  await expect(dialog.getByTestId('round-suggestion')).toContainText(`Its runs suggest ${round.name} —`);
  await dialog.getByRole('button', { name: 'Use', exact: true }).click();
  await expect(dialog.getByLabel('Round')).toHaveValue(round.id);
  await keepScreenshot(page, { path: path.join(testResultsDir, 'customer-round-desktop.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: newcomer.customer.name }),
  ).toContainText(`Round ${round.name}`);
  expect((await pb.collection('customers').getOne(newcomer.customer.id)).round).toBe(round.id);
});

test("the mapper's fleet choice sets kind, size, registration and driver, and the saved run keeps them", async ({
  page,
  accounts,
  signIn,
}) => {
  const { admin, office: person } = await office(accounts);
  const pb = await api(admin);
  const driver = `Jo${unique()}`;
  const name = `Little Red ${unique()}`;
  await pb.collection('vehicles').create({ name, vehicleType: 'trailer', trolleyNumber: 6, reg: 'TR6 LER', driver });
  await pb
    .collection('vehicles')
    .create({ name: `Retired ${unique()}`, vehicleType: 'lorry', trolleyNumber: 8, reg: 'OLD 1', active: false });

  await signIn(page, person);
  await openMapperWithStops(page);
  const choice = page.getByLabel('Fleet vehicle');
  // Only active vehicles are offered.
  await expect(choice.locator('option')).toHaveText(['Choose from the fleet', `${name} · Trailer 6T · TR6 LER`]);
  await choice.selectOption({ label: `${name} · Trailer 6T · TR6 LER` });
  await expect(page.getByRole('button', { name: 'Trailer', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '6T', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cells(page)).toHaveCount(8);
  await expect(page.getByLabel('Reg', { exact: true })).toHaveValue('TR6 LER');
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue(driver);
  await keepScreenshot(page, { path: path.join(testResultsDir, 'mapper-fleet-choice-desktop.png') });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Run saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/runs\/view\/[a-z0-9]{15}$/);
  await page.reload();
  await expect(page.getByLabel('Fleet vehicle')).toHaveValue(/^[a-z0-9]{15}$/);
  await expect(page.getByLabel('Reg', { exact: true })).toHaveValue('TR6 LER');
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue(driver);
  await expect(page.getByRole('button', { name: '6T', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const run = (await pb.collection('trolley_exports').getFullList({ filter: pb.filter('name ~ {:d}', { d: driver }) }))[0];
  expect(run?.vehicleInfo).toMatchObject({ vehicleType: 'trailer', trolleyNumber: 6, reg: 'TR6 LER', driver });
});

test('a deleted vehicle and round wait in Deleted and come back from there', async ({ page, accounts, signIn }) => {
  const { admin, office: person } = await office(accounts);
  const pb = await api(admin);
  const vehicle = `Big Blue ${unique()}`;
  await pb.collection('vehicles').create({ name: vehicle, vehicleType: 'lorry', trolleyNumber: 20, reg: 'DL20 TED' });
  const round = `Tuesday north ${unique()}`;
  await pb.collection('rounds').create({ name: round });

  await signIn(page, person);
  await fleetPage(page);
  await page.getByRole('button', { name: `Delete ${vehicle}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${vehicle}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(vehicleItem(page, vehicle)).toHaveCount(0);
  await page.getByRole('button', { name: `Delete ${round}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${round}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(roundItem(page, round)).toHaveCount(0);

  await page.goto('/deleted');
  const deleted = page.getByRole('list', { name: 'Deleted orders and runs' }).getByRole('listitem');
  await expect(deleted.filter({ hasText: vehicle })).toContainText('Vehicle');
  await expect(deleted.filter({ hasText: vehicle })).toContainText('Lorry 20T · DL20 TED');
  await expect(deleted.filter({ hasText: round })).toContainText('Round');
  await page.getByRole('button', { name: `Restore ${vehicle}` }).click();
  await page.getByRole('button', { name: `Restore ${round}` }).click();
  await expect(deleted.filter({ hasText: round })).toHaveCount(0);

  await fleetPage(page);
  await expect(vehicleItem(page, vehicle)).toContainText('Lorry 20T · DL20 TED');
  await expect(roundItem(page, round)).toBeVisible();
});
