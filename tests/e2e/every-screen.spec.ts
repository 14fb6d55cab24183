import type { BrowserContextOptions, Locator, Page, TestInfo } from '@playwright/test';
import { BALANCE_API, BALANCE_LINK_HEADER, BALANCE_PAGE_PREFIX, type BalanceLinkView } from '../../src/domain/customers/balance-link';
import { DRIVER_API, type DriverLinkView } from '../../src/domain/driver/driver-link';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { dayNumbersOfIsoWeek } from '../../src/domain/weeks';
import { paths } from '../../src/web/lib/paths';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, column, line, ownWeek } from '../support/e2e-board';
import { axeViolations, looksLike, pageBackgroundLuminance, settled, signInToastGone, toastsSteady } from '../support/axe';
import { E2E_DELETE_PASSWORD } from '../support/e2e-env';
import { test, expect, type Account, type Accounts } from '../support/e2e-fixtures';
import { openMapperWithStops } from '../support/mapper';
import { keepScreenshot } from '../support/screenshots';
import { themesOfSize } from '../support/screen-sizes';

// The checks every screen passes (issue 31, "Tests and figures"), at a phone, a tablet and a
// desktop, light and dark (docs/decisions/050): axe-core's WCAG 2 A and AA rules with nothing to
// report (colour contrast among them), a page background that looks its theme, no two things a
// person can press or type in lying over each other, and no sideways scroll of the page. Every
// screen is photographed into the test's output folder as it is checked. dark-mode.spec.ts checks
// the states a sweep does not reach (menus, a toast, map mode, offline marks, some dialogs), in
// light and dark: one page load per screen for both (docs/decisions/086).

const WEEK = ownWeek(3);

const SIZES: readonly { name: string; use: BrowserContextOptions }[] = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'tablet', use: { viewport: { width: 768, height: 1024 }, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
];
type Theme = 'light' | 'dark';

/** One failure: which check, and what a person fixing it needs to find it. */
interface Finding {
  check: string;
  detail: string;
}

/** axe-core's WCAG 2 A and AA violations on the page as it is now, one finding per element. */
async function axeFindings(page: Page): Promise<Finding[]> {
  return (await axeViolations(page, { type: 'tag', values: ['wcag2a', 'wcag2aa'] })).map((found) => ({
    check: found.rule,
    detail: `${found.target}: ${found.message.replace(/\s+/g, ' ')} ${found.html.slice(0, 140)}`,
  }));
}

/**
 * Pairs of visible interactive elements whose boxes cross by more than 1 px both ways, where
 * neither holds the other. A box is cut to what its scrolling ancestors show, so a line scrolled
 * out of a list does not "overlap" the header above the list; an element clipped to nothing (the
 * screen-reader-only Move button) is not shown. Bars fixed to the window (the phone's bottom bar,
 * the round Add button) lie over the page as it scrolls by design: they are checked against the
 * page once it is scrolled to its end, where nothing may stay hidden under them.
 */
async function overlapFindings(page: Page): Promise<Finding[]> {
  const inFlow = await overlapsIn(page, 'flow');
  await page.evaluate(`window.scrollTo(0, document.scrollingElement.scrollHeight)`);
  const atEnd = await overlapsIn(page, 'fixed');
  await page.evaluate(`window.scrollTo(0, 0)`);
  return [...inFlow, ...atEnd];
}

