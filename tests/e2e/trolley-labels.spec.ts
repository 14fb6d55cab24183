import PocketBase from 'pocketbase';
import { addOrder, api, unique } from '../support/e2e-api';
import { e2eBaseUrl } from '../support/e2e-env';
import { ONE_SIZE } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';

// Trolley labels from the Runs screen (docs/decisions/041): Labels -> A4 x 8 downloads a PDF with
// one label per trolley, read back with poppler as a printer would. Labels of a run at the office's
// desktop, a day's labels on a phone: the PDF is the same from any size (docs/decisions/086).

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('Labels on a saved run downloads an A4 sheet of eight labels a page', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = new PocketBase(e2eBaseUrl);
    pb.autoCancellation(false);
    await pb.collection('users').authWithPassword(account.username, account.password);
    const tag = Math.random().toString(36).slice(2, 7);
    const driver = `Sam${tag}`;
    const run = await pb.collection('trolley_exports').create({
      name: `23-11-2026-${driver}-AB12 CDE`,
      data: [
        { id: 'stop-a', title: `Łódź Garden ${tag}`, postcode: 'me11ab', trollies: '3', extras: '', orderNumber: 'SO-20401' },
        { id: 'stop-b', title: `Rosebank ${tag}`, postcode: 'tn42xy', trollies: '1', extras: '', orderNumber: 'SO-20402' },
      ],
      vehicleInfo: { driver, reg: 'AB12 CDE', code: '', date: '2026-11-23', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
    });

    await signIn(page, account, '/runs');
    await page.getByRole('button', { name: `Labels for ${run.name as string}` }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitemradio', { name: 'A4 × 8' }).click()]);
    expect(download.suggestedFilename()).toBe(`labels_23-11-2026-${driver}-AB12-CDE_23-11-2026.pdf`);
    const file = test.info().outputPath('labels.pdf');
    await download.saveAs(file);
    const pdf = readPdf(file);
    expect(pdf.pages).toBe(1);
    expect(pdf.rawText).toContain(`Łódź Garden ${tag}`);
    expect(pdf.rawText).toContain(`Rosebank ${tag}`);
    expect(pdf.rawText).toContain('Trolley 2 of 3');
    expect(pdf.rawText).toContain('Drop 2');
  });
});

// A day's labels from the pick sheet, printed by a viewer (read-only role): printing changes
// nothing, so every role may (docs/decisions/041). 2027 week 14: Thursday is 8 April 2027.
test.describe('as a viewer on a phone', () => {
  test.use(ONE_SIZE.yard.use);

  test("a viewer prints a day's labels from the pick sheet: one per trolley, no drop numbers", async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });
    const pb = await api(admin);
    const tag = unique();
    const day = { year: 2027, weekNumber: 14, day: 'thursday', customerType: 'wholesale', other: 'none' } as const;
    await addOrder(pb, { ...day, title: `Łódź Garden ${tag}`, postcode: 'me11ab', orderNumber: 'SO-30401', trollies: '2' });
    await addOrder(pb, {
      ...day,
      title: `Rosebank ${tag}`,
      postcode: 'tn42xy',
      orderNumber: 'SO-30402',
      trollies: '1.5',
      customerType: 'retail',
    });
    // Not on Thursday's pick sheet: another day, and a collect.
    await addOrder(pb, { ...day, day: 'friday', title: `Friday ${tag}`, trollies: '3' });
    await addOrder(pb, { ...day, other: 'collect', title: `Collect ${tag}`, trollies: '3' });

    await signIn(page, viewer, '/weekday/2027/14/thursday/8');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thursday 8 April 2027');
    await page.getByRole('button', { name: /^Labels for / }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitemradio', { name: 'A4 × 4' }).click()]);
    expect(download.suggestedFilename()).toBe('labels_thursday-8_08-04-2027.pdf');
    const file = test.info().outputPath('labels.pdf');
    await download.saveAs(file);
    const pdf = readPdf(file);
    // 2 + 2 labels, four a page.
    expect(pdf.pages).toBe(1);
    for (const text of [`Łódź Garden ${tag}`, `Rosebank ${tag}`, 'Order SO-30401', 'Order SO-30402', 'ME1 1AB', 'TN4 2XY', '08-04-2027'])
      expect(pdf.rawText).toContain(text);
    expect(pdf.rawText.match(/Trolley \d of 2/g)).toHaveLength(4);
    expect(pdf.rawText).not.toContain('Drop');
    expect(pdf.rawText).not.toContain(`Friday ${tag}`);
    expect(pdf.rawText).not.toContain(`Collect ${tag}`);
  });
});
