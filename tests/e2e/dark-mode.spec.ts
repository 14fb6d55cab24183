import type { Locator, Page } from '@playwright/test';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, column, line, logOut, ownWeek, SCREENS, statusButton, toast } from '../support/e2e-board';
import { axeViolations, looksLike, pageBackgroundLuminance, settled, toastsSteady } from '../support/axe';
import { test, expect, type Account } from '../support/e2e-fixtures';

// Dark mode (docs/decisions/050): the page follows the device's light or dark setting unless
// Settings says otherwise on this device, from its first paint; and the states of screens that
// every-screen.spec.ts does not reach (a status menu, a toast, map mode, the header's offline and
// "not sent" marks, the driver's link, a customer's ledger, the driver's drop form) pass
// axe-core's colour-contrast rule in light and in dark, with nothing to report. The screens
// themselves, their sign-in pages and an order's delete dialog are checked once per visit by
// every-screen.spec.ts, at each size in its theme and with the same background check
// (docs/decisions/086).

const WEEK = ownWeek(1);
const STATUSES = ['', 'working', 'missed', 'pulled', 'loaded'] as const;

type Theme = 'light' | 'dark';

/** axe-core's colour-contrast failures on the page as it is now, one line per element. */
async function contrastViolations(page: Page): Promise<string[]> {
  await settled(page);
  return (await axeViolations(page, { type: 'rule', values: ['color-contrast'] })).map(
    (found) => `${found.target}: ${found.message} ${found.html.slice(0, 160)}`,
  );
}

/** Checks screen after screen and reports every failure of all of them at the end. */
class ContrastSweep {
  readonly failures: Record<string, string[]> = {};
  readonly checked: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {}

