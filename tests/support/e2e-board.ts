// What the board journeys share: the two screen sizes they run at, finding a day's column and an
// order's line as a person does, and a second signed-in device on the same board.
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { appEntryScript as entryScriptOf } from '../../src/domain/app-build';
import type { IsoWeek } from '../../src/domain/weeks';
import { expect } from './e2e-fixtures';
import type { Account } from './e2e-fixtures';
import { FUTURE_YEAR } from './open-weeks';

interface Screen {
  name: string;
  use: BrowserContextOptions;
}
const PHONE_SCREEN: Screen = { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } };
const DESKTOP_SCREEN: Screen = { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } };

/** A phone on the yard (touch) and an office desktop. */
export const SCREENS: readonly Screen[] = [PHONE_SCREEN, DESKTOP_SCREEN];

/**
 * The one size of a journey whose steps and checks are the same at every size
 * (docs/decisions/086): the phone, where the yard works, or the desktop for a job done at a desk.
 */
export const ONE_SIZE = { yard: PHONE_SCREEN, desk: DESKTOP_SCREEN } as const;

/**
 * A week of next year (open for new orders) that one board journey has to itself: tests run side
 * by side, and a day's bulk status or a count must not meet another test's orders. Taken so far:
 * board-status 11-18, board-add-order 21-26, board-move 31-40, board-filters 41-44, toasts 45-46, search-notes 47, search-customers 48,
 * standing-orders 49-52, csv-import 27-30, dark-mode 1, outbox 19 and 40-44, order-counts 7-8.
 */
export const ownWeek = (week: number): IsoWeek => ({ year: FUTURE_YEAR, week });

/** Live changes arrive within 2 s (docs/product.md#live-updates). */
export const LIVE_MS = 2000;

export const boardPath = ({ year, week }: IsoWeek) => `/?year=${year}&week=${week}`;
export const column = (page: Page, day: string): Locator => page.getByRole('region', { name: new RegExp(`^${day}`) });
export const line = (page: Page, day: string, title: string): Locator => column(page, day).getByRole('listitem').filter({ hasText: title });
export const statusButton = (orderLine: Locator): Locator => orderLine.getByRole('button', { name: /^Status: / });
/**
 * Where an element is on screen, once it is drawn and has a box (a line may be on its way in,
 * or be re-laid out as the page settles).
 */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await locator.boundingBox())).not.toBeNull();
  return box!;
}
/** A toast (not another live region, such as drag and drop's announcements) showing `text`. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('[data-rht-toaster]').getByRole('status').filter({ hasText: text });

/** Opens a board week and waits until it updates live, so a change elsewhere will show. */
export async function openLiveBoard(page: Page, week: IsoWeek): Promise<void> {
  await page.goto(boardPath(week));
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });
}

/**
 * Shows the main menu (docs/decisions/067) and returns it: on a desktop the side bar is always
 * there; below lg the bottom bar's More opens it.
 */
export async function openMenu(page: Page): Promise<Locator> {
  const more = page.getByRole('navigation', { name: 'Quick' }).getByRole('button', { name: 'More' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(more.or(menu).first()).toBeVisible();
  if (await more.isVisible()) await more.click();
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  return menu;
}

/**
 * Signs out from the menu and waits until the page has reloaded and shows `shown` (the sign-in
 * page's heading unless the screen stays open signed out, as Settings does). Logout shows the
 * sign-in page at once and reloads by itself once the device is cleared: a goto or an evaluate
 * made in between would be cut off by that reload.
 */
export async function logOut(page: Page, shown?: Locator): Promise<void> {
  await openMenu(page);
  await logOutFromOpenMenu(page, shown);
}

/** `logOut` with the menu already open (after a first Logout was cancelled). */
export async function logOutFromOpenMenu(page: Page, shown = page.getByRole('heading', { name: 'Welcome' })): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await expect(shown).toBeVisible();
}

/** Another device (its own browser context) signed in as `account`, showing the same board live. */
export async function secondDevice(
  browser: Browser,
  account: Pick<Account, 'username' | 'password'>,
  signIn: (page: Page, account: Pick<Account, 'username' | 'password'>) => Promise<void>,
  week: IsoWeek,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account);
  await openLiveBoard(page, week);
  return { page, close: () => context.close() };
}

/** The address of the app's entry script in index.html, for a journey that holds it back as slow Wi-Fi would. */
export async function appEntryScript(baseURL: string | undefined): Promise<string> {
  const entry = entryScriptOf(await (await fetch(`${baseURL}/`)).text());
  expect(entry, 'index.html names its entry script').toBeTruthy();
  return entry;
}

/** Holds the app's entry script back until `release` is called: the page shows what it has without the app. */
export async function holdBackAppEntry(page: Page, baseURL: string | undefined): Promise<{ release: () => void }> {
  const entry = await appEntryScript(baseURL);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
