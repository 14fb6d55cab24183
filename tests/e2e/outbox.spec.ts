import type { Page, Route } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import {
  boardPath,
  column,
  line,
  LIVE_MS,
  logOutFromOpenMenu,
  openLiveBoard,
  ownWeek,
  secondDevice,
  statusButton,
  openMenu,
} from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import type { IsoWeek } from '../../src/domain/weeks';

// Changes made offline wait on the device, say so, and are sent in order when the connection
// returns, never overwriting someone else's change; a create sent twice makes one order
// (docs/decisions/047). Each test has a week of next year to itself (ownWeek).

const choose = async (page: Page, orderLine: ReturnType<typeof line>, status: string) => {
  await statusButton(orderLine).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: status, exact: true }).click();
};
const notSent = (page: Page) => page.getByRole('banner').getByRole('button', { name: /changes? not sent$/ });

async function twoOrders(week: { year: number; week: number }, owner: Parameters<typeof api>[0]) {
  const tasks = (await api(owner)).collection('tasks');
  const base = { day: 'wednesday', customerType: 'retail', other: 'none', year: week.year, weekNumber: week.week };
  const first = await tasks.create({ ...base, title: `First ${unique()}`, orderNumber: 'SO-1' });
  const second = await tasks.create({ ...base, title: `Second ${unique()}`, orderNumber: 'SO-2' });
  return { tasks, first, second };
}

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/** Alice's board of `week` with two orders, and her teammate Bob's board of it on another device. */
async function twoDevices(week: IsoWeek, { page, browser, accounts, signIn }: Pick<Fixtures, 'page' | 'browser' | 'accounts' | 'signIn'>) {
  const alice = await accounts.create();
  const bob = await accounts.create({ nursery: alice.nursery });
  const orders = await twoOrders(week, alice);
  await signIn(page, alice);
  await openLiveBoard(page, week);
  return { ...orders, other: await secondDevice(browser, bob, signIn, week) };
}

