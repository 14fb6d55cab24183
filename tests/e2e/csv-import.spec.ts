import type { Page } from '@playwright/test';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, ONE_SIZE, openLiveBoard, ownWeek, toast } from '../support/e2e-board';
import { exportedCsv } from '../support/e2e-csv';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// Importing orders from CSV on the board (docs/decisions/049): a file is checked row by row
// before anything is written; the person imports it all, or only the valid rows, or cancels. At a
// desktop's size: importing a file is a job at a desk, and nothing here differs by size
// (docs/decisions/086).

const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import orders from CSV' });

/**
 * Opens the import from the board and chooses `csv` as the file. A nursery with no orders yet also
 * offers the same import on its getting-started card (docs/decisions/072): either opens it.
 */
async function chooseFile(page: Page, csv: string, name = 'orders.csv'): Promise<void> {
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  await importDialog(page)
    .getByLabel('CSV file of orders')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('an exported week imported into an empty week makes the same orders', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const u = unique();
    const [from, to] = [ownWeek(27), ownWeek(28)];
    const at = { year: from.year, weekNumber: from.week, day: 'monday' };
    await addOrder(pb, { ...at, title: `Núñez ${u}`, customerType: 'retail', other: 'none', trollies: '3', orderInfo: '=SUM(A1)' });
    await addOrder(pb, { ...at, title: `Greens ${u}`, customerType: 'wholesale', other: 'none', status: 'pulled', extras: '2 + shelf' });

    await signIn(page, account, boardPath(from));
    await expect(page.getByText(`Greens ${u}`)).toBeVisible();
    const exported = await exportedCsv(page);

    // The same file with the other week's number, as a person would change it in a spreadsheet.
    const csv = exported.replaceAll(`\r\n${from.year},${from.week},`, `\r\n${to.year},${to.week},`);
    await openLiveBoard(page, to);
    await chooseFile(page, csv, 'week.csv');
    const dialog = importDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('2 rows ready.');
    await expect(dialog.getByRole('row')).toHaveCount(3);
    await keepScreenshot(page, { path: test.info().outputPath(`import-${screen.name}.png`) });
    await dialog.getByRole('button', { name: 'Import 2 orders' }).click();

    await expect(toast(page, '2 orders imported.')).toBeVisible();
    // A file names no customers: the import ends with the way to the linking assistant (docs/decisions/066).
    await expect(dialog.getByRole('link', { name: 'Link these orders to customers' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Núñez ${u}`)).toBeVisible();
    await expect(page.getByText(`Greens ${u}`)).toBeVisible();
    const fields = ['title', 'day', 'customerType', 'other', 'status', 'trollies', 'extras', 'orderInfo'] as const;
    const weekOf = async (week: number) =>
      (await pb.collection('tasks').getFullList({ filter: `year = ${from.year} && weekNumber = ${week}`, sort: 'title' })).map((order) =>
        fields.map((field) => order[field] as unknown),
      );
    expect(await weekOf(to.week)).toEqual(await weekOf(from.week));
  });

  test('a bad row is named in words; cancelling writes nothing; the valid rows import alone', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const u = unique();
    const week = ownWeek(29);
    const csv = [
      'Year,Week,Day,Customer name,Trollies',
      `${week.year},29,Monday,First ${u},2`,
      `${week.year},29,Funday,Second ${u},1`,
      `${week.year},29,Monday,Third ${u},`,
      '',
    ].join('\r\n');
    const inWeek = () => pb.collection('tasks').getFullList({ filter: `year = ${week.year} && weekNumber = 29` });

    await signIn(page, account);
    await openLiveBoard(page, week);
    await chooseFile(page, csv);
    const dialog = importDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('2 rows ready, 1 with problems.');
    await expect(dialog.getByRole('row').filter({ hasText: /^2/ })).toContainText(/day/i);
    await expect(dialog.getByRole('button', { name: 'Import 3 orders' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await inWeek()).toHaveLength(0);

    await chooseFile(page, csv);
    await importDialog(page).getByRole('button', { name: 'Import only the 2 valid rows' }).click();
    await expect(toast(page, '2 orders imported; 1 row with problems left out.')).toBeVisible();
    await importDialog(page).getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByText(`First ${u}`)).toBeVisible();
    await expect(page.getByText(`Third ${u}`)).toBeVisible();
    expect((await inWeek()).map((order) => order.title as string).sort()).toEqual([`First ${u}`, `Third ${u}`]);
  });
});

test('a viewer is not offered the import', async ({ page, accounts, signIn }) => {
  const admin = await accounts.create();
  const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });
  await signIn(page, viewer, boardPath(ownWeek(30)));
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
});
