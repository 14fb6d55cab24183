import PocketBase from 'pocketbase';
import { e2eBaseUrl } from '../support/e2e-env';
import { SCREENS } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';

// Trolley labels from the Runs screen (docs/decisions/041): Labels -> A4 x 8 downloads a PDF with
// one label per trolley, read back with poppler as a printer would.

for (const screen of SCREENS) {
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

      await signIn(page, account);
      await page.goto('/runs');
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
}
