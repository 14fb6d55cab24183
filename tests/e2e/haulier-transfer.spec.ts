import { api, unique } from '../support/e2e-api';
import { toast } from '../support/e2e-board';
import { grainyCameraJpeg } from '../support/e2e-phone';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// Hauliers (docs/decisions/079): the office records, in a haulier's Trolleys dialog, trolleys the
// haulier handed on to a customer with the docket's photo; the haulier's balance goes down and the
// customer's up, both beside each other on the Customers screen. The camera's photo is shrunk before
// it is sent; a transfer is deleted whole, from either party's ledger.

test("a haulier's transfer with a camera's docket photo, shrunk, moves the balance from the haulier to the customer; deleted whole, it moves it back", async ({
  page,
  accounts,
  signIn,
}) => {
  // A camera's photo is drawn, sent to the page and shrunk there: seconds of work on a busy CI machine.
  test.slow();
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const haulier = await pb.collection('customers').create({ name: `Road Haulage ${u}`, kind: 'haulier' });
  await pb.collection('customers').create({ name: `Hillside Garden Centre ${u}` });
  await pb.collection('trolley_movements').create({ customer: haulier.id, kind: 'out', date: '2026-11-20', trolleys: 10 });

  await signIn(page, office, `/customers?q=${u}`);
  const list = page.getByRole('list', { name: 'Customers' });
  const haulierItem = list.getByRole('listitem').filter({ hasText: `Road Haulage ${u}` });
  const customerItem = list.getByRole('listitem').filter({ hasText: `Hillside Garden Centre ${u}` });
  await expect(haulierItem).toContainText('Haulier');
  await expect(haulierItem).toContainText('Owes 10 trolleys');

  await list.getByRole('button', { name: `Trolleys of Road Haulage ${u}` }).click();
  const ledger = page.getByRole('dialog', { name: `Trolleys: Road Haulage ${u}` });
  const form = ledger.getByRole('form', { name: 'Hand on to a customer' });
  await form.getByLabel('Customer').selectOption({ label: `Hillside Garden Centre ${u}` });
  await form.getByLabel('Date').fill('2026-11-24');
  await form.getByLabel('Trolleys').fill('4');
  await form.getByLabel('Received by').fill('Jo Green');
  const camera = await grainyCameraJpeg(page);
  expect(camera.length).toBeGreaterThan(1_200_000);
  await form.getByLabel('Docket photo').setInputFiles({ name: 'docket.jpg', mimeType: 'image/jpeg', buffer: camera });
  await form.getByRole('button', { name: 'Hand on' }).click();
  // "Saving..." while the photo is shrunk on the page, then the answer.
  await expect(toast(page, `Handed on: 4 trolleys from Road Haulage ${u} to Hillside Garden Centre ${u}.`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(ledger.getByRole('status')).toHaveText(/Owes 6 trolleys since/);
  const handedOn = ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem').filter({ hasText: 'received by Jo Green' });
  await expect(handedOn).toContainText('Returned');
  // The docket's photo is on the movement.
  await expect(handedOn.getByRole('region', { name: /Attachments/ }).getByRole('listitem')).toHaveCount(1);
  // What was stored is the shrunk photo (docs/decisions/043: at most 0.8 MB), on both halves.
  const pair = await pb.collection('trolley_movements').getFullList({ filter: `customer = "${haulier.id}" && transfer != ""` });
  const token = await pb.files.getToken();
  const stored = await fetch(pb.files.getURL(pair[0]!, String(pair[0]!.attachments[0]), { token }));
  const bytes = (await stored.arrayBuffer()).byteLength;
  expect(bytes).toBeGreaterThan(10_000);
  expect(bytes).toBeLessThan(900_000);
  await ledger.getByRole('button', { name: 'Close' }).click();

  await expect(haulierItem).toContainText('Owes 6 trolleys');
  await expect(customerItem).toContainText('Owes 4 trolleys');

  // Deleted from the customer's side: the question names both parties, and both halves go.
  await list.getByRole('button', { name: `Trolleys of Hillside Garden Centre ${u}` }).click();
  const customerLedger = page.getByRole('dialog', { name: `Trolleys: Hillside Garden Centre ${u}` });
  await customerLedger.getByRole('button', { name: 'Delete the transfer of 24 Nov 2026' }).click();
  const asking = customerLedger.getByRole('group', { name: 'Delete the transfer' });
  await expect(asking).toContainText(
    `Delete the whole transfer: 4 trolleys from Road Haulage ${u} to Hillside Garden Centre ${u}? Both movements go.`,
  );
  await keepScreenshot(page, { path: `${test.info().outputDir}/transfer-delete-${test.info().project.name}.png`, fullPage: true });
  await asking.getByRole('button', { name: 'Delete transfer' }).click();
  await expect(toast(page, `Deleted the transfer of 4 trolleys from Road Haulage ${u} to Hillside Garden Centre ${u}.`)).toBeVisible();
  await expect(customerLedger.getByText('No movements yet.')).toBeVisible();
  await customerLedger.getByRole('button', { name: 'Close' }).click();
  await expect(haulierItem).toContainText('Owes 10 trolleys');
  await expect(customerItem).not.toContainText('Owes');
  expect(await pb.collection('trolley_movements').getFullList({ filter: `transfer != "" && customer = "${haulier.id}"` })).toEqual([]);
});

for (const [screen, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const)
  for (const theme of ['light', 'dark'] as const)
    test(`a haulier's Trolleys dialog on a ${screen}, ${theme}`, async ({ page, accounts, signIn }) => {
      const office = await accounts.create();
      const pb = await api(office);
      const u = unique();
      const haulier = await pb.collection('customers').create({ name: `Road Haulage ${u}`, kind: 'haulier' });
      await pb.collection('trolley_movements').create({ customer: haulier.id, kind: 'out', date: '2026-11-20', trolleys: 10 });
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await signIn(page, office, `/customers?q=${u}`);
      await page.getByRole('button', { name: `Trolleys of Road Haulage ${u}` }).click();
      const ledger = page.getByRole('dialog', { name: `Trolleys: Road Haulage ${u}` });
      await expect(ledger.getByRole('form', { name: 'Hand on to a customer' })).toBeVisible();
      // Nothing runs off the side of the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await keepScreenshot(page, { path: `${test.info().outputDir}/haulier-${screen}-${theme}.png`, fullPage: true });
    });
