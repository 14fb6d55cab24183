import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, ownWeek } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// CSV exports as a person gets them (docs/decisions/049): the button on each screen downloads a
// file a spreadsheet opens — UTF-8 with a byte-order mark, CRLF line ends, text that looks like a
// formula made inert, counts as numbers.

const BOM = [0xef, 0xbb, 0xbf];
const ORDER_HEADER = 'Year,Week,Day,Customer name,Postcode,Order number,Customer type,Board type,Status,Trollies,Extras,Additional info';

/** Presses `button`, saves the download and gives its name, raw bytes and its lines (BOM removed). */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer; lines: string[] }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  const bytes = readFileSync(path);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return { name: file.suggestedFilename(), bytes, lines: text.slice(0, -2).split('\r\n') };
}

test('a week’s board, its collects and the holding list download as CSV files Excel opens', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const u = unique();
  const week = ownWeek(20);
  const at = { year: week.year, weekNumber: week.week };
  await addOrder(pb, {
    ...at,
    title: `Jardinería Núñez ${u}`,
    day: 'wednesday',
    customerType: 'retail',
    other: 'none',
    status: 'pulled',
    postcode: 'ch4 9zz',
    orderNumber: 'SO-1',
    trollies: '3',
    orderInfo: '=HYPERLINK("http://evil.example")',
  });
  await addOrder(pb, { ...at, title: `Monday Greens ${u}`, day: 'monday', customerType: 'wholesale', other: 'none', extras: '2 + shelf' });
  await addOrder(pb, { ...at, title: `Collector ${u}`, day: 'friday', customerType: 'wholesale', other: 'collect', trollies: '1' });
  await addOrder(pb, { ...at, title: `Held ${u}`, day: 'monday', customerType: 'retail', other: 'holding', orderNumber: '@H-7' });

  await signIn(page, account, boardPath(week));
  await expect(page.getByText(`Monday Greens ${u}`)).toBeVisible();
  const board = await download(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(board.name).toBe(`week_${week.year}_20_board.csv`);
  expect([...board.bytes.subarray(0, 3)]).toEqual(BOM);
  expect(board.lines).toEqual([
    ORDER_HEADER,
    `${week.year},20,Monday,Monday Greens ${u},,,Wholesale,Whiteboard,,,2 + shelf,`,
    `${week.year},20,Wednesday,Jardinería Núñez ${u},CH4 9ZZ,SO-1,Retail,Whiteboard,Pulled,3,,"'=HYPERLINK(""http://evil.example"")"`,
    `${week.year},20,Friday,Collector ${u},,,Wholesale,Collect,,1,,`,
  ]);

  await page.goto(`/collect?year=${week.year}&week=20`);
  await expect(page.getByText(`Collector ${u}`)).toBeVisible();
  const collect = await download(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(collect.name).toBe(`week_${week.year}_20_collect.csv`);
  expect(collect.lines).toEqual([ORDER_HEADER, `${week.year},20,Friday,Collector ${u},,,Wholesale,Collect,,1,,`]);

  await page.goto('/holdingPage');
  await expect(page.getByText(`Held ${u}`)).toBeVisible();
  const holding = await download(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(holding.name).toBe('holding.csv');
  expect([...holding.bytes.subarray(0, 3)]).toEqual(BOM);
  expect(holding.lines).toEqual([ORDER_HEADER, `${week.year},20,Monday,Held ${u},,'@H-7,Retail,Holding,,,,`]);
});

test('a search result, the customer book and a customer’s ledger download as CSV', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const u = unique();
  const week = ownWeek(21);
  await addOrder(pb, { year: week.year, weekNumber: 21, title: `Searchable ${u}`, day: 'tuesday', customerType: 'other', other: 'none' });
  const customer = await pb.collection('customers').create({ name: `Owing Gardens ${u}`, postcode: 'SY1 1AA', phone: '+44 1632 960000' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 5 });
  await pb
    .collection('trolley_movements')
    .create({ customer: customer.id, kind: 'in', date: '2026-11-09', trolleys: 2, note: '-1 broken' });

  await signIn(page, account, `/search?q=${encodeURIComponent(`Searchable ${u}`)}`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1);
  const search = await download(page, page.getByRole('button', { name: 'Export results as CSV' }));
  expect(search.name).toBe(`search_Searchable-${u}.csv`);
  expect(search.lines).toEqual([ORDER_HEADER, `${week.year},21,Tuesday,Searchable ${u},,,Other,Whiteboard,,,,`]);

  await page.goto('/customers');
  await expect(page.getByText(`Owing Gardens ${u}`)).toBeVisible();
  const book = await download(page, page.getByRole('button', { name: 'Export CSV' }));
  expect(book.name).toBe('customers.csv');
  expect(book.lines).toEqual([
    'Name,Postcode,Phone,E-mail,Delivery address,Customer type,Usual delivery day,Usual trolleys,Pool account number,Round,Kind,Active,Notes',
    `Owing Gardens ${u},SY1 1AA,'+44 1632 960000,,,Wholesale,,0,,,Customer,Yes,`,
  ]);

  await page.getByRole('button', { name: `Trolleys of Owing Gardens ${u}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: Owing Gardens ${u}` });
  await expect(ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem')).toHaveCount(2);
  const movements = await download(page, ledger.getByRole('button', { name: 'Export CSV' }));
  expect(movements.name).toBe(`ledger_Owing-Gardens-${u}.csv`);
  expect(movements.lines).toEqual([
    'Customer,Date,Movement,Reason,Trolleys,Shelves,Extensions,From a run,Note',
    `Owing Gardens ${u},2026-11-09,Returned,,-2,0,0,No,'-1 broken`,
    `Owing Gardens ${u},2026-11-02,Delivered,,5,0,0,No,`,
  ]);
});