/** 'flow': pairs where neither or both are fixed to the window; 'fixed': a fixed one over a flowing one. */
async function overlapsIn(page: Page, pairs: 'flow' | 'fixed'): Promise<Finding[]> {
  return page.evaluate<Finding[]>(`((pairs) => {
    const describe = (el) => {
      const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.getAttribute('placeholder') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      const id = el.id ? '#' + el.id : '';
      const testId = el.getAttribute('data-testid') ? '[data-testid="' + el.getAttribute('data-testid') + '"]' : '';
      return el.tagName.toLowerCase() + id + testId + (name ? ' "' + name + '"' : '');
    };
    const shownBox = (el) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return null;
      const own = getComputedStyle(el);
      if (own.pointerEvents === 'none' || el.closest('[inert], [aria-hidden="true"]')) return null;
      // Tailwind's sr-only: drawn nowhere and pressed nowhere, whatever size its box keeps.
      if (own.position === 'absolute' && (own.clipPath === 'inset(50%)' || own.clip === 'rect(0px, 0px, 0px, 0px)')) return null;
      const r = el.getBoundingClientRect();
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        box = { left: Math.max(box.left, clip.left), top: Math.max(box.top, clip.top), right: Math.min(box.right, clip.right), bottom: Math.min(box.bottom, clip.bottom) };
      }
      return box.right - box.left > 0 && box.bottom - box.top > 0 ? box : null;
    };
    // Under a modal dialog nothing can be pressed but the dialog.
    const scope = document.querySelector('dialog:modal') ?? document;
    const shown = [];
    for (const el of scope.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]')) {
      const box = shownBox(el);
      let fixed = false;
      for (let up = el; up && !fixed; up = up.parentElement) fixed = getComputedStyle(up).position === 'fixed';
      if (box) shown.push({ el, box, fixed });
    }
    const found = [];
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i], b = shown[j];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if ((a.fixed !== b.fixed) !== (pairs === 'fixed')) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1)
          found.push({ check: 'overlap', detail: describe(a.el) + ' overlaps ' + describe(b.el) + ' by ' + Math.round(across) + '×' + Math.round(down) + ' px' + (pairs === 'fixed' ? ' at the end of the page' : '') });
      }
    }
    return found;
  })(${JSON.stringify(pairs)})`);
}

async function sidewaysScrollFindings(page: Page): Promise<Finding[]> {
  const { scrollWidth, clientWidth, widest } = await page.evaluate<{ scrollWidth: number; clientWidth: number; widest: string }>(`(() => {
    const root = document.documentElement;
    // The element reaching furthest right, so the message says what to fix.
    let widest = '', right = root.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right) { right = r; widest = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 4).join('.') : ''); }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  })()`);
  return scrollWidth > clientWidth
    ? [{ check: 'sideways scroll', detail: `the page is ${scrollWidth} px wide in a ${clientWidth} px window; widest: ${widest}` }]
    : [];
}

/** The page looks its theme: a dark page behind pale text, or the other way round. */
async function themeFindings(page: Page, theme: Theme): Promise<Finding[]> {
  const luminance = await pageBackgroundLuminance(page);
  return looksLike(theme, luminance)
    ? []
    : [{ check: 'theme', detail: `the page's background has a luminance of ${luminance.toFixed(3)}, which is not ${theme}` }];
}

/** Checks screen after screen and reports each screen's failures in one message at the end. */
class Sweep {
  readonly failures = new Map<string, string[]>();
  readonly checked: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly size: string,
    private readonly theme: Theme,
    private readonly testInfo: TestInfo,
  ) {}

  /** `fullPage: false` photographs the window only: a dialog over the page, as a person sees it. */
  async check(screen: string, shown: Locator, { fullPage = true } = {}): Promise<void> {
    try {
      await expect(shown).toBeVisible({ timeout: 15_000 });
    } catch {
      // Said with the rest at the end, so one screen that does not load hides no other's failures.
      this.failures.set(screen, [`never showed ${shown.toString()}`]);
      return;
    }
    await expect(this.page.locator('html')).toHaveClass(this.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await settled(this.page);
    await toastsSteady(this.page);
    await keepScreenshot(this.page, {
      path: this.testInfo.outputPath(`${screen.replace(/[^a-z0-9]+/gi, '-')}-${this.size}-${this.theme}.png`),
      fullPage,
    });
    const found = [
      ...(await themeFindings(this.page, this.theme)),
      ...(await axeFindings(this.page)),
      ...(await overlapFindings(this.page)),
      ...(await sidewaysScrollFindings(this.page)),
    ];
    this.checked.push(screen);
    if (found.length > 0)
      this.failures.set(
        screen,
        found.map(({ check, detail }) => `${check}: ${detail}`),
      );
  }

  expectNone(): void {
    for (const [screen, lines] of this.failures) {
      expect.soft(lines, `${screen} at ${this.size} in ${this.theme}:\n  ${lines.join('\n  ')}\n`).toEqual([]);
    }
    expect(this.checked.length, 'screens checked').toBeGreaterThan(0);
  }
}

