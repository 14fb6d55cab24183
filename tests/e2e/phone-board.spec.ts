import type { CDPSession, Locator, Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { Day } from '../../src/domain/records';
import { datesOfIsoWeek, type IsoWeek } from '../../src/domain/weeks';
import { api, unique } from '../support/e2e-api';
import { column, line, SCREENS } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';

// The phone board (docs/decisions/068-the-phone-board.md, docs/product.md#weekly-board): at
// 390×844 the header and the day strip together take at most 120 px; the board opens at today,
// its chip filled as today, and a day chosen on the strip is marked another way; a swipe goes
// to the next or the day before; a floating Add button adds an order to the day in view. The
// browser's clock is set to Thursday noon of next week, so "today" is known and takes orders.

const PHONE = SCREENS.find((s) => s.name === 'phone')!.use;
const STRIP = 'Days of the week';

function noonOf(week: IsoWeek, dayIndex: number): Date {
  const date = datesOfIsoWeek(week.year, week.week)[dayIndex]!;
  return new Date(date.year, date.month - 1, date.day, 12);
}
const thursdayNoonOf = (week: IsoWeek) => noonOf(week, 3);

/** Five orders on each of Monday to Wednesday, so Thursday starts far down a phone; two on Thursday and Friday. */
async function fillWeek(pb: PocketBase, week: IsoWeek, tag: string): Promise<void> {
  const days: Day[] = ['monday', 'tuesday', 'wednesday'];
  const orders = [...days.flatMap((day) => Array.from({ length: 5 }, () => day)), 'thursday', 'thursday', 'friday', 'friday'] as Day[];
  for (const [i, day] of orders.entries())
    await pb.collection('tasks').create({
      title: `Phone ${tag} ${i}`,
      day,
      trollies: '1',
      customerType: 'wholesale',
      other: 'none',
      year: week.year,
      weekNumber: week.week,
    });
}

const heightOf = (locator: Locator) => locator.evaluate((e) => e.getBoundingClientRect().height);

/** The bottom edge of the day strip on screen. */
async function stripBottom(page: Page): Promise<number> {
  return page.getByRole('navigation', { name: STRIP }).evaluate((e) => e.getBoundingClientRect().bottom);
}

/** Whether a day's column starts just below the strip: not under it, nor further down. */
async function isJustBelowStrip(page: Page, day: string): Promise<boolean> {
  const top = await column(page, day).evaluate((e) => e.getBoundingClientRect().top);
  const gap = top - (await stripBottom(page));
  return gap >= -1 && gap < 20;
}

/** A finger slid across the screen in ten steps, as Chromium gets it from a touch screen. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const finger = (x: number, y: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(from.x, from.y) });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: finger(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.use(PHONE);

test("a phone's board: a compact header and strip, today marked, another day marked differently, swipes between days", async ({
  page,
  accounts,
  signIn,
}) => {
  const week = nextIsoWeek();
  const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);
  const account = await accounts.create();
  const tag = unique();
  await fillWeek(await api(account), week, tag);
  await page.clock.install({ time: thursdayNoonOf(week) });
  await signIn(page, account);
  await expect(line(page, 'Thursday', `Phone ${tag} 15`)).toBeVisible({ timeout: 15_000 });

  // The header is one row, the strip one row of at most 52 px: together at most 120 px.
  const strip = page.getByRole('navigation', { name: STRIP });
  const header = page.getByRole('banner');
  const stripHeight = await heightOf(strip);
  const headerHeight = await heightOf(header);
  expect(stripHeight).toBeLessThanOrEqual(52);
  expect(headerHeight).toBeLessThanOrEqual(64);
  expect(headerHeight + stripHeight).toBeLessThanOrEqual(120);

  // Opens at today: Thursday just below the strip, no line cut under it, Monday scrolled away.
  await expect.poll(() => isJustBelowStrip(page, 'Thursday')).toBe(true);
  const firstLine = column(page, 'Thursday').getByRole('listitem').first();
  expect(await firstLine.evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThanOrEqual(await stripBottom(page));
  expect(await column(page, 'Monday').evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThan(0);
  const chip = (day: string, n: number) => strip.getByRole('button', { name: new RegExp(`^${day} ${dates[n]}`) });
  await expect(chip('Thursday', 3)).toHaveAttribute('aria-current', 'date');
  await expect(chip('Thursday', 3)).toHaveAccessibleName(`Thursday ${dates[3]}, today: 2 orders, 2 trolleys`);
  await expect(strip.locator('[aria-current]')).toHaveCount(1);

  // Tuesday chosen: marked as the day in view, unlike today (still today) and unlike the other days.
  await chip('Tuesday', 1).click();
  await expect(chip('Tuesday', 1)).toHaveAttribute('aria-current', 'true');
  await expect(chip('Thursday', 3)).toHaveAttribute('aria-current', 'date');
  await expect.poll(() => isJustBelowStrip(page, 'Tuesday')).toBe(true);
  // The node project has no DOM types: the page's own code, as a string.
  const looks = (day: Day) =>
    page.evaluate<{ background: string; border: string; shadow: string }>(
      `(() => { const s = getComputedStyle(document.querySelector('nav[aria-label="${STRIP}"] li[data-day="${day}"] button')); return { background: s.backgroundColor, border: s.borderTopColor, shadow: s.boxShadow }; })()`,
    );
  const [tuesday, thursday, monday] = [await looks('tuesday'), await looks('thursday'), await looks('monday')];
  expect(tuesday.background).toBe(monday.background);
  expect(tuesday.background).not.toBe(thursday.background);
  expect(tuesday.border).not.toBe(monday.border);
  expect(tuesday.shadow).not.toBe(monday.shadow);

  // A swipe right to left goes to Wednesday, left to right back to Tuesday.
  const cdp = await page.context().newCDPSession(page);
  const y = 600;
  await swipe(cdp, { x: 320, y }, { x: 90, y: y + 10 });
  await expect(chip('Wednesday', 2)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => isJustBelowStrip(page, 'Wednesday')).toBe(true);
  await swipe(cdp, { x: 90, y }, { x: 320, y: y - 10 });
  await expect(chip('Tuesday', 1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => isJustBelowStrip(page, 'Tuesday')).toBe(true);
  // Swiping on past Sunday stays on Sunday; a swipe mostly up or down scrolls the page as ever.
  await chip('Sunday', 6).click();
  // Sunday is too short to reach the top: the page stops at its end, Sunday still the day chosen.
  await expect
    .poll(() => page.evaluate<boolean>('window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1'))
    .toBe(true);
  await expect(chip('Sunday', 6)).toHaveAttribute('aria-current', 'true');
  await swipe(cdp, { x: 320, y }, { x: 90, y });
  await expect(chip('Sunday', 6)).toHaveAttribute('aria-current', 'true');
  await chip('Tuesday', 1).click();
  await expect.poll(() => isJustBelowStrip(page, 'Tuesday')).toBe(true);
  const before = await page.evaluate<number>('window.scrollY');
  await swipe(cdp, { x: 300, y: 700 }, { x: 200, y: 400 });
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(before);
  await cdp.detach();
});

test('opened on a Sunday too short to reach the top, the strip marks Sunday alone', async ({ page, accounts, signIn }) => {
  const week = nextIsoWeek();
  const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);
  const account = await accounts.create();
  const tag = unique();
  await fillWeek(await api(account), week, tag);
  await page.clock.install({ time: noonOf(week, 6) });
  await signIn(page, account);
  await expect(line(page, 'Friday', `Phone ${tag} 17`)).toBeAttached({ timeout: 15_000 });
  // The page has scrolled as far as it goes, Sunday's column below the strip but not at its edge.
  await expect
    .poll(() =>
      page.evaluate<boolean>('window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1'),
    )
    .toBe(true);
  const strip = page.getByRole('navigation', { name: STRIP });
  const sunday = strip.getByRole('button', { name: new RegExp(`^Sunday ${dates[6]}`) });
  await expect(sunday).toHaveAttribute('aria-current', 'date');
  // No other day is marked as the one in view (Friday was, when the page's end stopped short).
  await expect(strip.locator('[aria-current]')).toHaveCount(1);
});

test('the floating Add button adds an order to the day in view; a viewer has none', async ({ page, accounts, signIn, browser }) => {
  const week = nextIsoWeek();
  const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);
  const account = await accounts.create();
  const tag = unique();
  await fillWeek(await api(account), week, tag);
  await page.clock.install({ time: thursdayNoonOf(week) });
  await signIn(page, account);
  await expect(line(page, 'Thursday', `Phone ${tag} 15`)).toBeVisible({ timeout: 15_000 });

  // At today, it adds to today; at 44 px or more, in the bottom right corner, clear of the bottom bar's 56 px.
  const add = page.getByRole('link', { name: 'Add order for Thursday' });
  await expect(add).toBeVisible();
  const box = (await add.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeGreaterThan(390 - 32);
  expect(box.y + box.height).toBeLessThanOrEqual(844 - 56);

  // Friday chosen on the strip: the button follows it, and the order lands on Friday of that week.
  await page
    .getByRole('navigation', { name: STRIP })
    .getByRole('button', { name: new RegExp(`^Friday ${dates[4]}`) })
    .click();
  await page.getByRole('link', { name: 'Add order for Friday' }).click();
  await expect(page).toHaveURL(`/createCustomer?year=${week.year}&week=${week.week}&day=friday`);
  const title = `Added with the round button ${tag}`;
  await page.getByRole('form', { name: 'Order' }).getByLabel('Customer name', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(line(page, 'Friday', title)).toBeInViewport();

  // A viewer of the same nursery adds nothing: no button.
  const viewer = await accounts.create({ nursery: account.nursery, role: 'viewer' });
  const context = await browser.newContext(PHONE);
  try {
    const other = await context.newPage();
    await other.clock.install({ time: thursdayNoonOf(week) });
    await signIn(other, viewer);
    await expect(line(other, 'Thursday', `Phone ${tag} 15`)).toBeVisible();
    await expect(other.getByRole('link', { name: /^Add order for/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
