import { api, unique } from '../support/e2e-api';
import { holdBackAppEntry, logOut } from '../support/e2e-board';
import { FUTURE_YEAR } from '../support/open-weeks';
import { test, expect } from '../support/e2e-fixtures';

// A repeat visit shows the week as it was last on screen before the app's script has run: the
// inline boot script puts the kept board into the page, marked with its age, and the app's first
// render takes it over (docs/decisions/051).

const KEPT_BOARD_KEY = 'trolleyboard_kept_board';
/** The kept board's text ('' when none); a string to evaluate: the tests' TypeScript has no DOM types. */
const KEPT_BOARD = `window.localStorage.getItem('${KEPT_BOARD_KEY}') ?? ''`;
/** Only the kept markup: the entry also holds the week's orders, for the app's first render. */
const KEPT_MARKUP = `JSON.parse(window.localStorage.getItem('${KEPT_BOARD_KEY}') ?? '{}').html ?? ''`;

test('a repeat visit shows the kept week before the app has loaded, then the app takes it over', async ({
  page,
  accounts,
  signIn,
  baseURL,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const title = `Kept line ${unique()}`;
  const order = await pb
    .collection('tasks')
    .create({ title, year: FUTURE_YEAR, weekNumber: 50, day: 'tuesday', customerType: 'retail', other: 'none' });
  await signIn(page, account);
  const board = `/?year=${FUTURE_YEAR}&week=50`;
  await page.goto(board);
  const tuesday = page.getByRole('region', { name: /^Tuesday/ });
  await expect(tuesday.getByText(title)).toBeVisible();
  // Kept once the browser has had a moment after the orders showed.
  await expect.poll(() => page.evaluate<string>(KEPT_BOARD)).toContain(title);

  // The app's entry script is held back until the kept board has been seen.
  const { release } = await holdBackAppEntry(page, baseURL);

  await page.goto(board, { waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(root).toHaveAttribute('data-kept-board', '');
  await expect(tuesday.getByText(title)).toBeVisible();
  await expect(page.getByText(/^On this device · as of \d\d:\d\d$/)).toBeVisible();
  // The header's week picker shows the week kept, not its first option.
  await expect(page.locator('#root select option:checked', { hasText: /^Week 50$/ })).toHaveCount(1);

  release();
  await expect(root).not.toHaveAttribute('data-kept-board');
  // One line, the app's own: its status button opens the status menu.
  await expect(page.locator(`[data-order-id="${order.id}"]`)).toHaveCount(1);
  await tuesday.getByRole('button', { name: /^Status: / }).click();
  await expect(page.getByRole('menu', { name: `Status of ${title}` })).toBeVisible();
});

test('the board kept on the device belongs to the person signed in: signing out removes it', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const title = `Private line ${unique()}`;
  await pb.collection('tasks').create({ title, year: FUTURE_YEAR, weekNumber: 50, day: 'monday', customerType: 'retail', other: 'none' });
  await signIn(page, account);
  await page.goto(`/?year=${FUTURE_YEAR}&week=50`);
  await expect(page.getByText(title)).toBeVisible();
  await expect.poll(() => page.evaluate<string>(KEPT_BOARD)).toContain(title);

  await logOut(page);
  expect(await page.evaluate<string>(KEPT_BOARD)).toBe('');
});

test('only the first screen of the board is kept: lines further down are drawn by the app', async ({ page, accounts, signIn, baseURL }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  // More lines on Monday than any screen holds: the first is at the top, the last far below.
  const titles = Array.from({ length: 40 }, (_, i) => `Long Monday ${String(i + 1).padStart(2, '0')} ${tag}`);
  for (const title of titles)
    await pb.collection('tasks').create({ title, year: FUTURE_YEAR, weekNumber: 50, day: 'monday', customerType: 'retail', other: 'none' });
  const [first, last] = [titles[0] ?? '', titles.at(-1) ?? ''];
  await signIn(page, account);
  const board = `/?year=${FUTURE_YEAR}&week=50`;
  await page.goto(board);
  const monday = page.getByRole('region', { name: /^Monday/ });
  await expect(monday.getByText(last)).toBeAttached();
  await expect.poll(() => page.evaluate<string>(KEPT_MARKUP)).toContain(first);
  expect((await page.evaluate<string>(KEPT_MARKUP)).includes(last), 'a line two screens down is not kept').toBe(false);
  const drawnHeight = await page.evaluate<number>('document.documentElement.scrollHeight');

  const { release } = await holdBackAppEntry(page, baseURL);
  await page.goto(board, { waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(root).toHaveAttribute('data-kept-board', '');
  await expect(monday.getByText(first)).toBeVisible();
  await expect(monday.getByText(last)).toHaveCount(0);
  // The kept page is as long as the app draws it: nothing below moves when the app takes over.
  expect(Math.abs((await page.evaluate<number>('document.documentElement.scrollHeight')) - drawnHeight)).toBeLessThan(60);

  release();
  await expect(root).not.toHaveAttribute('data-kept-board');
  await expect(monday.getByText(last)).toBeAttached();
  await expect(page.locator('[data-order-id]')).toHaveCount(titles.length);
  // The height the copy held its lists at is gone with it: a list that shrinks later has no gap.
  await expect(page.locator('#root ul[style*="min-height"]')).toHaveCount(0);
});

test('the kept week says its age until the fresh week arrives, even once the live stream is connected', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const title = `Aged line ${unique()}`;
  await pb
    .collection('tasks')
    .create({ title, year: FUTURE_YEAR, weekNumber: 50, day: 'wednesday', customerType: 'retail', other: 'none' });
  await signIn(page, account);
  const board = `/?year=${FUTURE_YEAR}&week=50`;
  await page.goto(board);
  const wednesday = page.getByRole('region', { name: /^Wednesday/ });
  await expect(wednesday.getByText(title)).toBeVisible();
  await expect.poll(() => page.evaluate<string>(KEPT_BOARD)).toContain(title);

  // The week's orders (the boot script's request and the app's own) are held back; everything
  // else, the live stream and its subscriptions among them, goes through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/collections/tasks/records?**', async (route) => {
    await released;
    await route.continue();
  });
  // The header's label as each frame shows it: a "Live" between two checks is seen all the same.
  await page.addInitScript(`
    window.__liveLabels = [];
    new MutationObserver(() => {
      const label = document.querySelector('[data-live-label]')?.textContent ?? '';
      if (window.__liveLabels.at(-1) !== label) window.__liveLabels.push(label);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  `);
  const subscribed = page.waitForResponse((r) => r.url().includes('/api/realtime') && r.request().method() === 'POST' && r.ok());
  await page.goto(board, { waitUntil: 'commit' });
  const header = page.locator('[data-live-label]');
  await expect(header).toHaveText(/^On this device · as of \d\d:\d\d$/);
  // The stream is connected and its subscriptions are in place; two frames later the header has drawn what it was told.
  await subscribed;
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  await expect(header).toHaveText(/^On this device · as of \d\d:\d\d$/);
  expect(await page.evaluate<string[]>('window.__liveLabels')).not.toContain('Live');

  release();
  await expect(header).toHaveText('Live');
  await expect(wednesday.getByText(title)).toBeVisible();
});
