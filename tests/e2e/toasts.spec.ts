import type { Locator, Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { boardPath, line, ownWeek, SCREENS, statusButton, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Toasts never pile up (docs/product.md#messages): at most three at once, a message already
// showing is not shown again, map mode's "Order Added"/"Order Removed" replace each other, and a
// toast never covers the map-mode buttons nor stops a tap on the order under it.

/** The toasts a person sees (one on its way out is hidden from the accessibility tree). */
const toasts = (page: Page) => page.locator('[data-rht-toaster]').getByRole('status');

/**
 * Stops the page's clock: toasts stay until it moves, so how many are on screen never depends on
 * how fast a busy machine clicks. Network answers still arrive.
 */
async function holdToasts(page: Page): Promise<void> {
  // The toasts' container is loaded on its own after the board: with the clock paused before it
  // is in place, it may never mount (its loading waits on the page's timers).
  await expect(page.locator('[data-rht-toaster]')).toBeAttached();
  // The page's clock runs on while the pause is sent, so on a busy machine a point just ahead of
  // it can be behind it by the time it arrives ("Cannot fast-forward to the past"): aim further.
  for (let ahead = 100; ; ahead *= 4) {
    const at = (await page.evaluate<number>('Date.now()')) + ahead;
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (err) {
      if (ahead > 10_000 || !String(err).includes('to the past')) throw err;
    }
  }
}

async function turnOnMapMode(page: Page, isPhone: boolean): Promise<void> {
  if (isPhone) {
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Map' }).click();
  } else {
    await page.getByRole('button', { name: 'Map', exact: true }).click();
  }
  await expect(page.getByText('Choosing orders for a run — tap orders, then Create Run.')).toBeVisible();
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('map mode: one selection toast at a time, clear of the map-mode buttons, and taps go through it', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(45 + n);
      const tag = unique();
      // Enough orders that some lie under the toasts at the bottom of the screen; on Thursday,
      // whose column on a desktop lies under the toasts' place, the middle of the screen.
      const titles = Array.from({ length: 24 }, (_, i) => `Tap ${tag} ${String.fromCharCode(65 + i)}`);
      for (const title of titles)
        await pb
          .collection('tasks')
          .create({ title, day: 'thursday', customerType: 'wholesale', other: 'none', year: week.year, weekNumber: week.week });
      await page.clock.install();
      // Signed in first and then opened afresh: the sign-in's own toast is not one of this test's.
      await signIn(page, account);
      await page.goto(boardPath(week));
      await expect(line(page, 'Thursday', titles[23]!)).toHaveCount(1);
      await turnOnMapMode(page, screen.name === 'phone');
      await holdToasts(page);

      const choose = (title: string) => line(page, 'Thursday', title).getByRole('button', { name: new RegExp(title) });
      for (const title of titles.slice(0, 5)) await choose(title).click();
      await expect(page.getByText('5 chosen', { exact: true })).toBeVisible();
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toHaveText('Order Added');
      await choose(titles[0]!).click();
      await expect(toasts(page)).toHaveText('Order Removed');
      await expect(toasts(page)).toHaveCount(1);

      // Never over the map-mode buttons in the header.
      const toastBox = await boxOf(toasts(page));
      for (const name of ['Create Run', 'Clear', 'Close map mode'])
        expect(overlaps(await boxOf(page.getByRole('button', { name, exact: true })), toastBox)).toBe(false);

      // A line under the toast still takes the tap: what is under the toast's middle is the line.
      await choose(titles[1]!).click();
      const target = titles[21]!;
      const targetId = await line(page, 'Thursday', target).getAttribute('data-order-id');
      // Run in the page (a string: these tests are type-checked without the DOM's types).
      const hit = await page.evaluate<{ x: number; y: number; under: string | null; isOverToast: boolean } | null>(`(() => {
        const toast = document.querySelector('[data-rht-toaster] [role="status"]');
        const element = document.querySelector('[data-order-id="${targetId}"]');
        if (!toast || !element) return null;
        const t = toast.getBoundingClientRect();
        const l = element.getBoundingClientRect();
        window.scrollBy(0, l.top + l.height / 2 - (t.top + t.height / 2));
        // The middle of where the toast and the line overlap across the screen.
        const x = (Math.max(t.left, l.left) + Math.min(t.right, l.right)) / 2;
        const y = t.top + t.height / 2;
        const under = document.elementFromPoint(x, y)?.closest('[data-order-id]')?.getAttribute('data-order-id') ?? null;
        const isOverToast = toast.getBoundingClientRect().top <= y && y <= toast.getBoundingClientRect().bottom;
        return { x, y, under, isOverToast };
      })()`);
      expect(hit).toMatchObject({ under: targetId, isOverToast: true });
      if (screen.name === 'phone') await page.touchscreen.tap(hit!.x, hit!.y);
      else await page.mouse.click(hit!.x, hit!.y);
      await expect(choose(target)).toHaveAttribute('aria-pressed', 'true');
    });

    test('at most three toasts at once, and a message already showing is not shown twice', async ({ page, accounts, signIn }) => {
      // No live updates: each status below was changed by someone else, unseen, so each is refused.
      await page.route('**/api/realtime', (route) => route.abort());
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(45 + n);
      const tag = unique();
      const titles = Array.from({ length: 4 }, (_, i) => `Refused ${tag} ${i}`);
      const ids: string[] = [];
      for (const title of titles)
        ids.push(
          (
            await pb
              .collection('tasks')
              .create({ title, day: 'friday', customerType: 'retail', other: 'none', year: week.year, weekNumber: week.week })
          ).id,
        );
      await signIn(page, account);
      await page.clock.install();
      await page.goto(boardPath(week));
      await expect(line(page, 'Friday', titles[3]!)).toHaveCount(1);
      await holdToasts(page);
      for (const id of ids) await pb.collection('tasks').update(id, { status: 'working' });

      const setLoaded = async (title: string) => {
        await statusButton(line(page, 'Friday', title)).click();
        await page.getByRole('menu').getByRole('menuitemradio', { name: 'Loaded', exact: true }).click();
        await expect(toasts(page).filter({ hasText: `Someone else changed ${title} meanwhile` })).toBeVisible();
      };
      for (const title of titles) await setLoaded(title);
      // The oldest made way for the fourth.
      await expect(toasts(page)).toHaveCount(3);
      await expect(toasts(page).filter({ hasText: titles[0]! })).toHaveCount(0);

      // The same refusal again: still one toast saying it.
      await setLoaded(titles[3]!);
      await expect(toasts(page).filter({ hasText: titles[3]! })).toHaveCount(1);
      await expect(toasts(page)).toHaveCount(3);
    });
  });
}
