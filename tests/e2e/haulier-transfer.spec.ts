import { api, unique } from '../support/e2e-api';
import { toast } from '../support/e2e-board';
import { cameraJpeg } from '../support/e2e-phone';
import { test, expect } from '../support/e2e-fixtures';

// Hauliers (docs/decisions/079): the office records, in a haulier's Trolleys dialog, trolleys the
// haulier handed on to a customer with the docket's photo; the haulier's balance goes down and the
// customer's up, both beside each other on the Customers screen.

test("a haulier's transfer with a docket photo moves the balance from the haulier to the customer", async ({ page, accounts, signIn }) => {
  const office = await accounts.create();
  const pb = await api(office);
  const u = unique();
  const haulier = await pb.collection('customers').create({ name: `Road Haulage ${u}`, kind: 'haulier' });
  await pb.collection('customers').create({ name: `Hillside Garden Centre ${u}` });
  await pb.collection('trolley_movements').create({ customer: haulier.id, kind: 'out', date: '2026-11-20', trolleys: 10 });

  await signIn(page, office);
  await page.goto(`/customers?q=${u}`);
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
  await form.getByLabel('Docket photo').setInputFiles({ name: 'docket.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(page) });
  await form.getByRole('button', { name: 'Hand on' }).click();
  await expect(toast(page, `Handed on: 4 trolleys from Road Haulage ${u} to Hillside Garden Centre ${u}.`)).toBeVisible();
  await expect(ledger.getByRole('status')).toHaveText(/Owes 6 trolleys since/);
  const handedOn = ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem').filter({ hasText: 'received by Jo Green' });
  await expect(handedOn).toContainText('Returned');
  // The docket's photo is on the movement.
  await expect(handedOn.getByRole('region', { name: /Attachments/ }).getByRole('listitem')).toHaveCount(1);
  await ledger.getByRole('button', { name: 'Close' }).click();

  await expect(haulierItem).toContainText('Owes 6 trolleys');
  await expect(customerItem).toContainText('Owes 4 trolleys');
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
      await signIn(page, office);
      await page.goto(`/customers?q=${u}`);
      await page.getByRole('button', { name: `Trolleys of Road Haulage ${u}` }).click();
      const ledger = page.getByRole('dialog', { name: `Trolleys: Road Haulage ${u}` });
      await expect(ledger.getByRole('form', { name: 'Hand on to a customer' })).toBeVisible();
      // Nothing runs off the side of the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.screenshot({ path: `${test.info().outputDir}/haulier-${screen}-${theme}.png`, fullPage: true });
    });
