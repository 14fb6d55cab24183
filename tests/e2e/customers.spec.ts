import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';
import { openMenu } from '../support/e2e-board';

// The customer book and the order form's customer name (docs/decisions/037), at phone and desktop
// sizes: search, add, edit and merge customers; link existing orders by name and postcode; on Add
// Order, two letters suggest customers (keyboard and touch), choosing one fills postcode and
// type and links the order; a new name can be saved as a new customer; staff only read the book.

const SIZES = [
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true }],
  ['desktop', { viewport: { width: 1440, height: 900 }, hasTouch: false }],
] as const;

async function openMenuItem(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

const orderField = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

for (const [size, options] of SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use(options);

    test('the customer book: search, add, edit, merge duplicates and link existing orders', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const pb = await api(admin);
      const u = unique();
      const week = nextIsoWeek();
      const keep = await pb
        .collection('customers')
        .create({ name: `Green Garden Centre ${u}`, postcode: 'AB1 2CD', customerType: 'retail' });
      const duplicate = await pb.collection('customers').create({ name: `Green Garden Center ${u}`, phone: '01234 567890' });
      for (const n of [1, 2])
        await pb.collection('tasks').create({ title: `GGC ${u} ${n}`, customer: duplicate.id, year: week.year, weekNumber: week.week });
      const unlinked = await pb
        .collection('tasks')
        .create({ title: `green garden centre ${u}`, postcode: 'ab12cd', year: week.year, weekNumber: week.week });
      await pb.collection('tasks').create({ title: `Nobody ${u}`, postcode: 'ZZ9 9ZZ', year: week.year, weekNumber: week.week });

      await signIn(page, admin);
      await openMenuItem(page, 'Customers');
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      const list = page.getByRole('list', { name: 'Customers' });
      await expect(list.getByRole('listitem')).toHaveCount(2);

      // Search by postcode, then by name.
      await page.getByLabel('Search customers').fill('ab1 2');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText(`Green Garden Centre ${u}`);
      await page.getByLabel('Search customers').fill('');

      // Add one; the server's sentence for a bad e-mail shows on the field.
      await page.getByRole('button', { name: 'Add customer' }).click();
      const add = page.getByRole('dialog', { name: 'Add customer' });
      await add.getByLabel('Name', { exact: true }).fill(`Hill Top ${u}`);
      await add.getByLabel('Postcode').fill('HT1 1AA');
      await add.getByLabel('E-mail').fill('not-an-address');
      await add.getByRole('button', { name: 'Add customer' }).click();
      await expect(add.getByText('Enter an e-mail address like name@example.com, or leave it empty.', { exact: true })).toBeVisible();
      await add.getByLabel('E-mail').fill('orders@hilltop.test');
      await add.getByLabel('Usual delivery day').selectOption('thursday');
      await add.getByRole('button', { name: 'Add customer' }).click();
      await expect(add).toBeHidden();
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list).toContainText('Usually Thursday');

      // Edit it.
      await list.getByRole('button', { name: `Edit Hill Top ${u}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit customer' });
      await expect(edit.getByLabel('Postcode')).toHaveValue('HT1 1AA');
      await edit.getByLabel('Phone').fill('07700 900123');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(list).toContainText('07700 900123');

      // Merge the duplicate into the one kept: its orders move, and it is gone.
      await list.getByRole('button', { name: `Merge Green Garden Center ${u} into another customer` }).click();
      const merge = page.getByRole('dialog', { name: `Merge Green Garden Center ${u}` });
      await merge.getByLabel('Keep').selectOption({ label: `Green Garden Centre ${u} (AB1 2CD)` });
      await merge.getByRole('button', { name: 'Merge' }).click();
      await expect(page.getByText(`Merged into Green Garden Centre ${u}: 2 orders moved.`)).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      expect(await pb.collection('tasks').getFullList({ filter: `customer = "${keep.id}"` })).toHaveLength(2);
      await expect(pb.collection('customers').getOne(keep.id)).resolves.toMatchObject({ phone: '01234 567890' });

      // Link existing orders: one same name and postcode, one nobody has.
      await page.getByRole('button', { name: 'Link orders' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Linked 1 order.' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Orders not linked' })).toContainText(`Nobody ${u}`);
      await expect(pb.collection('tasks').getOne(unlinked.id)).resolves.toMatchObject({ customer: keep.id });
    });

    test('Add Order suggests customers after two letters; choosing one fills postcode and type; a new name is saved as a customer', async ({
      page,
      accounts,
      signIn,
    }) => {
      const admin = await accounts.create();
      const pb = await api(admin);
      const u = unique();
      const customer = await pb
        .collection('customers')
        .create({ name: `Primrose ${u} Nurseries`, postcode: 'PR1 2SE', customerType: 'retail' });
      await pb.collection('customers').create({ name: `Primula ${u} Ltd`, postcode: 'PL1 1AA', customerType: 'other' });

      await signIn(page, admin, '/createCustomer');
      const name = page.getByRole('combobox', { name: 'Customer name' });
      const suggestions = page.getByRole('listbox', { name: 'Customers' });
      await name.fill('P');
      await expect(suggestions).toBeHidden();
      await name.fill(`Prim`);
      await expect(suggestions.getByRole('option', { name: new RegExp(`Primula ${u} Ltd`) })).toBeVisible();
      await name.fill(`Primrose ${u}`);
      // The customer, then the offer to save what was typed as a new one.
      await expect(suggestions.getByRole('option')).toHaveText([
        `Primrose ${u} NurseriesPR1 2SE`,
        `Save as a new customer “Primrose ${u}”`,
      ]);
      await expect(name).toHaveAttribute('aria-expanded', 'true');

      if (size === 'phone') {
        await suggestions.getByRole('option', { name: new RegExp(`Primrose ${u} Nurseries`) }).tap();
      } else {
        await name.press('ArrowDown');
        await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
        await expect(name).toHaveAttribute('aria-activedescendant', /option-0$/);
        await name.press('Enter');
      }
      await expect(suggestions).toBeHidden();
      await expect(name).toHaveValue(`Primrose ${u} Nurseries`);
      await expect(orderField(page, 'Postcode')).toHaveValue('PR1 2SE');
      await expect(orderField(page, 'Customer type')).toHaveValue('retail');
      await expect(page.getByText('Linked to a customer from the customer book.')).toBeVisible();
      await orderField(page, 'Order number').fill(`SO-${u}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      const placed = await pb.collection('tasks').getFirstListItem(pb.filter('orderNumber = {:n}', { n: `SO-${u}` }));
      expect(placed).toMatchObject({ customer: customer.id, title: `Primrose ${u} Nurseries`, postcode: 'PR1 2SE' });

      // A name nobody has: offered as a new customer, saved with the postcode typed.
      await page.goto('/createCustomer');
      await orderField(page, 'Postcode').fill('NW1 1AA');
      await name.fill(`Newleaf ${u}`);
      const offer = suggestions.getByRole('option', { name: `Save as a new customer “Newleaf ${u}”` });
      if (size === 'phone') await offer.tap();
      else {
        await name.press('ArrowDown');
        await name.press('Enter');
      }
      await expect(page.getByText('Linked to a customer from the customer book.')).toBeVisible();
      const made = await pb.collection('customers').getFirstListItem(pb.filter('name = {:name}', { name: `Newleaf ${u}` }));
      expect(made).toMatchObject({ postcode: 'NW1 1AA' });
      // Typing on unlinks it: the order keeps its own text.
      await name.press('End');
      await name.press('Backspace');
      await expect(page.getByText('Linked to a customer from the customer book.')).toBeHidden();
    });
  });
}

test('staff read the customer book but cannot change it, and are offered no new customer on Add Order', async ({
  page,
  accounts,
  signIn,
}) => {
  const admin = await accounts.create();
  const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
  const u = unique();
  await (await api(admin)).collection('customers').create({ name: `Oakwood ${u}`, postcode: 'OK1 1AA' });
  await signIn(page, staff);
  await openMenuItem(page, 'Customers');
  await expect(page.getByRole('list', { name: 'Customers' })).toContainText(`Oakwood ${u}`);
  await expect(page.getByRole('button', { name: 'Add customer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Link orders' })).toHaveCount(0);

  await page.goto('/createCustomer');
  const name = page.getByRole('combobox', { name: 'Customer name' });
  await name.fill(`Oakw`);
  await expect(page.getByRole('listbox', { name: 'Customers' }).getByRole('option', { name: new RegExp(`Oakwood ${u}`) })).toBeVisible();
  await name.fill(`Someone new ${u}`);
  await expect(page.getByRole('listbox', { name: 'Customers' }).getByRole('option')).toHaveCount(0);
});
