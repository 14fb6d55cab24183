import { logOut, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { currentIsoWeek, localCalendarDate } from '../../src/domain/weeks';

// The app shell: fallback route, header, week selection, navigation (side bar, bottom bar and More),
// map mode, logout, error element.

test('an unknown path shows the login page, not its content', async ({ page }) => {
  await page.goto('/no-such-page/secret-stuff');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByText('secret-stuff')).toHaveCount(0);
});

test('an unknown path takes a signed-in user to the board', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  await page.goto('/definitely/not/a/route');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
});

test('the header shows the product, "Current Week" and today\'s ISO week chosen', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  const today = currentIsoWeek(localCalendarDate(new Date()));

  await expect(page).toHaveTitle(`Week ${today.week}, ${today.year} · Trolleyboard`);
  await expect(page.getByRole('link', { name: 'Trolleyboard' })).toHaveAttribute('href', '/');
  await expect(page.getByText('Current Week')).toHaveText(`Current Week ${today.week}`);
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue(String(today.year));
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue(String(today.week));
});

test('the year selector offers 2024 to next year', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  const thisYear = new Date().getFullYear();
  const expected = Array.from({ length: thisYear + 1 - 2024 + 1 }, (_, i) => String(thisYear + 1 - i));
  await expect(page.getByLabel('Year', { exact: true }).locator('option')).toHaveText(expected);
});

test('previous and next cross into the neighbouring year; the year selector clamps the week', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  const year = page.getByLabel('Year', { exact: true });
  const week = page.getByLabel('Week', { exact: true });
  const previous = page.getByRole('button', { name: 'Previous week' });
  const next = page.getByRole('button', { name: 'Next week' });

  await year.selectOption('2026');
  await expect(week.locator('option')).toHaveCount(53);
  await week.selectOption('52');
  await next.click();
  await expect(week).toHaveValue('53');
  await expect(page).toHaveURL(/[?&]year=2026&week=53$/);
  // Week 53 of 2026 is followed by week 1 of 2027, and back.
  await next.click();
  await expect(year).toHaveValue('2027');
  await expect(week).toHaveValue('1');
  await previous.click();
  await expect(year).toHaveValue('2026');
  await expect(week).toHaveValue('53');

  // Week 1 of 2026 follows week 52 of 2025 (a 52-week year).
  await week.selectOption('1');
  await previous.click();
  await expect(year).toHaveValue('2025');
  await expect(week).toHaveValue('52');
  await expect(week.locator('option')).toHaveCount(52);

  // 2025 has 52 weeks: week 53 of 2026 becomes 52.
  await year.selectOption('2026');
  await week.selectOption('53');
  await year.selectOption('2025');
  await expect(week).toHaveValue('52');
});

test('the chosen week is shared by every screen', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  await page.getByLabel('Year', { exact: true }).selectOption('2026');
  await page.getByLabel('Week', { exact: true }).selectOption('20');
  await openMenu(page);
  await page.getByRole('link', { name: 'Collects' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/collect');
  await openMenu(page);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue('20');
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2026');
});

test('on a phone, More lists every screen and closes after a choice', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await accounts.create());
  const more = page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'More' });
  await more.click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Home', 'Collects', 'Holding', 'Runs', 'Search', 'Deleted', 'Settings']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

  await menu.getByRole('link', { name: 'Runs' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/runs');
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
  await expect(menu).toHaveCount(0);
});

test('on a desktop, the side bar lists every screen beside the page; Map and Add Order stay in the header', async ({
  page,
  accounts,
  signIn,
}) => {
  await signIn(page, await accounts.create());
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Home', 'Collects', 'Holding', 'Runs', 'Search', 'Deleted', 'Settings']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Map' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Map' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick' })).toBeHidden();
  await menu.getByRole('link', { name: 'Runs' }).click();
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Runs' })).toHaveAttribute('aria-current', 'page');
});

test('on a phone, Map and Add Order move into the menu', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, await accounts.create());
  await expect(page.getByRole('link', { name: 'Add Order', exact: true })).toBeHidden();
  await openMenu(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: 'Map' })).toBeVisible();
  await menu.getByRole('link', { name: 'Add Order', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/createCustomer');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
});

