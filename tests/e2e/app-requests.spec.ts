import type { Page, Request } from '@playwright/test';
import { dayNumbersOfIsoWeek } from '../../src/domain/weeks';
import { paths } from '../../src/web/lib/paths';
import { addOrder, api, unique } from '../support/e2e-api';
import { e2eBaseUrl } from '../support/e2e-env';
import { test, expect } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';

// The app's own requests get no errors in normal use (docs/decisions/058): an admin of a fresh
// nursery opens every screen of the route table, as a new user would, and does there what a new
// user does first; every 4xx or 5xx answer the app's own requests get is recorded. The screens
// come from paths.ts: a new path without a line in `visits` below fails the compile and this test.

/** Answers the journey asks for on purpose, as "METHOD /path STATUS": none so far. */
const CAUSED_ON_PURPOSE: readonly string[] = [];

/** Longer than any search text the server takes (docs/decisions/010), shorter than a customer name may be (200). */
const LONG_NAME = `Long Acre Garden Centre and Plant Nursery of the Weald ${'and Marsh '.repeat(10)}`.trim();

type Visit = { path: string; then?: (page: Page) => Promise<void> } | { skip: string };

interface Made {
  customer: { id: string; name: string };
  order: string;
  run: { id: string; name: string };
  week: { year: number; week: number };
}

const orderField = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

/** Types a long customer name into the order form, as someone would for a customer with a long name. */
async function typeLongName(page: Page): Promise<void> {
  const name = orderField(page, 'Customer name');
  await name.fill(LONG_NAME);
  await expect(name).toHaveValue(LONG_NAME);
}

async function openDialog(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
}

/** What a signed-in admin opens at each path of the route table, or why the journey does not. */
function visits(made: Made): Record<keyof typeof paths, Visit> {
  const { year, week } = made.week;
  const monday = dayNumbersOfIsoWeek(year, week)[0] ?? 1;
  const pattern = { skip: 'a pattern of the router; its addresses are visited through the path that makes them' };
  const signedOutOnly = { skip: 'for someone signed out: a signed-in person is sent to the board' };
  const fromMail = { skip: 'a link from a mail, with a token the server made' };
  return {
    board: { path: `${paths.board}?year=${year}&week=${week}` },
    collect: { path: paths.collect },
    holding: { path: paths.holding },
    runs: { path: paths.runs, then: (page) => openLabels(page, `Labels for ${made.run.name}`) },
    runView: { path: paths.runView(made.run.id) },
    runViewPattern: pattern,
    search: {
      path: paths.search,
      then: async (page) => {
        // Longer than the server searches for: the box takes what it can search.
        await page.getByRole('searchbox').fill(LONG_NAME);
        await settled(page);
        await page.getByRole('searchbox').fill(made.customer.name);
      },
    },
    deleted: { path: paths.deleted },
    settings: { path: paths.settings },
    team: { path: paths.team },
    customers: {
      path: paths.customers,
      then: async (page) => {
        await openDialog(page, `Trolleys of ${made.customer.name}`);
        await openDialog(page, `Statement of ${made.customer.name}`);
        await openDialog(page, `Standing orders of ${made.customer.name}`);
      },
    },
    customerInBook: { path: paths.customerInBook(made.customer.id, made.customer.name) },
    linkOrders: { path: paths.linkOrders },
    poolStatement: { path: paths.poolStatement },
    fleet: { path: paths.fleet },
    plantLabels: {
      path: paths.plantLabels,
      then: async (page) => {
        await page.getByLabel('Plant names, one a line').fill('Lavandula angustifolia\nBuxus sempervirens 2L');
        await page.getByRole('button', { name: 'Check plants' }).click();
        await page.getByRole('list', { name: 'Checked plants' }).getByRole('listitem').nth(1).waitFor();
      },
    },
    invite: fromMail,
    invitePattern: pattern,
    driverPattern: { skip: "a driver's page, opened without signing in (tests/e2e/driver-link.spec.ts)" },
    changePassword: { path: paths.changePassword },
    noNursery: { skip: 'for someone without a nursery; an admin has one' },
    createOrder: { path: paths.createOrder, then: typeLongName },
    editOrder: { path: paths.editOrder(made.order), then: typeLongName },
    editOrderPattern: pattern,
    pickSheet: { path: paths.pickSheet(year, week, 'monday', monday) },
    pickSheetPattern: pattern,
    trolleyMapper: { path: paths.trolleyMapper },
    acceptTerms: { skip: 'for someone who has not accepted the terms yet; the admin has' },
    terms: { path: paths.terms },
    privacy: { path: paths.privacy },
    forgotPassword: { path: paths.forgotPassword },
    confirmPasswordReset: fromMail,
    confirmPasswordResetPattern: pattern,
    resetPassword: fromMail,
    confirmVerification: fromMail,
    confirmVerificationPattern: pattern,
    confirmEmailChange: fromMail,
    confirmEmailChangePattern: pattern,
    resendVerification: signedOutOnly,
    adminRedirect: signedOutOnly,
    login: signedOutOnly,
  };
}

