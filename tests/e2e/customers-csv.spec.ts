import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { ONE_SIZE, toast } from '../support/e2e-board';
import { exportedCsv } from '../support/e2e-csv';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// Importing customers from CSV on the Customers screen (docs/decisions/049): the customer book
// exported from one nursery imports into another as the same customers; a row with a problem (a
// customer the book has already, a bad e-mail) is named in words and nothing is written until the
// person chooses; office staff and admins have the button, staff and viewers do not. At a
// desktop's size: importing a file is a job at a desk, and nothing here differs by size
// (docs/decisions/086); every-screen.spec.ts opens Customers on a phone.

const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import customers from CSV' });
const bookList = (page: Page) => page.getByRole('list', { name: 'Customers' });

async function chooseFile(page: Page, csv: string): Promise<void> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await importDialog(page)
    .getByLabel('CSV file of customers')
    .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

const FIELDS = [
  'name',
  'postcode',
  'phone',
  'email',
  'deliveryAddress',
  'customerType',
  'usualDay',
  'usualTrolleys',
  'poolAccount',
  'kind',
  'active',
  'notes',
];

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('a customer book exported from one nursery imports into another as the same customers', async ({
    page,
    browser,
    accounts,
    signIn,
  }) => {
    const [from, to] = [await accounts.create(), await accounts.create()];
    const [fromPb, toPb] = [await api(from), await api(to)];
    const u = unique();
    // A round travels by its name: the importing nursery's round of that name (docs/decisions/076).
    const fromRound = await fromPb.collection('rounds').create({ name: `Cotswolds ${u}` });
    const toRound = await toPb.collection('rounds').create({ name: `Cotswolds ${u}` });
    await fromPb.collection('customers').create({
      round: fromRound.id,
      name: `Jardinería Núñez ${u}`,
      postcode: 'CH4 9ZZ',
      email: 'orders@nunez.example',
      deliveryAddress: 'Back gate\nPlot 4',
      customerType: 'retail',
      usualDay: 'friday',
      usualTrolleys: 6,
      notes: '=SUM(A1)',
    });
    // A haulier travels as one (docs/decisions/079).
    await fromPb.collection('customers').create({
      name: `Greens ${u}`,
      customerType: 'wholesale',
      active: false,
      poolAccount: 'CC-7',
      kind: 'haulier',
    });

    // The exporting nursery's office, on a device of its own.
    const exporting = await browser.newContext(screen.use);
    const other = await exporting.newPage();
    await signIn(other, from, '/customers');
    await expect(bookList(other).getByRole('listitem')).toHaveCount(2);
    const exported = await exportedCsv(other);
    await exporting.close();

    await signIn(page, to, '/customers');
    await expect(page.getByText('No customers yet.')).toBeVisible();
    await chooseFile(page, exported);
    const dialog = importDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('2 rows ready.');
    await expect(dialog.getByRole('row')).toHaveCount(3);
    await keepScreenshot(page, { path: test.info().outputPath(`customers-import-${screen.name}.png`) });
    await dialog.getByRole('button', { name: 'Import 2 customers' }).click();

    await expect(toast(page, '2 customers imported.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bookList(page).getByRole('listitem')).toHaveCount(2);
    await expect(bookList(page)).toContainText(`Jardinería Núñez ${u}`);
    const bookOf = async (pb: typeof fromPb) =>
      (await pb.collection('customers').getFullList({ sort: 'name' })).map((customer) => FIELDS.map((field) => customer[field] as unknown));
    expect(await bookOf(toPb)).toEqual(await bookOf(fromPb));
    const roundOf = async (pb: typeof fromPb) =>
      (await pb.collection('customers').getFullList({ sort: 'name' })).map((customer) => String(customer.round));
    expect(await roundOf(fromPb)).toEqual(['', fromRound.id]);
    expect(await roundOf(toPb)).toEqual(['', toRound.id]);

    // The same file again: both are in the book now, said in words, and nothing can be imported.
    await chooseFile(page, exported);
    await expect(dialog.getByRole('status')).toHaveText('0 rows ready, 2 with problems.');
    await expect(dialog.getByText(`“Greens ${u}” without a postcode is already in the customer book.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 2 customers' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /^Import only/ })).toHaveCount(0);
  });

  test('a bad row is named in words; cancelling writes nothing; the valid rows import alone', async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const office = await accounts.create({ nursery: admin.nursery, role: 'office' });
    const pb = await api(admin);
    const u = unique();
    const csv = ['Name,Postcode,E-mail', `First ${u},AB1 2CD,`, `Second ${u},,not-an-address`, `Third ${u},,`, ''].join('\r\n');

    await signIn(page, office, '/customers');
    await expect(page.getByText('No customers yet.')).toBeVisible();
    await chooseFile(page, csv);
    const dialog = importDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('2 rows ready, 1 with problems.');
    await expect(dialog.getByRole('row').filter({ hasText: /^2/ })).toContainText('E-mail: Enter an e-mail address like name@example.com');
    await expect(dialog.getByRole('button', { name: 'Import 3 customers' })).toBeDisabled();
    await keepScreenshot(page, { path: test.info().outputPath(`customers-import-problem-${screen.name}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await pb.collection('customers').getFullList()).toHaveLength(0);

    await chooseFile(page, csv);
    await importDialog(page).getByRole('button', { name: 'Import only the 2 valid rows' }).click();
    await expect(toast(page, '2 customers imported; 1 row with problems left out.')).toBeVisible();
    await expect(bookList(page).getByRole('listitem')).toHaveCount(2);
    expect((await pb.collection('customers').getFullList({ sort: 'name' })).map((customer) => customer.name as string)).toEqual([
      `First ${u}`,
      `Third ${u}`,
    ]);
  });
});

for (const role of ['staff', 'viewer'] as const)
  test(`${role === 'staff' ? 'staff are' : 'a viewer is'} not offered the import`, async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const member = await accounts.create({ nursery: admin.nursery, role });
    await signIn(page, member, '/customers');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  });
