import type { CDPSession, Locator, Page } from '@playwright/test';
import { datesOfIsoWeek } from '../../src/domain/weeks';
import { api, unique } from '../support/e2e-api';
import { boardPath, column, line, ownWeek, SCREENS, statusButton, toast } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { computedStyle } from '../support/computed-style';
import { pressUntilAnnounced } from '../support/dnd-keys';

// Move and copy (docs/product.md#weekly-board, #edit-order): an order is dragged to another day,
// with a mouse, by touch (a 250 ms press, so a swipe still scrolls) or with the keyboard, and saved
// with the version the board showed; Undo moves it back. "Duplicate" on the edit page copies an
// order to another day or week, with no status.

/** What drag and drop reads out once an order is picked up (then, at once, the day it is over). */
const pickedUp = (title: string, day: string) => new RegExp(`^(Picked up ${title} from ${day}|${title} is over ${day})\\.$`);

const moveButton = (orderLine: Locator, title: string) => orderLine.getByRole('button', { name: `Move ${title} to another day` });

type Point = { x: number; y: number };

async function center(locator: Locator): Promise<Point> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const fingerAt = (p: Point) => [{ x: p.x, y: p.y, id: 1 }];

/**
 * A finger sliding from `from` to `to` in ten steps, without waiting first: a swipe. It returns
 * once the page has come to rest, momentum included, as a person watches it settle.
 */
async function swipe(page: Page, from: Point, to: Point): Promise<void> {
  await page.evaluate(`window.scrollsEnded = 0; document.addEventListener('scrollend', () => window.scrollsEnded++)`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingerAt(from) });
  await slide(cdp, from, to);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await expect.poll(() => page.evaluate<number>('window.scrollsEnded')).toBeGreaterThan(0);
}

async function slide(cdp: CDPSession, from: Point, to: Point): Promise<void> {
  for (let i = 1; i <= 10; i++) {
    const step = { x: from.x + ((to.x - from.x) * i) / 10, y: from.y + ((to.y - from.y) * i) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingerAt(step) });
  }
}

/**
 * A finger pressed on `item` until drag and drop reads out that it is picked up, then slid to
 * `target` and held there until the target shows it is under the finger, then lifted: what a
 * person does, watching the screen. A busy machine may handle the first slide before the 250 ms
 * press has counted (Chromium runs input before timers), and the press then scrolls instead; the
 * person lifts their finger and presses again, and so does this.
 */
