import type PocketBase from 'pocketbase';
import { addOrder, api, unique, type OrderInput } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { A4_POINTS, readPdf } from '../support/pdf-tools';

// The daily pick sheet with real orders created through the API: exactly the day's whiteboard
// orders of wholesale and retail customers (docs/decisions/026: Thursday is not Tuesday), linked, with extras,
// printed as a one-page A4 PDF, and updated live while open.

async function createOrder(pb: PocketBase, order: OrderInput): Promise<string> {
  const record = await addOrder(pb, { status: '', postcode: '', orderNumber: '', orderInfo: '', ...order });
  return record.id;
}

// 2027 week 10: Tuesday is 9 March 2027.
const week = { year: 2027, weekNumber: 10 };
const sheetUrl = '/weekday/2027/10/tuesday/9';

test('the Tuesday sheet lists exactly its orders, links them, shows extras, prints and updates live', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const t = (name: string) => `${name} ${tag}`;
  const ids: Record<string, string> = {};
  const orders: OrderInput[] = [
    { ...week, title: t('Wholesale'), day: 'tuesday', customerType: 'wholesale', other: 'none', postcode: 'll11 4aa', orderNumber: 'SO-1' },
    { ...week, title: t('Retail'), day: 'tuesday', customerType: 'retail', other: 'none', postcode: 'ch4 9zz' },
    { ...week, title: t('Other'), day: 'tuesday', customerType: 'other', other: 'none' },
    { ...week, title: t('Missed'), day: 'tuesday', customerType: 'missed', other: 'none' },
    { ...week, title: t('Thursday'), day: 'thursday', customerType: 'wholesale', other: 'none' },
    { ...week, title: t('Collect'), day: 'tuesday', customerType: 'wholesale', other: 'collect' },
    { ...week, title: t('Held'), day: 'tuesday', customerType: 'retail', other: 'holding' },
    { year: 2027, weekNumber: 11, title: t('Next week'), day: 'tuesday', customerType: 'retail', other: 'none' },
    { year: 2026, weekNumber: 10, title: t('Last year'), day: 'tuesday', customerType: 'retail', other: 'none' },
  ];
  for (const order of orders) ids[order.title] = await createOrder(pb, order);

  await signIn(page, account);
  await page.goto(sheetUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tuesday 9 March 2027');
  await expect(page.getByText(/^Pick sheet · Week 10 · \d+ orders$/)).toBeVisible();

  const sheet = page.getByRole('list', { name: 'Orders to pick on Tuesday' });
  const rows = sheet.getByRole('listitem').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(t('Wholesale'));
  await expect(rows.nth(1)).toContainText(t('Retail'));
  for (const name of ['Other', 'Missed', 'Thursday', 'Held', 'Next week', 'Last year'])
    await expect(page.getByText(t(name), { exact: true })).toHaveCount(0);
  // The collect order is not picked: it is listed under the day's collects.
  await expect(sheet.getByText(t('Collect'), { exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Collects on Tuesday' }).getByRole('link', { name: t('Collect') })).toBeVisible();

  // Colours, upper-cased postcode, order number, and the link to the edit page.
  const wholesale = page.getByRole('link', { name: t('Wholesale') });
  const retail = page.getByRole('link', { name: t('Retail') });
  await expect(wholesale).toHaveClass(/text-slate-900/);
  await expect(retail).toHaveClass(/text-blue-700/);
  await expect(wholesale).toHaveAttribute('href', `/edit/${ids[t('Wholesale')]}`);
  await expect(retail).toHaveAttribute('href', `/edit/${ids[t('Retail')]}`);
  await expect(rows.nth(0)).toContainText('LL11 4AA');
  await expect(rows.nth(0)).toContainText('SO-1');
  await expect(rows.nth(1)).toContainText('CH4 9ZZ');

  // Show Extras adds Green / Yellow / Shelves tick boxes to each row.
  await expect(page.getByRole('checkbox', { name: 'Green' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show Extras' }).check();
  for (const row of [rows.nth(0), rows.nth(1)])
    for (const extra of ['Green', 'Yellow', 'Shelves']) await expect(row.getByRole('checkbox', { name: extra })).toBeVisible();

  // Print: a one-page A4 portrait PDF named after the day, with every customer and the footer.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('tuesday-9-2027.pdf');
  const file = test.info().outputPath('pick-sheet.pdf');
  await download.saveAs(file);
  const pdf = readPdf(file);
  expect(pdf.pages).toBe(1);
  expect(pdf.width).toBeCloseTo(A4_POINTS.short, 0);
  expect(pdf.height).toBeCloseTo(A4_POINTS.long, 0);
  for (const name of ['Wholesale', 'Retail']) expect(pdf.text).toContain(t(name));
  for (const name of ['Other', 'Missed', 'Thursday']) expect(pdf.text).not.toContain(t(name));
  expect(pdf.text).toContain('Made with Trolleyboard');
  const now = new Date();
  expect(pdf.text).toContain(
    `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`,
  );
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();

  // Live: an order added through the API appears without a reload.
  const lateId = await createOrder(pb, { ...week, title: t('Late'), day: 'tuesday', customerType: 'retail', other: 'none' });
  await expect(page.getByRole('link', { name: t('Late') })).toHaveAttribute('href', `/edit/${lateId}`, { timeout: 5000 });
  await expect(rows).toHaveCount(3);

  // A row's title opens its edit page.
  await wholesale.click();
  await expect(page).toHaveURL(`/edit/${ids[t('Wholesale')]}`);
});

test('an empty day says so, and a bad address explains itself with a way back', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/weekday/2031/5/wednesday/29');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wednesday 29 January 2031');
  await expect(page.getByText('No orders to pick on Wednesday.')).toBeVisible();

  for (const url of [
    '/weekday/2027/60/tuesday/9',
    '/weekday/2027/10/funday/9',
    '/weekday/abc/10/tuesday/9',
    '/weekday/2027/10/tuesday/40',
    '/weekday/2027/10/tuesday/10',
  ]) {
    await page.goto(url);
    await expect(page.getByText('This pick sheet address is not valid')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/');
  }
});
