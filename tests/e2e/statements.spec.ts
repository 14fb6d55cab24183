import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { contestWords } from '../../src/domain/ledger/contest-deadline';
import { api, unique } from '../support/e2e-api';
import { SCREENS, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';

// A customer's trolley statement and the pool check (docs/decisions/040), at a phone's and a
// desktop's size: the statement downloaded as a vector PDF (read back with pdftotext) and as CSV;
// a pool operator's CSV imported with its columns mapped by hand, the difference highlighted with
// the contest deadline, and the mapping remembered for the next import.

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's (and this process's) time zone, as the ledger dates things. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function openMenuItem(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('a customer statement: opening balance, movements, closing balance, as PDF and CSV', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const pb = await api(admin);
      const name = `Łódź Ogrody ${unique()}`;
      const customer = await pb.collection('customers').create({ name, poolAccount: 'CC-4411' });
      const movements = pb.collection('trolley_movements');
      // Before the period: the opening balance.
      await movements.create({ customer: customer.id, kind: 'out', date: '2020-01-06', trolleys: 4, shelves: 8 });
      await movements.create({
        customer: customer.id,
        kind: 'out',
        date: today(),
        trolleys: 6,
        shelves: 2,
        extensions: 1,
        note: 'Friday drop',
      });
      await movements.create({ customer: customer.id, kind: 'in', date: today(), trolleys: 3 });

      await signIn(page, admin);
      await openMenuItem(page, 'Customers');
      await page.getByRole('button', { name: `Statement of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Statement: ${name}` });
      const table = dialog.getByRole('table', { name: 'Statement' });
      await expect(table.getByRole('row')).toHaveCount(5);
      await expect(table.getByRole('row').nth(1)).toContainText('Opening balance');
      await expect(table.getByRole('row').nth(1)).toContainText('4 / 8 / 0');
      await expect(table.getByRole('row').nth(4)).toContainText('7 / 10 / 1');
      await expect(dialog).toContainText('7 trolleys, 10 shelves, 1 extension');

      const [pdfDownload] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(pdfDownload.suggestedFilename()).toMatch(/^statement_Łodz-Ogrody-[a-z0-9]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
      const pdfPath = test.info().outputPath('statement.pdf');
      await pdfDownload.saveAs(pdfPath);
      const pdf = readPdf(pdfPath);
      expect(pdf.pages).toBe(1);
      expect(pdf.rawText).toContain(name);
      expect(pdf.rawText).toContain('Pool account CC-4411');
      expect(pdf.rawText).toMatch(/Opening balance 4 \/ 8 \/ 0/);
      expect(pdf.rawText).toMatch(/Delivered Friday drop \+6 \+2 \+1 10 \/ 10 \/ 1/);
      expect(pdf.rawText).toMatch(/Returned -3 0 0 7 \/ 10 \/ 1/);
      expect(pdf.rawText).toMatch(/Closing balance 7 \/ 10 \/ 1/);

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const csvPath = test.info().outputPath('statement.csv');
      await csvDownload.saveAs(csvPath);
      const csv = readFileSync(csvPath, 'utf8').split('\r\n');
      expect(csv[0]).toBe(
        '\uFEFFCustomer,Date,Movement,Note,Trolleys,Shelves,Extensions,Balance trolleys,Balance shelves,Balance extensions',
      );
      expect(csv.at(-2)).toBe(`${name},${today()},Closing balance,,,,,7,10,1`);
    });

    test('the pool check: map the columns once, see the difference and the deadline', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const pb = await api(admin);
      const u = unique();
      const agrees = await pb.collection('customers').create({ name: `Green Garden Centre ${u}`, poolAccount: `A-${u}` });
      const differs = await pb.collection('customers').create({ name: `Hill Top ${u}`, poolAccount: `B-${u}` });
      await pb.collection('trolley_movements').create({ customer: agrees.id, kind: 'out', date: '2020-01-06', trolleys: 5 });
      await pb.collection('trolley_movements').create({ customer: differs.id, kind: 'out', date: '2020-01-06', trolleys: 2 });
      // Header names no guess knows: the person maps them.
      const csv = `Kundenr;Navn;Antal\r\nA-${u};Green;5\r\nB-${u};"Hill; Top";4\r\n`;

      await signIn(page, admin);
      await openMenuItem(page, 'Pool statement');
      await expect(page.getByRole('heading', { name: 'Pool statement', level: 1 })).toBeVisible();
      await page
        .getByLabel('Pool statement CSV')
        .setInputFiles({ name: 'cc-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel('Account number column').selectOption('Kundenr');
      await page.getByLabel('Trolleys column').selectOption('Antal');
      await page.getByLabel('Statement date').fill(today());
      await page.getByRole('button', { name: 'Import statement' }).click();

      const table = page.getByRole('table', { name: 'Their figures beside ours' });
      const different = table.locator('tr[data-status="different"]');
      await expect(different).toHaveCount(1);
      await expect(different).toContainText(`Hill Top ${u}`);
      await expect(different).toContainText('+2 T');
      await expect(different).toHaveClass(/bg-red-50/);
      await expect(table.locator('tr[data-status="same"]')).toContainText(`Green Garden Centre ${u}`);
      await expect(page.getByTestId('contest-deadline')).toHaveText(contestWords(today(), today()));

      // The next import starts from the remembered columns; an old statement's deadline has passed.
      await page.getByLabel('Pool statement CSV').setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByLabel('Account number column')).toHaveValue('Kundenr');
      await expect(page.getByLabel('Trolleys column')).toHaveValue('Antal');
      await page.getByLabel('Statement date').fill('2020-01-10');
      await page.getByRole('button', { name: 'Import statement' }).click();
      await page.getByLabel('Statement', { exact: true }).selectOption({ label: '10 Jan 2020 - old.csv' });
      await expect(page.getByTestId('contest-deadline')).toHaveText('Deadline passed');
    });
  });
}
