import type { Page } from '@playwright/test';
import { dayLabel } from '../../src/domain/orders/format';
import { api, unique } from '../support/e2e-api';
import { column, line, logOut, ownWeek, SCREENS, toast, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Standing orders and copying weeks (docs/decisions/039), at phone and desktop sizes: a standing
// order added on the Customers screen; Fill week lists what it will make, makes it once, and the
// orders are on the board; a day's orders copied to another week after a preview. Each nursery is
// the test's own, and so are its weeks (ownWeek).

async function openMenuItem(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('a standing order added on the Customers screen; Fill week previews, creates once, and the board shows the orders', async ({
      page,
      accounts,
      signIn,
    }) => {
      const admin = await accounts.create();
      const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });
      const pb = await api(admin);
      const u = unique();
      const week = ownWeek(49 + n);
      const customer = await pb.collection('customers').create({ name: `Hill Top ${u}`, postcode: 'HT1 1AA', usualDay: 'wednesday' });
      // A second, fortnightly from the week before: it falls in the week after ours, not in ours.
      await pb.collection('standing_orders').create({
        customer: customer.id,
        title: `Hill Top fortnightly ${u}`,
        day: 'friday',
        fromYear: week.year,
        fromWeek: week.week - 1,
        everyWeeks: 2,
      });

      await signIn(page, admin);
      await openMenuItem(page, 'Customers');
      await page.getByRole('button', { name: `Standing orders of Hill Top ${u}` }).click();
      const dialog = page.getByRole('dialog', { name: `Standing orders of Hill Top ${u}` });
      await expect(dialog.getByRole('list', { name: 'Standing orders' }).getByRole('listitem')).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Add standing order' }).click();
      const form = dialog.getByRole('form', { name: 'New standing order' });
      await expect(form.getByLabel('Customer name', { exact: true })).toHaveValue(`Hill Top ${u}`);
      await expect(form.getByLabel('Day', { exact: true })).toHaveValue('wednesday');
      await form.getByLabel('Trolleys', { exact: true }).fill('4');
      await form.getByLabel('From year').selectOption(String(week.year));
      await form.getByLabel('From week').selectOption(String(week.week));
      await form.getByRole('button', { name: 'Add standing order' }).click();
      await expect(toast(page, 'Standing order added.')).toBeVisible();
      const items = dialog.getByRole('list', { name: 'Standing orders' }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.filter({ hasText: `Wednesday: Hill Top ${u}` })).toContainText(
        `Every week from week ${week.week} of ${week.year}`,
      );
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Fill the week: the preview lists the one order it makes; nothing is on the board yet.
      await page.goto(`/?year=${week.year}&week=${week.week}`);
      await expect(column(page, 'Wednesday').getByText('No orders')).toBeVisible();
      await page.getByRole('button', { name: 'Fill week' }).click();
      const fill = page.getByRole('dialog', { name: `Fill week ${week.week} from standing orders` });
      const toCreate = fill.getByRole('list', { name: 'Orders to create' }).getByRole('listitem');
      await expect(toCreate).toHaveText([`Wednesday: Hill Top ${u} · 4 trolleys`]);
      await fill.getByRole('button', { name: 'Create 1 order' }).click();
      await expect(fill).toBeHidden();
      await expect(toast(page, `1 order created for week ${week.week}.`)).toBeVisible();
      await expect(line(page, 'Wednesday', `Hill Top ${u}`)).toHaveCount(1);

      // Again: nothing to make, the order made is listed as skipped, and the board still has one.
      await page.getByRole('button', { name: 'Fill week' }).click();
      await expect(fill.getByText('No orders to create for this week.')).toBeVisible();
      await expect(fill.getByRole('list', { name: 'Orders already made' })).toHaveText(`Wednesday: Hill Top ${u}`);
      await fill.getByRole('button', { name: 'Create 0 orders' }).click();
      await expect(fill).toBeHidden();
      await expect(line(page, 'Wednesday', `Hill Top ${u}`)).toHaveCount(1);
      expect(await pb.collection('tasks').getFullList({ filter: pb.filter('title ~ {:u}', { u }) })).toHaveLength(1);

      // A viewer is offered neither Fill week nor copying.
      await logOut(page);
      await signIn(page, viewer, `/?year=${week.year}&week=${week.week}`);
      await expect(line(page, 'Wednesday', `Hill Top ${u}`)).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Fill week' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /to another week$/ })).toHaveCount(0);
    });

    test("a day's orders copied to another week after a preview, without their status", async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
      const pb = await api(staff);
      const u = unique();
      const week = ownWeek(52 - 2 * n);
      const target = { year: week.year, week: week.week - 1 };
      for (const [title, status] of [
        [`Copy A ${u}`, 'loaded'],
        [`Copy B ${u}`, ''],
      ])
        await pb.collection('tasks').create({ title, day: 'monday', status, trollies: '2', year: week.year, weekNumber: week.week });
      await pb.collection('tasks').create({ title: `Stays ${u}`, day: 'tuesday', year: week.year, weekNumber: week.week });

      await signIn(page, staff, `/?year=${week.year}&week=${week.week}`);
      await expect(line(page, 'Monday', `Copy B ${u}`)).toHaveCount(1);
      // Staff may add orders, so may copy them; Fill week is office staff's and admins'.
      await expect(page.getByRole('button', { name: 'Fill week' })).toHaveCount(0);
      await column(page, 'Monday').getByRole('button', { name: "Copy Monday's orders to another week" }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy to another week' });
      await dialog.getByLabel('Year', { exact: true }).selectOption(String(target.year));
      await dialog.getByLabel('Week', { exact: true }).selectOption(String(target.week));
      await dialog.getByLabel('Day', { exact: true }).selectOption('thursday');
      const preview = dialog.getByRole('region', { name: 'Copy preview' });
      await expect(preview).toContainText(`2 orders will be copied to week ${target.week} of ${target.year}:`);
      await expect(preview.getByRole('listitem')).toHaveText([
        `${dayLabel('thursday')}: Copy A ${u}`,
        `${dayLabel('thursday')}: Copy B ${u}`,
      ]);
      await dialog.getByRole('button', { name: 'Copy 2 orders' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, `2 orders copied to week ${target.week} of ${target.year}.`)).toBeVisible();

      await page.goto(`/?year=${target.year}&week=${target.week}`);
      await expect(line(page, 'Thursday', `Copy A ${u}`)).toHaveCount(1);
      await expect(line(page, 'Thursday', `Copy B ${u}`)).toHaveCount(1);
      await expect(column(page, 'Tuesday').getByText('No orders')).toBeVisible();
      const copies = await pb
        .collection('tasks')
        .getFullList({ filter: pb.filter('weekNumber = {:w} && title ~ {:u}', { w: target.week, u }) });
      expect(copies.map((o) => [o.title, o.day, o.status]).sort()).toEqual([
        [`Copy A ${u}`, 'thursday', ''],
        [`Copy B ${u}`, 'thursday', ''],
      ]);
    });
  });
}