test('two statuses changed offline are listed as not sent, then saved in order and seen on another device', async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const { tasks, first, second, other } = await twoDevices(ownWeek(40), { page, browser, accounts, signIn });

  await page.context().setOffline(true);
  await choose(page, line(page, 'Wednesday', first.title), 'Pulled');
  await choose(page, line(page, 'Wednesday', second.title), 'Loaded');

  await expect(notSent(page)).toHaveText('2 changes not sent');
  await expect(line(page, 'Wednesday', first.title).getByText('Not sent')).toBeVisible();
  await expect(statusButton(line(page, 'Wednesday', second.title))).toHaveAccessibleName('Status: Loaded');
  await notSent(page).click();
  const list = page.getByRole('dialog', { name: '2 changes not sent' }).getByRole('list', { name: 'Changes not sent' });
  await expect(list.getByRole('listitem')).toHaveText([
    new RegExp(`^Status: Pulled · ${first.title} · SO-1 · \\d\\d:\\d\\d`),
    new RegExp(`^Status: Loaded · ${second.title} · SO-2 · \\d\\d:\\d\\d`),
  ]);
  // Kept on the device, so a reload keeps them; the server has neither yet.
  expect(await page.evaluate("JSON.parse(window.localStorage.getItem('trolleyboard_outbox') ?? '[]').length")).toBe(2);
  expect((await tasks.getOne(first.id)).status).toBe('');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.context().setOffline(false);
  await expect(notSent(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(statusButton(line(other.page, 'Wednesday', first.title))).toHaveAccessibleName('Status: Pulled', { timeout: LIVE_MS });
  await expect(statusButton(line(other.page, 'Wednesday', second.title))).toHaveAccessibleName('Status: Loaded', { timeout: LIVE_MS });
  const [a, b] = await Promise.all([tasks.getOne(first.id), tasks.getOne(second.id)]);
  expect([a.status, b.status]).toEqual(['pulled', 'loaded']);
  // Sent in the order they were made.
  expect(a.updated < b.updated).toBe(true);
  await expect(line(page, 'Wednesday', first.title).getByText('Not sent')).toHaveCount(0);
  await other.close();
});

test('a change someone else made meanwhile brings the conflict dialogue instead of an overwrite', async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const { tasks, first, other } = await twoDevices(ownWeek(41), { page, browser, accounts, signIn });

  await page.context().setOffline(true);
  await choose(page, line(page, 'Wednesday', first.title), 'Pulled');
  await expect(notSent(page)).toHaveText('1 change not sent');
  await choose(other.page, line(other.page, 'Wednesday', first.title), 'Working');
  await expect.poll(async () => (await tasks.getOne(first.id)).status).toBe('working');

  await page.context().setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this order' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('Status changed from None to Working.');
  expect((await tasks.getOne(first.id)).status).toBe('working');
  await dialog.getByRole('button', { name: 'Discard my change' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notSent(page)).toHaveCount(0);
  await expect(statusButton(line(page, 'Wednesday', first.title))).toHaveAccessibleName('Status: Working');
  expect((await tasks.getOne(first.id)).status).toBe('working');
  await other.close();
});

test('a new order whose answer was lost is sent again and exists once', async ({ page, accounts, signIn }) => {
  const alice = await accounts.create();
  const week = ownWeek(42);
  const title = `Dropped answer ${unique()}`;
  await signIn(page, alice);
  await openLiveBoard(page, week);

  // The first send reaches the server, but its answer never comes back.
  let dropped = 0;
  await page.route('**/api/collections/tasks/records', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto(`/createCustomer?year=${week.year}&week=${week.week}&day=friday`);
  await page.getByRole('form', { name: 'Order' }).getByLabel('Customer name', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(boardPath(week));
  await expect(line(page, 'Friday', title)).toBeVisible({ timeout: 15_000 });
  await expect(notSent(page)).toHaveCount(0);
  expect(dropped).toBe(1);
  const stored = await (await api(alice)).collection('tasks').getFullList({ filter: `title = "${title}"` });
  expect(stored).toHaveLength(1);
});

test('a status whose request fails on the way is kept; logout warns that it will be lost, then clears it', async ({
  page,
  accounts,
  signIn,
}) => {
  const alice = await accounts.create();
  const week = ownWeek(43);
  const { tasks, first } = await twoOrders(week, alice);
  await signIn(page, alice);
  await openLiveBoard(page, week);

  // Online, but every change is lost on the way (the yard's Wi-Fi behind the polytunnels).
  let tries = 0;
  await page.route(`**/api/collections/tasks/records/${first.id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    tries += 1;
    await route.abort('connectionreset');
  });
  await choose(page, line(page, 'Wednesday', first.title), 'Pulled');
  await expect(notSent(page)).toHaveText('1 change not sent');
  await expect(line(page, 'Wednesday', first.title).getByText('Not sent')).toBeVisible();
  // Retried with backoff, never shown as saved.
  await expect.poll(() => tries, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(notSent(page)).toHaveText('1 change not sent');

  const warnings: string[] = [];
  page.on('dialog', (dialog) => {
    warnings.push(dialog.message());
    void (warnings.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  await openMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  expect(warnings).toEqual(['1 change not sent will be lost. Sign out anyway?']);
  await expect(notSent(page)).toHaveText('1 change not sent');

  // Still signed in, the menu still open: this time they accept.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' })).toBeVisible();
  await logOutFromOpenMenu(page);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(warnings).toHaveLength(2);
  expect(await page.evaluate("window.localStorage.getItem('trolleyboard_outbox')")).toBeNull();
  expect((await tasks.getOne(first.id)).status).toBe('');
});

test('an edit saved offline says "Not sent yet", never "updated", and is saved when the connection returns', async ({
  page,
  accounts,
  signIn,
}) => {
  const alice = await accounts.create();
  const { tasks, first } = await twoOrders(ownWeek(44), alice);
  await signIn(page, alice);
  // The customer book the form reads is still on its way when the Wi-Fi drops: Save must not wait
  // for it, as the server links the customer when the change arrives.
  const isBook = (url: URL) => url.pathname === '/api/collections/customers/records';
  let book: Route | undefined;
  await page.route(isBook, (route) => {
    book = route;
  });
  await page.goto(`/edit/${first.id}`);
  const form = page.getByRole('form', { name: 'Order' });
  // A whole page load (the page, its code, the order): 10 s once at a load average of 15.
  await expect(form.getByLabel('Trolleys', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => book !== undefined).toBe(true);

  await page.context().setOffline(true);
  await book!.abort('internetdisconnected');
  // A route turns Chromium's cache off; the board's code comes from it when Save goes back there.
  await page.unroute(isBook);
  await form.getByLabel('Trolleys', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Not sent yet: your change to ${first.title} will be sent when the connection returns.`)).toBeVisible();
  await expect(page.getByText('Order updated successfully!')).toHaveCount(0);
  await expect(notSent(page)).toHaveText('1 change not sent');
  expect((await tasks.getOne(first.id)).trollies).toBe('');

  await page.context().setOffline(false);
  await expect(notSent(page)).toHaveCount(0, { timeout: 15_000 });
  expect((await tasks.getOne(first.id)).trollies).toBe('7');
});

test("the Wi-Fi dropping before the board's extras are fetched leaves the week standing; they come when it returns", async ({
  page,
  accounts,
  signIn,
}) => {
  const alice = await accounts.create();
  const week = ownWeek(45);
  const { first, second } = await twoOrders(week, alice);
  await (await api(alice)).collection('vehicles').create({ name: `Lorry ${unique()}`, vehicleType: 'lorry', trolleyNumber: 12 });
  // No service worker here, as on a plain-HTTP yard address: the day's capacity and the toasts load
  // after the first paint, from the network or not at all. (The hash's length keeps toaster-action out.)
  const isExtra = (url: URL) => /\/assets\/(day-capacity|toaster)-[\w-]{8}\.js$/.test(url.pathname);
  const refused = new Set<string>();
  await page.route(isExtra, async (route) => {
    refused.add(
      new URL(route.request().url()).pathname
        .split('/')
        .pop()!
        .replace(/-[\w-]{8}\.js$/, ''),
    );
    await route.abort('internetdisconnected');
  });
  await signIn(page, alice, boardPath(week));
  await expect(line(page, 'Wednesday', first.title)).toBeVisible();
  await expect(line(page, 'Wednesday', second.title)).toBeVisible();
  await expect.poll(() => [...refused].sort()).toEqual(['day-capacity', 'toaster']);
  await expect(page.getByText(/could not be shown/)).toHaveCount(0);
  await expect(line(page, 'Wednesday', second.title)).toBeVisible();
  await expect(page.getByTestId('day-capacity')).toHaveCount(0);

  await page.unroute(isExtra);
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(column(page, 'Wednesday').getByTestId('day-capacity')).toHaveText('Fleet: 0 / 12 trolleys', { timeout: 15_000 });
  // The toast raised while the toaster could not load is shown once it has.
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText(/could not be shown/)).toHaveCount(0);
});

test('a new order made offline is on the board in its day, marked "Not sent", and becomes the real line once sent', async ({
  page,
  browser,
  accounts,
  signIn,
}) => {
  const alice = await accounts.create();
  const bob = await accounts.create({ nursery: alice.nursery });
  const week = ownWeek(19);
  const title = `Made offline ${unique()}`;
  const tasks = (await api(alice)).collection('tasks');
  await signIn(page, alice);
  await openLiveBoard(page, week);
  const other = await secondDevice(browser, bob, signIn, week);

  await page.getByRole('link', { name: /^Add order on Friday/ }).click();
  const form = page.getByRole('form', { name: 'Order' });
  await form.getByLabel('Customer name', { exact: true }).fill(title);
  await form.getByLabel('Order number', { exact: true }).fill('SO-9');
  // The Wi-Fi drops out as Save is pressed.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(boardPath(week));
  const queued = line(page, 'Friday', title);
  await expect(queued).toHaveCount(1);
  await expect(queued.getByText('Not sent')).toBeVisible();
  await expect(notSent(page)).toHaveText('1 change not sent');
  expect(await tasks.getFullList({ filter: `title = "${title}"` })).toHaveLength(0);
  await expect(line(other.page, 'Friday', title)).toHaveCount(0);
  const id = await queued.getAttribute('data-order-id');
  expect(id).toMatch(/^[a-z0-9]{15}$/);

  // From here until the end, the most lines of this order the board ever shows at once.
  // (Page script as text: the tests are compiled without the browser's types.)
  await page.evaluate(`{
    const lines = () => document.querySelectorAll('li[data-order-id="${id}"]').length;
    window.linesSeen = { most: lines() };
    new MutationObserver(() => (window.linesSeen.most = Math.max(window.linesSeen.most, lines())))
      .observe(document.body, { childList: true, subtree: true });
  }`);

  await page.context().setOffline(false);
  await expect(notSent(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(queued.getByText('Not sent')).toHaveCount(0);
  await expect(line(other.page, 'Friday', title)).toBeVisible({ timeout: LIVE_MS });
  const stored = await tasks.getFullList({ filter: `title = "${title}"` });
  expect(stored.map((order) => [order.id, order.orderNumber])).toEqual([[id, 'SO-9']]);
  // The saved order's line, where the queued one was: one line, the same order.
  await expect(line(page, 'Friday', title)).toHaveCount(1);
  await expect(line(page, 'Friday', title)).toHaveAttribute('data-order-id', id ?? '');
  expect(await page.evaluate('window.linesSeen.most')).toBe(1);
  await other.close();
});
