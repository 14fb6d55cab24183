import { PNG_BYTES } from '../support/files';
import { api, unique } from '../support/e2e-api';
import { SCREENS } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';

// Attachments on an order (docs/decisions/043): a photo added from the edit screen shows as a
// thumbnail, opens in full, and is removed after a question; the server holds what the screen shows.

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('attach a photo to an order, see its thumbnail, open it, remove it', async ({ page, accounts, signIn }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const open = nextIsoWeek();
      const title = `Photo ${unique()}`;
      const order = await pb.collection('tasks').create({ title, day: 'monday', other: 'holding', year: open.year, weekNumber: open.week });

      await signIn(page, account, `/edit/${order.id}`);
      const panel = page.getByRole('region', { name: 'Attachments' });
      await expect(panel.getByText('No attachments.')).toBeVisible();
      if (screen.name === 'phone') await expect(panel.getByRole('button', { name: 'Take photo' })).toBeVisible();

      await panel
        .getByLabel('Photo or PDF file')
        .setInputFiles({ name: 'Broken crate.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
      const thumbnail = panel.getByRole('img', { name: /^broken_crate_[a-z0-9]{10}\.(png|jpg)$/ });
      await expect(thumbnail).toBeVisible();
      await expect.poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
      const stored = (await pb.collection('tasks').getOne(order.id)).attachments as string[];
      expect(stored).toHaveLength(1);

      // Opening it shows the file itself, served with its token.
      const [opened] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('link', { name: `Open ${stored[0]}` }).click()]);
      const response = await opened.waitForLoadState().then(() => opened.evaluate<string>('document.contentType'));
      expect(response).toMatch(/^image\//);
      await opened.close();

      // Remove asks first; Cancel keeps it.
      await panel.getByRole('button', { name: `Remove ${stored[0]}` }).click();
      const question = page.getByRole('dialog', { name: 'Remove this attachment?' });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(thumbnail).toBeVisible();
      await panel.getByRole('button', { name: `Remove ${stored[0]}` }).click();
      await question.getByRole('button', { name: 'Remove' }).click();
      await expect(panel.getByText('No attachments.')).toBeVisible();
      expect((await pb.collection('tasks').getOne(order.id)).attachments).toEqual([]);
    });
  });
}

test('a viewer sees the attachments and cannot add or remove one', async ({ page, accounts, signIn }) => {
  const office = await accounts.create();
  const viewer = await accounts.create({ nursery: office.nursery, role: 'viewer' });
  const pb = await api(office);
  const open = nextIsoWeek();
  const order = await pb.collection('tasks').create({
    title: `Viewed ${unique()}`,
    day: 'monday',
    other: 'holding',
    year: open.year,
    weekNumber: open.week,
    attachments: [new File([PNG_BYTES], 'seen.png', { type: 'image/png' })],
  });
  await signIn(page, viewer, `/edit/${order.id}`);
  const panel = page.getByRole('region', { name: 'Attachments' });
  await expect(panel.getByRole('img', { name: /^seen_/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Remove|Add photo/ })).toHaveCount(0);
});
