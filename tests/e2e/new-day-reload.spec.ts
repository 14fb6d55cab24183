import { column } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { datesOfIsoWeek } from '../../src/domain/weeks';
import { nextIsoWeek } from '../support/open-weeks';

// A tablet left on overnight (docs/product.md#live-updates): once the day has changed and nobody
// has touched it for 5 minutes, the board reloads and shows the new day as today. The browser's
// clock is set to late on Tuesday of next week (a sign-in lasts 14 days: it may not go further).

test('a board left on overnight reloads into the new day, but not while someone is using it', async ({ page, accounts, signIn }) => {
  const week = nextIsoWeek();
  const tuesday = datesOfIsoWeek(week.year, week.week)[1]!;
  await page.clock.install({ time: new Date(tuesday.year, tuesday.month - 1, tuesday.day, 23, 50) });
  await signIn(page, await accounts.create());
  await expect(page.getByText(`Current Week ${week.week}`)).toBeVisible();
  await expect(column(page, 'Tuesday').getByText('Today', { exact: true })).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Someone moves the mouse at 23:59; at 00:03 the day has changed, but they may still be at it.
  await page.clock.runFor('00:09:00');
  await page.mouse.move(40, 300);
  await page.mouse.move(60, 320);
  await page.clock.runFor('00:04:00');
  expect(loads).toBe(0);
  await expect(column(page, 'Tuesday').getByText('Today', { exact: true })).toBeVisible();

  // Left alone for five minutes in all: the page reloads, and Wednesday is today.
  await page.clock.runFor('00:02:00');
  await expect(column(page, 'Wednesday').getByText('Today', { exact: true })).toBeVisible();
  expect(loads).toBe(1);
});
