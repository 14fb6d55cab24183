import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { api, unique } from '../support/e2e-api';
import { column, SCREENS } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { datesOfIsoWeek, shiftIsoWeek, type IsoWeek } from '../../src/domain/weeks';
import { E2E_DELETE_PASSWORD } from '../support/e2e-env';
import { nextIsoWeek } from '../support/open-weeks';
import type { Day } from '../../src/domain/records';

// Today first (docs/product.md#weekly-board): the board opens at today's week and, on a phone, at
// today's column, with a strip of the seven days and their counts of orders and trolleys to jump
// between them; wide screens show the counts in each column's header. "This week" returns from
// any other week. The browser's clock is set to Thursday of next week, so "today" is known (a
// sign-in lasts 14 days: the clock may not go further). Other journeys add orders to next week
// for a moment now and then (e2e-api's addOrder): the counts are waited for, not read once.

/** Next week, and noon on its Tuesday and Thursday. */
function testWeek(): { week: IsoWeek; tuesdayNoon: Date; thursdayNoon: Date } {
  const week = nextIsoWeek();
  const noonOf = (day: number) => {
    const date = datesOfIsoWeek(week.year, week.week)[day]!;
    return new Date(date.year, date.month - 1, date.day, 12);
  };
  return { week, tuesdayNoon: noonOf(1), thursdayNoon: noonOf(3) };
}

// Both journeys count next week's orders: one at a time, each taking its orders away again.
test.describe.configure({ mode: 'serial' });

/** Six orders on each of Monday to Wednesday (so Thursday starts far down a phone), two on Thursday; their ids. */
async function fillWeek(pb: PocketBase, week: IsoWeek, tag: string): Promise<string[]> {
  const orders: { day: Day; trollies: string }[] = [
    ...['monday', 'tuesday', 'wednesday'].flatMap((day) => Array.from({ length: 6 }, () => ({ day: day as Day, trollies: '1' }))),
    { day: 'thursday', trollies: '2' },
    { day: 'thursday', trollies: '1.5' },
    { day: 'friday', trollies: '2T' },
  ];
  const ids: string[] = [];
  for (const [i, order] of orders.entries()) {
    const record = await pb.collection('tasks').create({
      title: `Today ${tag} ${i}`,
      customerType: 'wholesale',
      other: 'none',
      year: week.year,
      weekNumber: week.week,
      ...order,
    });
    ids.push(record.id);
  }
  return ids;
}

/**
 * How far below the day strip's bottom edge a day's column starts (negative: under the strip). The
 * strip is measured each time, as the header above it may still be settling.
 */
async function gapBelowStrip(page: Page, day: string): Promise<number> {
  const strip = (await page.getByRole('navigation', { name: 'Days of the week' }).boundingBox())!;
  const top = (await column(page, day).boundingBox())?.y ?? Infinity;
  return top - (strip.y + strip.height);
}

