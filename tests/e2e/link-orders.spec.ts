import type { Page } from '@playwright/test';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, ownWeek, SCREENS, toast, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// The linking assistant (docs/decisions/066), at phone and desktop sizes: office staff whose
// orders were typed without customers see a quiet notice on the board, open the assistant, link
// the exact matches in one go, link a close match with one tap, and make customers from the rest;
// then the notice is gone and the Customers screen lists them. Staff never see the notice.

const notice = (page: Page) => page.getByRole('status').filter({ hasText: /orders? ha(s|ve) no customer/ });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('office links orders typed without customers from the board notice', async ({ page, accounts, signIn }) => {
      // One journey through three writes and three screens: longer than the default on a busy machine.
      test.setTimeout(120_000);
      const admin = await accounts.create();
      const office = await accounts.create({ nursery: admin.nursery, role: 'office' });
      const pb = await api(admin);
      const u = unique();
      const week = ownWeek(20);
      const at = { year: week.year, weekNumber: week.week, day: 'tuesday', other: 'none' } as const;
      await pb.collection('customers').create({ name: `Hillside ${u}`, postcode: 'GL7 1AB' });
      for (const title of [`Hillside ${u}`, `hillside ${u}`])
        await addOrder(pb, { ...at, title, postcode: 'GL7 1AB', customerType: 'wholesale' });
      await addOrder(pb, { ...at, title: `Hillside ${u} Ltd`, postcode: 'GL7 1AB', customerType: 'wholesale' });
      for (const n of [1, 2])
        await addOrder(pb, { ...at, title: `Meadow ${u}`, postcode: 'MF1 1AA', customerType: 'retail', orderNumber: `${n}` });
      await addOrder(pb, { ...at, title: `Bramble ${u}`, customerType: 'wholesale' });

      await signIn(page, office, boardPath(week));
      await expect(notice(page)).toHaveText('6 orders have no customer. Link them');
      await keepScreenshot(page, { path: test.info().outputPath(`link-notice-${screen.name}.png`) });
      await notice(page).getByRole('link', { name: 'Link them' }).click();

      await expect(page.getByRole('heading', { name: 'Link orders to customers', level: 1 })).toBeVisible();
      await expect(page.getByText('6 orders have no customer. Nothing is linked or made until you press a button.')).toBeVisible();
      await keepScreenshot(page, { path: test.info().outputPath(`link-assistant-${screen.name}.png`), fullPage: true });

      // Exact matches, in one go.
      await page.getByRole('button', { name: 'Link 2 orders to their customers' }).click();
      await expect(toast(page, 'Linked 2 orders to their customers.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Same name and postcode as a customer' })).toHaveCount(0);

      // A close match, one tap.
      const close = page.getByRole('list', { name: 'Close matches' });
      await close.getByRole('button', { name: `Link 1 order of Hillside ${u} Ltd, GL7 1AB to Hillside ${u}, GL7 1AB` }).click();
      await expect(toast(page, 'Linked 1 order.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Close matches' })).toHaveCount(0);

      // The rest: a preview a person may untick from, then one press makes them.
      const make = page.getByRole('table', { name: 'Customers to make' });
      await expect(make.getByRole('row')).toHaveCount(3);
      await make.getByRole('checkbox', { name: new RegExp(`Bramble ${u}`) }).uncheck();
      await expect(page.getByRole('button', { name: 'Make 1 customer and link their orders' })).toBeVisible();
      await make.getByRole('checkbox', { name: new RegExp(`Bramble ${u}`) }).check();
      await keepScreenshot(page, { path: test.info().outputPath(`link-make-${screen.name}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Make 2 customers and link their orders' }).click();
      await expect(toast(page, 'Made 2 customers and linked 3 orders.')).toBeVisible();
      await expect(page.getByText('Every order has a customer.')).toBeVisible();
      await keepScreenshot(page, { path: test.info().outputPath(`link-done-${screen.name}.png`) });

      // The board's notice is gone; the Customers screen lists the new customers.
      await page.goto(boardPath(week));
      await expect(page.getByText(`Meadow ${u}`).first()).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
      await page.goto('/customers');
      const book = page.getByRole('list', { name: 'Customers' });
      for (const name of [`Bramble ${u}`, `Hillside ${u}`, `Meadow ${u}`])
        await expect(book.getByText(name, { exact: true })).toBeVisible();
      await expect(book.getByRole('listitem')).toHaveCount(3);
      const meadow = await pb.collection('customers').getFirstListItem(pb.filter('name = {:name}', { name: `Meadow ${u}` }));
      expect(meadow).toMatchObject({ postcode: 'MF1 1AA', customerType: 'retail' });
      const linked = await pb.collection('tasks').getFullList({ filter: pb.filter('customer = {:id}', { id: meadow.id }) });
      expect(linked).toHaveLength(2);
    });
  });
}

test('staff do not see the notice, and the assistant sends them to the board', async ({ page, accounts, signIn }) => {
  const admin = await accounts.create();
  const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
  const pb = await api(admin);
  const u = unique();
  const week = ownWeek(20);
  await addOrder(pb, {
    year: week.year,
    weekNumber: week.week,
    day: 'tuesday',
    other: 'none',
    title: `Walk-in ${u}`,
    customerType: 'retail',
  });

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/orders-without-customer')) asked.push(request.url());
  });
  await signIn(page, staff, boardPath(week));
  await expect(page.getByText(`Walk-in ${u}`)).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await openMenu(page);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Link orders' })).toHaveCount(0);
  // Typed in, the address says why rather than sending them to the board (docs/decisions/067).
  await page.goto('/link-orders');
  await expect(page.getByTestId('not-for-your-role')).toContainText('Only office staff and admins can open Link orders.');
  // The count is never asked for: staff may not link, and the server would refuse them.
  expect(asked).toEqual([]);
});
