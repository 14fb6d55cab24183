import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { openMenu } from '../support/e2e-board';
import { keepScreenshot } from '../support/screenshots';

// Orders know their customer from the start (docs/decisions/062), on a phone and a desktop: staff
// add an order from the board with a name the customer book does not have, and the order is saved
// linked to a new customer; a name close to a customer's ("… Ltd") asks "Did you mean …?" first,
// and using the customer offered links the order to it, making none.

const SIZES = [
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true }],
  ['desktop', { viewport: { width: 1280, height: 800 }, hasTouch: false }],
] as const;

const orderField = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

async function openAddOrder(page: Page, size: string) {
  await page.goto('/');
  if (size === 'phone') {
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Order', exact: true }).click();
  } else {
    await page.getByRole('link', { name: 'Add Order', exact: true }).click();
  }
  await expect(page.getByRole('heading', { name: 'Add Order' })).toBeVisible();
}

for (const [size, options] of SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use(options);

    test('staff add an order with a new name from the board: it is saved linked to a new customer', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
      const pb = await api(admin);
      const u = unique();
      await signIn(page, staff);
      await openAddOrder(page, size);
      await orderField(page, 'Customer name').fill(`Foxglove ${u} Farm`);
      await orderField(page, 'Postcode').fill('GL7 2AB');
      await orderField(page, 'Order number').fill(`FX-${u}`);
      await page.getByRole('button', { name: 'Save' }).click();

      // Saved at once, no question asked: the board says so.
      await expect(page.getByRole('status').filter({ hasText: 'Order added.' })).toBeVisible();
      const placed = await pb.collection('tasks').getFirstListItem(pb.filter('orderNumber = {:n}', { n: `FX-${u}` }));
      const book = await pb.collection('customers').getFullList();
      expect(book).toHaveLength(1);
      expect(book[0]).toMatchObject({ id: placed.customer, name: `Foxglove ${u} Farm`, postcode: 'GL7 2AB' });
    });

    test('a name close to a customer\'s asks "Did you mean …?", and using it links that customer', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
      const pb = await api(admin);
      const u = unique();
      const hillside = await pb.collection('customers').create({ name: `Hillside ${u} Garden Centre`, postcode: 'GL7 1AB' });
      await signIn(page, staff);
      await openAddOrder(page, size);
      await orderField(page, 'Customer name').fill(`hillside ${u} garden centre ltd`);
      await orderField(page, 'Postcode').fill('SN1 1AA');
      await orderField(page, 'Order number').fill(`HS-${u}`);
      await page.getByRole('button', { name: 'Save' }).click();

      const question = page.getByRole('dialog', { name: `Did you mean Hillside ${u} Garden Centre, GL7 1AB?` });
      await expect(question).toBeVisible();
      await expect(question.getByRole('button', { name: 'No, a new customer' })).toBeVisible();
      await keepScreenshot(page, { path: `.tmp/a/did-you-mean-${size}.png` });
      await question.getByRole('button', { name: `Use Hillside ${u} Garden Centre, GL7 1AB` }).click();

      await expect(page.getByRole('status').filter({ hasText: 'Order added.' })).toBeVisible();
      const placed = await pb.collection('tasks').getFirstListItem(pb.filter('orderNumber = {:n}', { n: `HS-${u}` }));
      expect(placed).toMatchObject({ customer: hillside.id, title: `Hillside ${u} Garden Centre`, postcode: 'GL7 1AB' });
      expect(await pb.collection('customers').getFullList()).toHaveLength(1);
    });
  });
}