async function removeOrders(pb: PocketBase, ids: readonly string[]): Promise<void> {
  for (const id of ids) await pb.collection('tasks').delete(id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
}

test("opens at today's week and day, with each day's counts, on a phone and a desktop; This week comes back from another week", async ({
  browser,
  accounts,
  signIn,
}) => {
  const { week, thursdayNoon } = testWeek();
  const account = await accounts.create();
  const pb = await api(account);
  const ids = await fillWeek(pb, week, unique());
  const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);

  // One after the other, on the same orders.
  try {
    for (const screen of SCREENS) {
      const context = await browser.newContext(screen.use);
      const page = await context.newPage();
      await page.clock.install({ time: thursdayNoon });
      await signIn(page, account);
      await expect(page.getByText(`Current Week ${week.week}`)).toBeVisible();
      const thursday = column(page, 'Thursday');
      await expect(thursday.getByRole('listitem')).toHaveCount(2);
      await expect(thursday.getByText('Today', { exact: true })).toBeVisible();
      await expect(thursday.getByTestId('day-summary')).toContainText('2 orders, 3.5 trolleys');
      await expect(column(page, 'Friday').getByTestId('day-summary')).toContainText('1 order, 0 trolleys');
      await expect(page.getByRole('button', { name: 'This week' })).toHaveCount(0);

      const strip = page.getByRole('navigation', { name: 'Days of the week' });
      if (screen.name === 'phone') {
        // Today's column is at the top of the screen, under the header and the day strip; Monday is scrolled away.
        await expect.poll(() => gapBelowStrip(page, 'Thursday')).toBeGreaterThanOrEqual(-1);
        expect((await thursday.boundingBox())!.y).toBeLessThan(844 / 2);
        expect((await column(page, 'Monday').boundingBox())!.y).toBeLessThan(0);
        // The strip: each day with its counts, today marked as today; a tap jumps to that day.
        await expect(strip.getByRole('button', { name: `Thursday ${dates[3]}, today: 2 orders, 3.5 trolleys` })).toHaveAttribute(
          'aria-current',
          'date',
        );
        await expect(strip.getByRole('button', { name: `Monday ${dates[0]}: 6 orders, 6 trolleys` })).toBeVisible();
        await strip.getByRole('button', { name: new RegExp(`^Tuesday ${dates[1]}`) }).click();
        await expect(column(page, 'Tuesday').getByRole('heading')).toBeFocused();
        // Just below the strip: not under it, nor far below.
        const stripBox = (await strip.boundingBox())!;
        const isJustBelowStrip = async (day: string) => {
          const gap = await gapBelowStrip(page, day);
          return gap >= 0 && gap < 20;
        };
        await expect.poll(() => isJustBelowStrip('Tuesday')).toBe(true);
        // The strip stays under the header while the days scroll by.
        expect((await strip.boundingBox())!.y).toBeCloseTo(stripBox.y, 0);
        await strip.getByRole('button', { name: new RegExp(`^Monday ${dates[0]}`) }).click();
        await expect.poll(() => isJustBelowStrip('Monday')).toBe(true);
      } else {
        // Every day is in view at once: no strip, the counts in each column's header.
        await expect(strip).toBeHidden();
        await expect(column(page, 'Monday').getByTestId('day-summary')).toHaveText(/^6 orders · 6T/);
        expect(await page.evaluate<number>('window.scrollY')).toBe(0);
      }

      // Another week: "This week" brings today's back.
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect(page).toHaveURL(new RegExp(`week=${shiftIsoWeek(week, 1).week}$`));
      await page.getByRole('button', { name: 'This week' }).click();
      await expect(page).toHaveURL(new RegExp(`year=${week.year}&week=${week.week}$`));
      await expect(thursday.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'This week' })).toHaveCount(0);
      await context.close();
    }
  } finally {
    await removeOrders(pb, ids);
  }
});

test("on a phone, opens at today's column even when today starts near the top until the orders arrive", async ({
  browser,
  accounts,
  signIn,
}) => {
  const { week, tuesdayNoon } = testWeek();
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const mondays: string[] = [];
  for (let i = 0; i < 6; i++) {
    const order = {
      title: `Monday ${tag} ${i}`,
      day: 'monday',
      customerType: 'wholesale',
      other: 'none',
      year: week.year,
      weekNumber: week.week,
    };
    mondays.push((await pb.collection('tasks').create(order)).id);
  }
  const context = await browser.newContext(SCREENS[0]!.use);
  try {
    const page = await context.newPage();
    await page.clock.install({ time: tuesdayNoon });
    await signIn(page, account);

    // The week's orders are held back until the board has painted its days: Tuesday then starts
    // just below Monday's header, in the upper half of the screen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/collections/tasks/records?*', async (route) => {
      await released;
      await route.continue();
    });
    await page.reload();
    const tuesday = column(page, 'Tuesday');
    await expect(tuesday.getByText('Today', { exact: true })).toBeVisible();
    expect((await tuesday.boundingBox())!.y).toBeLessThan(844 / 2);
    release();

    // Monday fills with orders; the board still shows Tuesday at the top, Monday scrolled away,
    // also once drag and drop has loaded (each line then has a Move button) and redrawn the board.
    const mondayLines = column(page, 'Monday').getByRole('listitem').filter({ hasText: tag });
    await expect(mondayLines).toHaveCount(6);
    await expect(mondayLines.getByRole('button', { name: /^Move / })).toHaveCount(6);
    // Both measured afresh on each try: the header settles ("Live" takes less room than "On this
    // device · as of …"), moving the strip up, and today's column is placed again under it.
    await expect
      .poll(async () => {
        const gap = await gapBelowStrip(page, 'Tuesday');
        return gap >= -1 && gap < 20;
      })
      .toBe(true);
    expect((await column(page, 'Monday').boundingBox())!.y).toBeLessThan(0);
  } finally {
    await context.close();
    await removeOrders(pb, mondays);
  }
});