  async check(screen: string, shown: Locator): Promise<void> {
    await expect(shown).toBeVisible({ timeout: 10_000 });
    // Whatever set the theme, the page shows it: the class the palette hangs on.
    await expect(this.page.locator('html')).toHaveClass(this.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // And the page looks it: a dark page behind pale text, or the other way round.
    const background = await pageBackgroundLuminance(this.page);
    expect(
      looksLike(this.theme, background),
      `${screen}: the page's background (luminance ${background.toFixed(3)}) looks ${this.theme}`,
    ).toBe(true);
    await toastsSteady(this.page);
    const found = await contrastViolations(this.page);
    this.checked.push(screen);
    if (found.length > 0) this.failures[screen] = found;
  }

  expectNone(): void {
    expect(this.failures, `colour-contrast failures in ${this.theme} (screens checked: ${this.checked.join(', ')})`).toEqual({});
  }
}

/** A device set to light or dark, with motion reduced so nothing is caught half faded in. */
async function deviceIn(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
}

interface Nursery {
  admin: Account;
  u: string;
  customerName: string;
  runName: string;
}

/**
 * A nursery with something in every state checked: an order of every status and every line colour
 * on Monday (one owing trolleys, so its customer has a ledger), three on Tuesday for a day's bulk
 * status, and a run on its way out.
 */
async function stockedNursery(accounts: { create: () => Promise<Account> }): Promise<Nursery> {
  const admin = await accounts.create();
  const pb = await api(admin);
  const u = unique();
  const customerName = `Contrast Gardens ${u}`;
  const customer = await pb.collection('customers').create({ name: customerName, postcode: 'AB1 2CD', phone: '01234 567890' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 6, shelves: 2 });
  const week = { year: WEEK.year, weekNumber: WEEK.week };
  const types = ['wholesale', 'retail', 'other', 'missed'] as const;
  for (const [i, status] of STATUSES.entries()) {
    await addOrder(pb, {
      title: `${status || 'none'} ${types[i % types.length]} ${u}`,
      day: 'monday',
      customerType: types[i % types.length]!,
      other: 'none',
      status,
      orderNumber: `SO-${i}`,
      postcode: 'AB1 2CD',
      trollies: String(i + 1),
      orderInfo: i === 0 ? 'Back gate' : '',
      ...week,
    });
  }
  const owing = await pb.collection('tasks').create({
    title: customerName,
    customer: customer.id,
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    trollies: '4',
    ...week,
  });
  await addOrder(pb, { title: `Collect ${u}`, day: 'monday', customerType: 'retail', other: 'collect', status: 'pulled', ...week });
  for (const letter of ['A', 'B', 'C']) {
    await addOrder(pb, { title: `Bulk ${letter} ${u}`, day: 'tuesday', customerType: 'wholesale', other: 'none', ...week });
  }
  const runName = `Contrast run ${u}`;
  const run = await pb.collection('trolley_exports').create({
    name: runName,
    data: [{ id: owing.id, title: owing.title, postcode: 'AB1 2CD', trollies: '4', extras: '', orderNumber: 'SO-9' }],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  return { admin, u, customerName, runName };
}

for (const theme of ['light', 'dark'] as const) {
  test(`in ${theme}: the board's menus, toast, map mode and offline marks, the driver's link, a ledger and the drop form have no contrast failures`, async ({
    page,
    browser,
    accounts,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const nursery = await stockedNursery(accounts);
    const { u } = nursery;
    await deviceIn(page, theme);
    const sweep = new ContrastSweep(page, theme);
    await signIn(page, nursery.admin, boardPath(WEEK));

    const monday = column(page, 'Monday');
    await expect(monday.getByRole('listitem')).toHaveCount(7);
    await expect(monday.getByRole('img', { name: /^Owes \d+ trolleys/ })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    await statusButton(line(page, 'Monday', `none wholesale ${u}`)).click();
    await sweep.check('board: a status menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');

    // A toast with a button stays 10 s: long enough to be read, by axe too.
    await column(page, 'Tuesday').getByRole('button', { name: "Set status of Tuesday's orders" }).click();
    await page.getByRole('menu').getByRole('menuitemradio', { name: 'Pulled', exact: true }).click();
    await sweep.check('board: a toast', toast(page, /set to Pulled/).getByRole('button', { name: 'Undo' }));

    // Map mode: the selection's colours, a chosen line and the header's map controls.
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await line(page, 'Monday', `working retail ${u}`)
      .getByRole('button', { name: new RegExp(`working retail ${u}`) })
      .click();
    await line(page, 'Monday', `missed other ${u}`)
      .getByRole('button', { name: new RegExp(`missed other ${u}`) })
      .click();
    await sweep.check('board: map mode, two chosen', page.getByText('2 chosen', { exact: true }));
    await page.getByRole('button', { name: 'Close map mode', exact: true }).click();

    // Offline: the header says so, and a change waits on the device, marked on its line.
    await page.context().setOffline(true);
    await expect(page.getByRole('banner').getByText(/^Offline/)).toBeVisible({ timeout: 15_000 });
    await statusButton(line(page, 'Monday', `none wholesale ${u}`)).click();
    await page.getByRole('menu').getByRole('menuitemradio', { name: 'Working', exact: true }).click();
    await sweep.check('board: offline, a change not sent', line(page, 'Monday', `none wholesale ${u}`).getByText('Not sent'));
    await page.getByRole('banner').getByRole('button', { name: '1 change not sent' }).click();
    await sweep.check('the changes not sent', page.getByRole('dialog', { name: '1 change not sent' }));
    await page.getByRole('button', { name: 'Close' }).click();
    await page.context().setOffline(false);
    await expect(page.getByRole('banner').getByRole('button', { name: /not sent$/ })).toHaveCount(0, { timeout: 15_000 });

    await page.goto('/runs');
    await page.getByRole('button', { name: `Driver link for ${nursery.runName}` }).click();
    const linkDialog = page.getByRole('dialog', { name: `Driver link · ${nursery.runName}` });
    await linkDialog.getByRole('button', { name: "Make a driver's link" }).click();
    await sweep.check("runs: a driver's link", linkDialog.getByRole('img', { name: "QR code of the driver's link" }));
    const shortUrl = (await linkDialog.getByTestId('driver-short-url').textContent()) ?? '';
    await linkDialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/customers');
    const book = page.getByRole('list', { name: 'Customers' });
    await book.getByRole('button', { name: `Trolleys of ${nursery.customerName}` }).click();
    const ledger = page.getByRole('dialog', { name: `Trolleys: ${nursery.customerName}` });
    await sweep.check("a customer's ledger", ledger.getByRole('status'));
    await ledger.getByRole('button', { name: 'Close' }).click();

    // The driver has no account: a phone of its own, in the same light.
    const phone = await browser.newContext({ ...SCREENS[0]!.use });
    const driver = await phone.newPage();
    await deviceIn(driver, theme);
    const driverSweep = new ContrastSweep(driver, theme);
    await driver.goto(new URL(shortUrl).pathname);
    await expect(driver.getByRole('heading', { name: nursery.runName })).toBeVisible();
    await driver.getByRole('button', { name: /^Record drop/ }).click();
    await driver.getByRole('button', { name: 'Delivered', exact: true }).click();
    await driverSweep.check("the driver's drop form", driver.getByLabel('Received by'));
    await phone.close();

    sweep.expectNone();
    driverSweep.expectNone();
  });
}

test('the device decides until Settings does; the choice is applied before the app loads, and stays on this device', async ({
  page,
  accounts,
  signIn,
}) => {
  const isDark = () => page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`);
  const barColour = () => page.locator('meta[name="theme-color"]').getAttribute('content');
  const pageBackground = () => page.evaluate<string>(`getComputedStyle(document.body).backgroundColor`);

  // System (the default): as the device is set, and again when the device changes.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, await accounts.create());
  expect(await isDark()).toBe(true);
  expect(await barColour()).toBe('#0f172a');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(isDark).toBe(false);
  expect(await barColour()).toBe('#047857');
  const lightBackground = await pageBackground();

  // Settings: Dark on a light device.
  await page.goto('/settings');
  const appearance = page.getByRole('group', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: /^System/ })).toBeChecked();
  await appearance.getByRole('radio', { name: /^Dark/ }).check();
  await expect.poll(isDark).toBe(true);
  expect(await barColour()).toBe('#0f172a');
  const darkBackground = await pageBackground();
  expect(darkBackground).not.toBe(lightBackground);

  // Before the app's scripts: a second tab of this device that may load none of them is dark already.
  const bare = await page.context().newPage();
  await bare.emulateMedia({ colorScheme: 'light' });
  await bare.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await bare.goto('/');
  expect(await bare.evaluate<boolean>(`document.documentElement.classList.contains('dark')`)).toBe(true);
  expect(await bare.evaluate<string>(`getComputedStyle(document.body).backgroundColor`)).toBe(darkBackground);
  expect(await bare.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0f172a');
  await bare.close();

  // Light on a dark device; signing out leaves the choice on the device (it is how it looks).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings');
  await expect(appearance.getByRole('radio', { name: /^Dark/ })).toBeChecked();
  await appearance.getByRole('radio', { name: /^Light/ }).check();
  await expect.poll(isDark).toBe(false);
  await logOut(page, page.getByText('to see your account.'));
  expect(await isDark()).toBe(false);

  // Back to System: the dark device decides again.
  await page.goto('/settings');
  await appearance.getByRole('radio', { name: /^System/ }).check();
  await expect.poll(isDark).toBe(true);
});