/** The run's labels menu opens and closes again (it reads the run's stops). */
async function openLabels(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await settled(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

/** The app's requests still waiting for an answer, but for the live stream, which stays open. */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  const open = new Set<Request>();
  inFlight.set(page, open);
  const isStream = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/realtime';
  page.on('request', (request) => {
    if (!isStream(request)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}

/**
 * Waits until nothing the page asked for is still on its way, and still nothing once the page has
 * drawn two more frames (a screen asks for its data in an effect after it has drawn).
 */
async function settled(page: Page): Promise<void> {
  const open = inFlight.get(page);
  for (let quiet = 0; quiet < 2;) {
    await expect.poll(() => open?.size ?? 0, { message: 'requests still on their way' }).toBe(0);
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    quiet = open?.size === 0 ? quiet + 1 : 0;
  }
}

test('every screen an admin of a fresh nursery opens gets no error answer to the app’s own requests', async ({
  page,
  accounts,
  signIn,
}) => {
  test.setTimeout(120_000);
  const admin = await accounts.create();
  const pb = await api(admin);
  const u = unique();
  const week = nextIsoWeek();
  const customer = await pb.collection('customers').create({ name: `Greenfields ${u}`, postcode: 'TN12 6AB', customerType: 'wholesale' });
  const order = await addOrder(pb, {
    title: customer.name as string,
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    year: week.year,
    weekNumber: week.week,
  });
  const run = await pb.collection('trolley_exports').create({
    name: `23-11-2026-Sam-TR41 LER ${u}`,
    data: [{ id: 'stop-a', title: customer.name, postcode: 'tn126ab', trollies: '3', extras: '', orderNumber: '' }],
    vehicleInfo: { driver: 'Sam', reg: 'TR41 LER', code: 'K9', date: '2026-11-23', vehicleType: 'trailer', trolleyNumber: 7, grid: [] },
  });
  const made: Made = {
    customer: { id: customer.id, name: customer.name as string },
    order: order.id,
    run: { id: run.id, name: run.name as string },
    week,
  };

  const errors: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(e2eBaseUrl).origin || response.status() < 400) return;
    errors.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  trackRequests(page);

  await signIn(page, admin);
  const table = visits(made);
  // At runtime too: a path added to paths.ts while this file is not compiled is not missed.
  expect(Object.keys(table).sort()).toEqual(Object.keys(paths).sort());
  for (const [name, visit] of Object.entries(table)) {
    if ('skip' in visit) continue;
    await test.step(`${name}: ${visit.path}`, async () => {
      await page.goto(visit.path);
      await expect(page.locator('h1').first()).toBeAttached();
      await settled(page);
      if (visit.then) {
        await visit.then(page);
        await settled(page);
      }
    });
  }

  expect(errors).toEqual(CAUSED_ON_PURPOSE);
});

test('a new user opening the app in two tabs at once gets one settings record, and no error', async ({ context, accounts, signIn }) => {
  const account = await accounts.create();
  const first = await context.newPage();
  const second = await context.newPage();
  const errors: string[] = [];
  const settingsPath = '/api/collections/user_settings/records';
  for (const page of [first, second])
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() >= 400)
        errors.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    });
  // The first tab's record is still being made when the second tab has read that there is none:
  // its making is held back until then.
  let secondHasRead = () => {};
  const secondRead = new Promise<void>((resolve) => (secondHasRead = resolve));
  second.on('response', (response) => {
    if (response.request().method() === 'GET' && new URL(response.url()).pathname === settingsPath) secondHasRead();
  });
  await first.route(`**${settingsPath}`, async (route) => {
    if (route.request().method() === 'POST') await secondRead;
    await route.continue();
  });

  await signIn(first, account);
  await second.goto(paths.board);
  for (const page of [first, second]) await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });
  const pb = await api(account);
  await expect.poll(async () => (await pb.collection('user_settings').getFullList()).length).toBe(1);
  expect(errors).toEqual([]);
});
