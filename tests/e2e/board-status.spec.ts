import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { column, line, LIVE_MS, openLiveBoard, ownWeek, SCREENS, secondDevice, statusButton, toast, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Status in one tap (docs/product.md#weekly-board): the status at the right of a line opens the
// five statuses, and a choice is saved at once (If-Match), seen live on every open board; a whole
// day, or the map-mode choice, gets one status in one action. Each test has a week of next year
// to itself (ownWeek).

const statusMenu = (page: Page) => page.getByRole('menu');
const choice = (page: Page, name: string) => statusMenu(page).getByRole('menuitemradio', { name, exact: true });

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('one tap sets a status, seen live on another device; the line still opens the order; the keyboard works too', async ({
      page,
      browser,
      accounts,
      signIn,
    }) => {
      const alice = await accounts.create();
      const bob = await accounts.create({ nursery: alice.nursery });
      const week = ownWeek(11 + n);
      const title = `One tap ${unique()}`;
      const order = await (await api(alice)).collection('tasks').create({
        title,
        day: 'wednesday',
        customerType: 'retail',
        other: 'none',
        year: week.year,
        weekNumber: week.week,
      });

      await signIn(page, alice);
      await openLiveBoard(page, week);
      const other = await secondDevice(browser, bob, signIn, week);

      const mine = line(page, 'Wednesday', title);
      const status = statusButton(mine);
      await expect(status).toHaveAccessibleName('Status: None');
      if (screen.name === 'phone') {
        // Big enough for a gloved finger.
        const box = await status.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(44);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await status.click();
      await expect(statusMenu(page)).toHaveAccessibleName(`Status of ${title}`);
      await expect(statusMenu(page).getByRole('menuitemradio')).toHaveText(
        ['None', 'Working', 'Query', 'Pulled', 'Loaded'].map((s) => new RegExp(`^${s}`)),
      );
      await expect(choice(page, 'None')).toHaveAttribute('aria-checked', 'true');
      if (screen.name === 'phone') expect((await choice(page, 'Loaded').boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await choice(page, 'Loaded').click();

      await expect(statusMenu(page)).toHaveCount(0);
      await expect(status).toHaveAccessibleName('Status: Loaded');
      await expect(statusButton(line(other.page, 'Wednesday', title))).toHaveAccessibleName('Status: Loaded', { timeout: LIVE_MS });
      await expect.poll(async () => (await (await api(alice)).collection('tasks').getOne(order.id)).status).toBe('loaded');

      // Keyboard: the menu opens on the current status; arrows move, Enter chooses, Escape closes.
      await status.focus();
      await page.keyboard.press('Enter');
      await expect(choice(page, 'Loaded')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(statusMenu(page)).toHaveCount(0);
      await expect(status).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(choice(page, 'None')).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(choice(page, 'Pulled')).toBeFocused();
      await page.keyboard.press('Enter');
      // "Query" is the name staff use for the status stored as "missed".
      await expect(status).toHaveAccessibleName('Status: Pulled');
      await expect(statusButton(line(other.page, 'Wednesday', title))).toHaveAccessibleName('Status: Pulled', { timeout: LIVE_MS });

      // The line itself still opens the edit page.
      await mine.getByRole('link', { name: new RegExp(title) }).click();
      await expect(page).toHaveURL(`/edit/${order.id}`);
      await other.close();
    });

    test('a status someone else changed meanwhile is not overwritten: it says so and offers to reload', async ({
      page,
      accounts,
      signIn,
    }) => {
      // No live updates on this device, so its board still shows the old status.
      await page.route('**/api/realtime', (route) => route.abort());
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(13 + n);
      const title = `Conflict ${unique()}`;
      const order = await pb
        .collection('tasks')
        .create({ title, day: 'tuesday', customerType: 'wholesale', other: 'none', year: week.year, weekNumber: week.week });

      await signIn(page, account, `/?year=${week.year}&week=${week.week}`);
      const status = statusButton(line(page, 'Tuesday', title));
      await expect(status).toHaveAccessibleName('Status: None');
      await pb.collection('tasks').update(order.id, { status: 'missed' });

      await status.click();
      await choice(page, 'Loaded').click();
      const refusal = toast(page, `Someone else changed ${title} meanwhile, so its status was not saved.`);
      await expect(refusal).toBeVisible();
      await expect(status).toHaveAccessibleName('Status: None');
      expect((await pb.collection('tasks').getOne(order.id)).status).toBe('missed');

      await refusal.getByRole('button', { name: 'Reload' }).click();
      await expect(status).toHaveAccessibleName('Status: Query');
    });

    test("a day's orders get one status in one action, seen live; Undo takes it back", async ({ page, browser, accounts, signIn }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(15 + n);
      const tag = unique();
      const titles = [`Bulk A ${tag}`, `Bulk B ${tag}`, `Bulk C ${tag}`];
      for (const [i, title] of titles.entries()) {
        await pb.collection('tasks').create({
          title,
          day: 'friday',
          customerType: 'wholesale',
          other: 'none',
          status: i === 2 ? 'loaded' : 'working',
          year: week.year,
          weekNumber: week.week,
        });
      }
      await signIn(page, account);
      await openLiveBoard(page, week);
      const other = await secondDevice(browser, account, signIn, week);
      const friday = column(page, 'Friday');
      await expect(friday.getByRole('listitem')).toHaveCount(3);

      await friday.getByRole('button', { name: "Set status of Friday's orders" }).click();
      await expect(statusMenu(page)).toHaveAccessibleName("Set all 3 of Friday's orders to:");
      await choice(page, 'Loaded').click();
      const done = toast(page, /set to Loaded/);
      await expect(done).toContainText('2 orders set to Loaded; 1 already was.');
      for (const title of titles) {
        await expect(statusButton(line(page, 'Friday', title))).toHaveAccessibleName('Status: Loaded');
        await expect(statusButton(line(other.page, 'Friday', title))).toHaveAccessibleName('Status: Loaded', { timeout: LIVE_MS });
      }

      await done.getByRole('button', { name: 'Undo' }).click();
      await expect(toast(page, '2 orders are back to their earlier status.')).toBeVisible();
      await expect(statusButton(line(page, 'Friday', titles[0]!))).toHaveAccessibleName('Status: Working');
      await expect(statusButton(line(page, 'Friday', titles[2]!))).toHaveAccessibleName('Status: Loaded');
      await expect(statusButton(line(other.page, 'Friday', titles[1]!))).toHaveAccessibleName('Status: Working', { timeout: LIVE_MS });
      await other.close();
    });

    test('the map-mode choice gets one status in one action; orders changed meanwhile are named', async ({ page, accounts, signIn }) => {
      // No live updates here, so one order's change by someone else is not seen before the bulk save.
      await page.route('**/api/realtime', (route) => route.abort());
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(17 + n);
      const tag = unique();
      const ids: string[] = [];
      for (const title of [`Map A ${tag}`, `Map B ${tag}`, `Map C ${tag}`]) {
        const record = await pb
          .collection('tasks')
          .create({ title, day: 'monday', customerType: 'retail', other: 'none', year: week.year, weekNumber: week.week });
        ids.push(record.id);
      }
      await signIn(page, account, `/?year=${week.year}&week=${week.week}`);
      await expect(line(page, 'Monday', `Map C ${tag}`)).toHaveCount(1);

      if (screen.name === 'phone') {
        await openMenu(page);
        await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Map' }).click();
      } else {
        await page.getByRole('button', { name: 'Map', exact: true }).click();
      }
      for (const title of [`Map A ${tag}`, `Map B ${tag}`, `Map C ${tag}`]) {
        await line(page, 'Monday', title)
          .getByRole('button', { name: new RegExp(title) })
          .click();
      }
      await expect(page.getByText('3 chosen', { exact: true })).toBeVisible();
      await pb.collection('tasks').update(ids[1]!, { orderInfo: 'changed by someone else' });

      await page.getByRole('button', { name: 'Set status of the chosen orders' }).click();
      await expect(statusMenu(page)).toHaveAccessibleName('Set the 3 chosen orders to:');
      await choice(page, 'Pulled').click();
      const outcome = toast(page, /set to Pulled/);
      await expect(outcome).toHaveText(
        new RegExp(`^2 of 3 orders set to Pulled\\. Not saved: Map B ${tag} \\(someone else changed it meanwhile\\)\\.`),
      );
      expect(
        (await pb.collection('tasks').getFullList({ filter: pb.filter('title ~ {:tag}', { tag }) }))
          .map((o) => `${o.title}:${o.status}`)
          .sort(),
      ).toEqual([`Map A ${tag}:pulled`, `Map B ${tag}:`, `Map C ${tag}:pulled`]);
      await outcome.getByRole('button', { name: 'Reload' }).click();
      await expect(line(page, 'Monday', `Map B ${tag}`).getByRole('button', { name: 'Order info for' + ` Map B ${tag}` })).toBeVisible();
    });
  });
}