test('map mode swaps the week selector for Create Run, Clear and X', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  const week = page.getByLabel('Week', { exact: true });
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(week).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous week' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();

  await page.getByRole('button', { name: 'Close map mode' }).click();
  await expect(week).toBeVisible();

  await page.getByRole('button', { name: 'Map' }).click();
  await page.getByRole('button', { name: 'Create Run' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/trolley-mapper');
  await expect(page.getByRole('heading', { name: 'Trolley Mapper' })).toBeVisible();
  await expect(week).toBeVisible();
});

test('on a phone, map mode keeps the header to one row: its controls alone', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await accounts.create());
  await page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Map' }).click();
  const header = page.locator('header').first();
  await expect(header.getByRole('button', { name: 'Create Run' })).toBeVisible();
  await expect(header.getByLabel('Year')).toBeHidden();
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
  await header.getByRole('button', { name: 'Close map mode' }).click();
  await expect(header.getByLabel('Year')).toBeVisible();
});

test('logout clears the session and the settings cache', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  await page.evaluate(`window.localStorage.setItem('user_settings_cache', '{"left":"over"}')`);
  await logOut(page);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await page.evaluate("window.localStorage.getItem('pocketbase_auth')")).toBeNull();
  expect(await page.evaluate("window.localStorage.getItem('user_settings_cache')")).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test.describe('when a screen fails to load', () => {
  test.use({ allowConsoleErrors: true });

  test('the router error element says so and the header stays', async ({ page, accounts, signIn }) => {
    await signIn(page, await accounts.create());
    await page.route('**/assets/holding-page-*.js', (route) => route.abort());
    await openMenu(page);
    await page.getByRole('link', { name: 'Holding' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('Current Week')).toBeVisible();
  });
});

test('the page reloads itself after 6 hours without activity; activity restarts the wait', async ({ page, accounts, signIn }) => {
  // Early in the day: the 11 hours below must not cross midnight, where the page reloads for the
  // new day by itself (run in the evening, the test counted that reload).
  const morning = new Date();
  morning.setHours(6, 0, 0, 0);
  await page.clock.install({ time: morning });
  await signIn(page, await accounts.create());
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.clock.fastForward('05:00:00');
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 230);
  await page.clock.fastForward('05:00:00');
  expect(loads).toBe(0);

  const reloaded = page.waitForEvent('load');
  await page.clock.fastForward('01:00:01');
  await reloaded;
  expect(loads).toBe(1);
  await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
});

test('More marks the current page and gives focus back to its button when closed', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await accounts.create());
  const more = page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'More' });
  await more.click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Holding' })).not.toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  await more.click();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveTitle('Settings · Trolleyboard');
  await more.click();
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
});

test('on a phone every header and bottom bar control is at least 44 px tall, in one row', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Not live: the header's longest state, with "This week" below.
  await page.route('**/api/realtime', (route) => route.abort());
  await signIn(page, await accounts.create());
  const bar = page.getByRole('navigation', { name: 'Quick' });
  const controls = [
    bar.getByRole('link', { name: 'Board' }),
    bar.getByRole('button', { name: 'Scan' }),
    bar.getByRole('link', { name: 'Runs' }),
    bar.getByRole('button', { name: 'More' }),
    page.getByLabel('Year', { exact: true }),
    page.getByLabel('Week', { exact: true }),
    page.getByRole('button', { name: 'Previous week' }),
    page.getByRole('button', { name: 'Next week' }),
  ];
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box?.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  // Another week: "This week" takes the current week's place, and the header is still one row.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('banner').locator('[data-live-label]')).toContainText('Not live');
  const thisWeek = page.getByRole('button', { name: 'This week' });
  expect((await thisWeek.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(64);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
});

test('a week link opens, and reloads to, that week; a week the year lacks is clamped', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create(), '/?year=2026&week=53');
  await expect(page.getByRole('heading', { name: /^Monday/ })).toHaveText('Monday 28');
  await page.reload();
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2026');
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue('53');
  await expect(page).toHaveTitle('Week 53, 2026 · Trolleyboard');

  await page.goto('/collect?year=2025&week=53');
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue('52');
  await page.goto('/?year=nonsense&week=');
  const today = currentIsoWeek(localCalendarDate(new Date()));
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue(String(today.week));
});