interface Nursery {
  admin: Account;
  u: string;
  customerName: string;
  runName: string;
  runId: string;
  editId: string;
  deletedTitle: string;
  driverPath: string;
  balancePath: string;
}

/**
 * A nursery with something on every screen: orders of every status and customer type over three
 * days, a collect, one on holding, customers (one owing trolleys, one with a pool account), a
 * teammate, a run on its way out with a driver's link, a deleted order and plant labels.
 */
async function stockedNursery(accounts: Accounts): Promise<Nursery> {
  const admin = await accounts.create();
  await accounts.create({ nursery: admin.nursery, role: 'staff' });
  const pb = await api(admin);
  const u = unique();
  const week = { year: WEEK.year, weekNumber: WEEK.week };
  const customerName = `Every Screen Gardens ${u}`;
  const customer = await pb
    .collection('customers')
    .create({ name: customerName, postcode: 'AB1 2CD', phone: '01234 567890', poolAccount: `CC-${u}` });
  await pb.collection('customers').create({ name: `Hill Top Nursery ${u}`, postcode: 'LL11 4AA' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 6, shelves: 2 });
  const statuses = ['', 'working', 'missed', 'pulled', 'loaded'] as const;
  const types = ['wholesale', 'retail', 'other', 'missed'] as const;
  const days = ['monday', 'tuesday', 'thursday'] as const;
  let editId = '';
  for (const [d, day] of days.entries()) {
    for (const [i, status] of statuses.entries()) {
      const order = await addOrder(pb, {
        title: `${status || 'none'} ${types[(i + d) % types.length]!} ${day} ${u}`,
        day,
        customerType: types[(i + d) % types.length]!,
        other: 'none',
        status,
        orderNumber: `SO-${d}${i}`,
        postcode: i % 2 ? 'AB1 2CD' : '',
        trollies: String(i + 1),
        orderInfo: i === 0 ? 'Back gate, ring first' : '',
        ...week,
      });
      if (!editId) editId = order.id;
    }
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
  await addOrder(pb, { title: `Held ${u}`, day: 'wednesday', customerType: 'other', other: 'holding', ...week });
  const deletedTitle = `Gone ${u}`;
  const gone = await addOrder(pb, { title: deletedTitle, day: 'friday', customerType: 'retail', other: 'none', ...week });
  await pb.collection('tasks').delete(gone.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  await pb.collection('plant_labels').create({ plant_name: `Lavandula angustifolia ${u}`, has_labels: 'labels' });
  await pb.collection('plant_labels').create({ plant_name: `Rosa 'Iceberg' ${u} 10L`, has_labels: 'print' });
  const runName = `Every screen run ${u}`;
  const run = await pb.collection('trolley_exports').create({
    name: runName,
    data: [{ id: owing.id, title: owing.title, postcode: 'AB1 2CD', trollies: '4', extras: '', orderNumber: 'SO-9' }],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
  });
  for (const state of ['loading', 'dispatched']) await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state } });
  const link = await pb.send<DriverLinkView>(DRIVER_API.runLinks(run.id), { method: 'POST' });
  // The customer's balance link, with a dispute open on it (docs/decisions/078).
  const balance = await pb.send<BalanceLinkView>(BALANCE_API.customerLinks(customer.id), { method: 'POST' });
  const balancePath = new URL(balance.url).pathname;
  await pb.send(BALANCE_API.replies, {
    method: 'POST',
    headers: { [BALANCE_LINK_HEADER]: balancePath.slice(BALANCE_PAGE_PREFIX.length) },
    body: { kind: 'dispute', trolleys: 4, shelves: 2, note: 'Two went back with the last run' },
  });
  return {
    admin,
    u,
    customerName,
    runName,
    runId: run.id,
    editId,
    deletedTitle,
    driverPath: new URL(link.shortUrl).pathname,
    balancePath,
  };
}

