import { test, expect } from '../support/e2e-fixtures';
import { datesOfIsoWeek } from '../../src/domain/weeks';
import { boxOf, column } from '../support/e2e-board';

// The weekly board's frame: seven day columns for the chosen week, their dates, pick-sheet
// links and route headings ("Misc" until the user sets one). Orders arrive in a later issue.

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('seven day columns with the dates and pick-sheet links of the chosen week', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  await page.getByLabel('Year', { exact: true }).selectOption('2026');
  await page.getByLabel('Week', { exact: true }).selectOption('53');

  // ISO week 53 of 2026 runs from Monday 28 December 2026 to Sunday 3 January 2027.
  const expected = [28, 29, 30, 31, 1, 2, 3];
  for (const [i, day] of DAYS.entries()) {
    const region = column(page, day);
    await expect(region.getByRole('heading', { level: 2 })).toHaveText(`${day} ${expected[i]}`);
    await expect(region.getByText('Misc', { exact: true })).toBeVisible();
    await expect(region.getByRole('link', { name: `Pick sheet for ${day} ${expected[i]}` })).toHaveAttribute(
      'href',
      `/weekday/2026/53/${day.toLowerCase()}/${expected[i]}`,
    );
  }

  await page.getByRole('button', { name: 'Previous week' }).click();
  const week52 = datesOfIsoWeek(2026, 52).map((d) => d.day);
  await expect(page.getByRole('heading', { name: /^Monday/ })).toHaveText(`Monday ${week52[0]}`);
});

test('the pick-sheet link opens the single-day screen', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  await page.getByRole('link', { name: /^Pick sheet for Wednesday/ }).click();
  await expect(page).toHaveURL(/\/weekday\/\d{4}\/\d{1,2}\/wednesday\/\d{1,2}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Wednesday \d{1,2} [A-Z][a-z]+ \d{4}$/);
});

test('wide screens: Monday to Friday in columns 1-5, the weekend stacked in column 6', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, await accounts.create());
  const box = async (day: string) => {
    return boxOf(column(page, day));
  };
  const xs = [];
  for (const day of DAYS.slice(0, 5)) xs.push((await box(day)).x);
  for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThan(xs[i - 1]!);
  const saturday = await box('Saturday');
  const sunday = await box('Sunday');
  expect(saturday.x).toBeGreaterThan(xs[4]!);
  expect(Math.abs(sunday.x - saturday.x)).toBeLessThan(1);
  expect(sunday.y).toBeGreaterThan(saturday.y);
});

test('phones: the columns stack without sideways scrolling', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, await accounts.create());
  const monday = await boxOf(column(page, 'Monday'));
  const tuesday = await boxOf(column(page, 'Tuesday'));
  expect(tuesday.y).toBeGreaterThan(monday.y);
  expect(Math.abs(tuesday.x - monday.x)).toBeLessThan(1);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
});
