import type { Page } from '@playwright/test';
import { currentIsoWeek, datesOfIsoWeek, localCalendarDate } from '../../src/domain/weeks';
import { api, unique } from '../support/e2e-api';
import { boardPath, column, line, ownWeek, SCREENS, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Add Order where you are (docs/product.md#add-order): the form starts at the week on screen, a
// day's "+" presets that day, and after saving the board shows that week with the new order
// marked and in view. A week that has passed takes no new orders (docs/decisions/013): its days
// offer no "+", and the form says why it starts at this week instead.

/** The board kept on the device for the next visit (lib/offline/kept-board.ts); '' when none. */
const KEPT_BOARD = `window.localStorage.getItem('trolleyboard_kept_board') ?? ''`;

const field = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("Add Order starts at the week on screen, a day's + at that day; the board then shows the new order, marked", async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(21 + n);
      const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);
      const tag = unique();
      // A full week, so the new order on Friday starts out of sight on a phone.
      for (const day of ['monday', 'tuesday', 'wednesday', 'thursday'])
        for (let i = 0; i < 5; i++)
          await pb
            .collection('tasks')
            .create({ title: `Filler ${tag} ${i}`, day, customerType: 'wholesale', other: 'none', year: week.year, weekNumber: week.week });

      await signIn(page, account, boardPath(week));
      await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(5);

      // The header's Add Order: the week on screen, Monday.
      if (screen.name === 'phone') {
        await openMenu(page);
        await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Order', exact: true }).click();
      } else {
        await page.getByRole('link', { name: 'Add Order', exact: true }).click();
      }
      await expect(field(page, 'Week number')).toHaveValue(String(week.week));
      await expect(field(page, 'Year')).toHaveValue(String(week.year));
      await expect(field(page, 'Day')).toHaveValue('monday');
      await page.goBack();

      // Friday's "+": that day of that week.
      await column(page, 'Friday')
        .getByRole('link', { name: `Add order on Friday ${dates[4]}` })
        .click();
      await expect(page).toHaveURL(`/createCustomer?year=${week.year}&week=${week.week}&day=friday`);
      await expect(field(page, 'Day')).toHaveValue('friday');
      await expect(field(page, 'Week number')).toHaveValue(String(week.week));
      const title = `Added here ${tag}`;
      await field(page, 'Customer name').fill(title);
      await page.getByRole('button', { name: 'Save' }).click();

      // The board of that week, the new order marked and in view.
      await expect(page).toHaveURL(boardPath(week));
      await expect(page.getByRole('status').filter({ hasText: 'Order added.' })).toBeVisible();
      const added = line(page, 'Friday', title);
      await expect(added).toHaveAttribute('data-highlighted', 'true');
      await expect(added).toBeInViewport();
      // For a moment only.
      await expect(added).not.toHaveAttribute('data-highlighted', { timeout: 10_000 });
      const [stored] = await pb.collection('tasks').getFullList({ filter: pb.filter('title = {:title}', { title }) });
      expect(stored).toMatchObject({ day: 'friday', year: week.year, weekNumber: week.week, other: 'none' });

      // Back leaves the board of that week for where the person was before the form.
      await page.goBack();
      await expect(page).toHaveURL(boardPath(week));
      await expect(line(page, 'Friday', title)).not.toHaveAttribute('data-highlighted');
    });

    test('Add Order opened by a full page load: after saving, the board shows the new order without a reload', async ({
      page,
      accounts,
      signIn,
    }) => {
      // The board of this week was on screen a moment ago, so the device keeps a copy of it that is
      // only seconds old; a form opened by its address has no board query yet for the save to
      // update. The board shown after saving must still ask the server, not trust that copy.
      const account = await accounts.create();
      await signIn(page, account);
      await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });
      await expect.poll(() => page.evaluate<string>(KEPT_BOARD)).toContain('"html"');

      await page.goto('/createCustomer');
      const title = `Typed at the address ${unique()}`;
      await field(page, 'Customer name').fill(title);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    });

    test('a week that has passed offers no +, and Add Order from it starts at this week, saying why', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      await signIn(page, account, '/?year=2025&week=10');
      await expect(column(page, 'Monday').getByText('No orders')).toBeVisible();
      await expect(page.getByRole('link', { name: /^Add order on/ })).toHaveCount(0);

      await page.goto('/createCustomer?year=2025&week=10&day=tuesday');
      const thisWeek = currentIsoWeek(localCalendarDate(new Date()));
      await expect(field(page, 'Week number')).toHaveValue(String(thisWeek.week));
      await expect(field(page, 'Day')).toHaveValue('tuesday');
      await expect(
        page.getByText(
          `Week 10 of 2025 has passed, and new orders go into this week or a later one: this order starts in week ${thisWeek.week} of ${thisWeek.year}.`,
        ),
      ).toBeVisible();
    });
  });
}