for (const [index, size] of SIZES.entries()) {
  for (const theme of themesOfSize(index)) {
    test.describe(`${size.name} in ${theme}`, () => {
      test.use({ ...size.use, colorScheme: theme, reducedMotion: 'reduce' });

      test('every screen passes axe, has nothing pressable overlapping and no sideways scroll', async ({
        page,
        accounts,
        signIn,
      }, testInfo) => {
        test.setTimeout(240_000);
        const nursery = await stockedNursery(accounts);
        const { u } = nursery;
        const sweep = new Sweep(page, size.name, theme, testInfo);
        const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

        // Signed out.
        await page.goto(paths.login);
        await sweep.check('login', page.getByRole('button', { name: 'Login' }));
        await page.getByRole('button', { name: 'Login' }).click();
        await sweep.check('login with its errors', page.getByText('Please enter both username and password').first());
        await page.goto(paths.terms);
        await sweep.check('terms', page.getByRole('heading', { level: 1 }));
        await page.goto(paths.privacy);
        await sweep.check('privacy', page.getByRole('heading', { level: 1 }));
        await page.goto(paths.forgotPassword);
        await sweep.check('forgot password', page.getByRole('heading', { level: 1 }));

        await signIn(page, nursery.admin, boardPath(WEEK));
        await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(7);
        await signInToastGone(page);
        await sweep.check('board', page.getByText('Live', { exact: true }));
        await page.goto(`${paths.collect}?year=${WEEK.year}&week=${WEEK.week}`);
        await sweep.check('collects', line(page, 'Monday', `Collect ${u}`));
        await page.goto(paths.holding);
        await sweep.check('holding', page.getByText(`Held ${u}`));
        await page.goto(`${paths.search}?q=${encodeURIComponent(`tuesday ${u}`)}`);
        await sweep.check('search', page.getByText(`working other tuesday ${u}`));
        await page.goto(paths.runs);
        await sweep.check('runs', page.getByRole('listitem', { name: nursery.runName }));
        await page.goto(paths.runView(nursery.runId));
        await sweep.check('run view', page.getByText('This run has been dispatched', { exact: false }));
        await openMapperWithStops(page);
        await sweep.check('trolley mapper', page.getByRole('button', { name: 'Move stop 1, Greenfields' }));
        const monday = dayNumbersOfIsoWeek(WEEK.year, WEEK.week)[0]!;
        await page.goto(paths.pickSheet(WEEK.year, WEEK.week, 'monday', monday));
        await sweep.check('pick sheet', page.getByText(`none wholesale monday ${u}`));
        await page.goto(paths.customers);
        await sweep.check('customers', page.getByRole('list', { name: 'Customers' }).getByText(nursery.customerName));
        await page.goto(paths.linkOrders);
        await sweep.check('link orders', heading('Link orders to customers'));
        await page.goto(paths.poolStatement);
        await sweep.check('pool statement', heading('Pool statement'));
        await page.goto(paths.disputes);
        await sweep.check('disputes', page.getByRole('listitem', { name: `Dispute from ${nursery.customerName}` }));
        await page.goto(paths.plantLabels);
        // Only the plants that need printing are listed until someone checks the list.
        await sweep.check(
          'plant labels',
          page.getByRole('list', { name: 'Plants that need printing' }).getByText(`Rosa 'Iceberg' ${u}`, { exact: false }),
        );
        await page.goto(paths.deleted);
        await sweep.check('deleted', page.getByText(nursery.deletedTitle));
        await page.goto(paths.settings);
        await sweep.check('settings', page.getByRole('radio', { name: /System/ }));
        await page.goto(paths.team);
        await sweep.check('team', page.getByRole('list', { name: 'Team members' }).getByRole('listitem').nth(1));
        await page.goto(paths.editOrder(nursery.editId));
        await sweep.check('edit order', page.getByRole('button', { name: 'Delete' }));
        await page.getByRole('button', { name: 'Delete' }).click();
        await sweep.check('edit order: the delete dialog', page.getByRole('dialog'), { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.goto(paths.createOrder);
        await sweep.check('add order', page.getByRole('form', { name: 'Order' }).getByLabel('Customer name', { exact: true }));
        // The driver has no account; the link opens the same page on a signed-in device too.
        await page.goto(nursery.driverPath);
        await sweep.check('driver page', page.getByRole('heading', { name: nursery.runName }));
        // The customer has no account either: its balance page.
        await page.goto(nursery.balancePath);
        await sweep.check('balance page', page.getByRole('heading', { name: nursery.customerName }));

        sweep.expectNone();
      });
    });
  }
}