async function pressAndDrag(page: Page, item: Locator, target: Locator, pickedUpText: RegExp): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const announced = page.locator('[id^="DndLiveRegion"]');
  let from: Point = { x: 0, y: 0 };
  await expect(async () => {
    from = await center(item);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingerAt(from) });
    try {
      await expect(announced).toHaveText(pickedUpText, { timeout: 2000 });
    } catch (notPickedUp) {
      // Cancelled rather than lifted, so the press is not also a tap that opens the order.
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
      throw notPickedUp;
    }
  }).toPass();
  const to = await center(target);
  await slide(cdp, from, to);
  await expect(async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingerAt({ x: to.x + 1, y: to.y }) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingerAt(to) });
    await expect(target).toHaveClass(/ring-emerald-600/, { timeout: 1000 });
  }).toPass();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('an order is dragged to another day and saved with the version shown; Undo moves it back', async ({ page, accounts, signIn }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(31 + n);
      const dates = datesOfIsoWeek(week.year, week.week).map((d) => d.day);
      const title = `Dragged ${unique()}`;
      const order = await pb
        .collection('tasks')
        .create({ title, day: 'monday', customerType: 'retail', other: 'none', status: 'pulled', year: week.year, weekNumber: week.week });
      await signIn(page, account, boardPath(week));
      const monday = line(page, 'Monday', title);
      // Drag and drop is ready once each line has its Move button (it loads after the orders).
      await expect(moveButton(monday, title)).toHaveCount(1);

      if (screen.name === 'phone') {
        // A line held for dragging is not also a double-tap zoom or a text selection.
        await expect(monday).toHaveCSS('touch-action', 'manipulation');
        // A quick swipe scrolls the page and moves nothing.
        const start = await center(monday);
        await swipe(page, start, { x: start.x, y: start.y - 200 });
        await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
        await expect(line(page, 'Monday', title)).toHaveCount(1);
        await page.evaluate('window.scrollTo(0, 0)');
        // Pressed for 250 ms, then dragged onto Friday in the strip under the header.
        const strip = page.getByRole('navigation', { name: 'Days of the week' });
        const fridayInStrip = strip.getByRole('button', { name: new RegExp(`^Friday ${dates[4]}`) });
        await pressAndDrag(page, line(page, 'Monday', title), fridayInStrip, pickedUp(title, 'Monday'));
        await expect(line(page, 'Friday', title)).toHaveCount(1);
        await expect(toast(page, `${title} moved to Friday.`)).toBeVisible();
        // Screen readers hear it too, from drag and drop's own live region.
        await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(`${title} moved to Friday.`);
      } else {
        const from = await center(monday);
        const to = await center(column(page, 'Friday').getByRole('heading'));
        const { backgroundColor: unshaded } = await computedStyle(monday, ['backgroundColor']);
        await page.mouse.move(from.x, from.y);
        // The line under the mouse is shaded.
        await expect(monday).not.toHaveCSS('background-color', unshaded);
        await page.mouse.down();
        await page.mouse.move(from.x + 10, from.y, { steps: 2 });
        await page.mouse.move(to.x, to.y + 60, { steps: 10 });
        await expect(column(page, 'Friday')).toHaveClass(/ring-emerald-600/);
        // The line being dragged fades where it was.
        await expect(monday).toHaveCSS('opacity', '0.4');
        await page.mouse.up();
        await expect(line(page, 'Friday', title)).toHaveCount(1);
        // Dropping did not also open the order.
        await expect(page).toHaveURL(boardPath(week));
      }
      await expect(line(page, 'Monday', title)).toHaveCount(0);
      await expect.poll(async () => (await pb.collection('tasks').getOne(order.id)).day).toBe('friday');
      // Only the day changed.
      await expect(statusButton(line(page, 'Friday', title))).toHaveAccessibleName('Status: Pulled');

      await toast(page, `${title} moved to Friday.`).getByRole('button', { name: 'Undo' }).click();
      await expect(line(page, 'Monday', title)).toHaveCount(1);
      await expect(toast(page, `${title} is back on Monday.`)).toBeVisible();
      await expect.poll(async () => (await pb.collection('tasks').getOne(order.id)).day).toBe('monday');
    });

    test('the keyboard moves an order from its Move button; Escape cancels; a newer change is never overwritten', async ({
      page,
      accounts,
      signIn,
    }) => {
      // No live updates on this device, so a change made elsewhere stays unseen until it moves the order.
      await page.route('**/api/realtime', (route) => route.abort());
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(37 + n);
      const title = `Keyed ${unique()}`;
      const order = await pb
        .collection('tasks')
        .create({ title, day: 'monday', customerType: 'retail', other: 'none', year: week.year, weekNumber: week.week });
      await signIn(page, account, boardPath(week));
      await expect(moveButton(line(page, 'Monday', title), title)).toHaveCount(1);

      // The line's Move button: Space picks the order up, the arrows choose the day, Space drops it
      // once the day is read out.
      const announced = page.locator('[id^="DndLiveRegion"]');
      const move = moveButton(line(page, 'Monday', title), title);
      await move.focus();
      await expect(move).toBeVisible();
      await page.keyboard.press('Space');
      await expect(announced).toHaveText(pickedUp(title, 'Monday'));
      // One key at a time, each once the day is read out, as a person listening does: dnd-kit
      // counts a key pressed before the last one has moved the order from the same place.
      await pressUntilAnnounced(page, 'ArrowRight', `${title} is over Tuesday.`);
      await pressUntilAnnounced(page, 'ArrowRight', `${title} is over Wednesday.`);
      await pressUntilAnnounced(page, 'ArrowRight', `${title} is over Thursday.`);
      await page.keyboard.press('Space');
      await expect(line(page, 'Thursday', title)).toHaveCount(1);
      await expect.poll(async () => (await pb.collection('tasks').getOne(order.id)).day).toBe('thursday');
      // Escape cancels a keyboard move.
      await moveButton(line(page, 'Thursday', title), title).focus();
      await page.keyboard.press('Space');
      await expect(announced).toHaveText(pickedUp(title, 'Thursday'));
      await pressUntilAnnounced(page, 'ArrowLeft', `${title} is over Wednesday.`);
      await page.keyboard.press('Escape');
      await expect(announced).toHaveText(`Moving cancelled. ${title} stays on Thursday.`);
      await expect(line(page, 'Thursday', title)).toHaveCount(1);
      expect((await pb.collection('tasks').getOne(order.id)).day).toBe('thursday');

      // Someone else changes the order; moving the copy on screen is refused (If-Match) and says so.
      await pb.collection('tasks').update(order.id, { orderInfo: 'Changed in the office' });
      await moveButton(line(page, 'Thursday', title), title).focus();
      await page.keyboard.press('Space');
      await expect(announced).toHaveText(pickedUp(title, 'Thursday'));
      await pressUntilAnnounced(page, 'ArrowRight', `${title} is over Friday.`);
      await page.keyboard.press('Space');
      const refusal = toast(page, `Someone else changed ${title} meanwhile, so it was not moved.`);
      await expect(refusal).toBeVisible();
      await expect(line(page, 'Thursday', title)).toHaveCount(1);
      await expect(line(page, 'Friday', title)).toHaveCount(0);
      expect(await pb.collection('tasks').getOne(order.id)).toMatchObject({ day: 'thursday', orderInfo: 'Changed in the office' });
      // Reload shows the newer copy (its notes), still on Thursday.
      await refusal.getByRole('button', { name: 'Reload' }).click();
      await expect(line(page, 'Thursday', title).getByRole('button', { name: `Order info for ${title}` })).toBeVisible();
    });

    test('drag and drop arriving after the orders keeps the focus and the place on the page', async ({ page, accounts, signIn }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(39 + n);
      const title = `Focused ${unique()}`;
      await pb
        .collection('tasks')
        .create({ title, day: 'thursday', customerType: 'retail', other: 'none', year: week.year, weekNumber: week.week });
      // Drag and drop's code is held back until the person is already at work on the board.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/board-dnd-*.js', async (route) => {
        await released;
        await route.continue();
      });
      await signIn(page, account, boardPath(week));
      const thursday = line(page, 'Thursday', title);
      await statusButton(thursday).focus();
      const scrollY = await page.evaluate<number>('window.scrollY');
      // The board is not drawn again when drag and drop arrives: the same elements stay on the page.
      const elementsBefore = [await thursday.elementHandle(), await column(page, 'Thursday').elementHandle()];
      release();

      await expect(moveButton(thursday, title)).toHaveCount(1);
      await expect(statusButton(thursday)).toBeFocused();
      expect(await page.evaluate<number>('window.scrollY')).toBe(scrollY);
      for (const element of elementsBefore) expect(await element?.evaluate((e) => e.isConnected)).toBe(true);
    });

    test('Duplicate copies an order to another day and week, with no status; the board shows the copy', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(33 + n);
      const next = ownWeek(35 + n);
      const title = `Copied ${unique()}`;
      const order = await pb.collection('tasks').create({
        title,
        day: 'tuesday',
        customerType: 'retail',
        other: 'none',
        status: 'loaded',
        postcode: 'gl7 2qa',
        orderNumber: 'SO-9',
        orderInfo: 'Back gate',
        trollies: '3',
        extras: '1 shelf',
        year: week.year,
        weekNumber: week.week,
      });
      await signIn(page, account, boardPath(week));
      await line(page, 'Tuesday', title)
        .getByRole('link', { name: new RegExp(title) })
        .click();
      await expect(page).toHaveURL(`/edit/${order.id}`);

      await page.getByRole('button', { name: 'Duplicate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate order' });
      await expect(dialog.getByLabel('Day')).toHaveValue('tuesday');
      await expect(dialog.getByLabel('Week number')).toHaveValue(String(week.week));
      await dialog.getByLabel('Day').selectOption({ label: 'Saturday' });
      await dialog.getByLabel('Week number').selectOption(String(next.week));
      await dialog.getByRole('button', { name: 'Duplicate' }).click();

      await expect(page).toHaveURL(boardPath(next));
      await expect(toast(page, `Copy added on Saturday, week ${next.week}.`)).toBeVisible();
      const copy = line(page, 'Saturday', title);
      await expect(copy).toHaveAttribute('data-highlighted', 'true');
      await expect(copy).toBeInViewport();
      await expect(statusButton(copy)).toHaveAccessibleName('Status: None');

      const stored = await pb.collection('tasks').getFullList({ filter: pb.filter('title = {:title}', { title }), sort: 'created' });
      expect(stored).toHaveLength(2);
      const fields = ({ title: t, postcode, orderNumber, orderInfo, trollies, extras, customerType, other }: (typeof stored)[number]) => ({
        t,
        postcode,
        orderNumber,
        orderInfo,
        trollies,
        extras,
        customerType,
        other,
      });
      expect(fields(stored[1]!)).toEqual(fields(stored[0]!));
      expect(stored[1]).toMatchObject({ day: 'saturday', weekNumber: next.week, year: next.year, status: '' });
      expect(stored[0]).toMatchObject({ id: order.id, day: 'tuesday', status: 'loaded' });
    });
  });
}
