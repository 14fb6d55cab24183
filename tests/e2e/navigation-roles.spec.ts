import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Role } from '#domain/vocabulary/role';
import { testResultsDir } from '../support/e2e-env';
import { test, expect } from '../support/e2e-fixtures';
import { openMenu } from '../support/e2e-board';
import { PHONE_AND_DESKTOP } from '../support/screen-sizes';
import { keepScreenshot } from '../support/screenshots';

// One journey per role (docs/decisions/067): through the navigation alone — side bar on a
// desktop, bottom bar and More on a phone — the person opens every screen their role may open and
// sees its heading; each screen the role may not open is not offered, and its address, typed in
// (on the phone), says why in a sentence instead of showing the board.

interface Screen {
  /** The navigation's word for it. */
  label: string;
  /** The screen's main heading. */
  heading: RegExp;
  /** Its address, for the roles that may not open it. */
  path?: string;
  /** The sentence a role that may not open it reads. */
  refusal?: string;
}

const EVERYONE: Screen[] = [
  { label: 'Collects', heading: /^Collects/ },
  { label: 'Holding', heading: /^Holding$/ },
  { label: 'Search', heading: /^Search$/ },
  { label: 'Runs', heading: /^Runs$/ },
  { label: "Today's pick sheet", heading: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d+/ },
  { label: 'Customers', heading: /^Customers$/ },
  { label: 'Pool statement', heading: /^Pool statement$/ },
  { label: 'Disputes', heading: /^Disputes$/ },
  { label: 'Plant labels', heading: /^Plant labels$/ },
  { label: 'Settings', heading: /^Settings$/ },
  { label: 'Fleet', heading: /^Fleet$/ },
  { label: 'Home', heading: /^Week \d+, \d{4}$/ },
];

const NEW_RUN: Screen = {
  label: 'New run',
  heading: /^Trolley Mapper$/,
  path: '/trolley-mapper',
  refusal: 'Only admins, office staff and yard staff can open New run. Viewers can look but not change anything.',
};
const ADD_ORDER: Screen = {
  label: 'Add Order',
  heading: /^Add Order$/,
  path: '/createCustomer',
  refusal: 'Only admins, office staff and yard staff can open Add Order.',
};
const LINK_ORDERS: Screen = {
  label: 'Link orders',
  heading: /^Link orders to customers$/,
  path: '/link-orders',
  refusal: 'Only office staff and admins can open Link orders.',
};
const DELETED: Screen = {
  label: 'Deleted',
  heading: /^Deleted$/,
  path: '/deleted',
  refusal: 'Only office staff and admins can open Deleted.',
};
const TEAM: Screen = { label: 'Team', heading: /^Team$/, path: '/team', refusal: 'Only admins of your nursery can open Team.' };

const JOURNEYS: Record<Role, { may: Screen[]; mayNot: Screen[] }> = {
  admin: { may: [NEW_RUN, LINK_ORDERS, DELETED, TEAM], mayNot: [] },
  office: { may: [NEW_RUN, LINK_ORDERS, DELETED], mayNot: [TEAM] },
  staff: { may: [NEW_RUN], mayNot: [LINK_ORDERS, DELETED, TEAM] },
  viewer: { may: [], mayNot: [NEW_RUN, ADD_ORDER, LINK_ORDERS, DELETED, TEAM] },
};

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const screen of PHONE_AND_DESKTOP) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    for (const role of ['admin', 'office', 'staff', 'viewer'] as const) {
      test(`${role}: every screen the role may open is a click away; the others are neither offered nor open`, async ({
        page,
        accounts,
        signIn,
      }) => {
        const admin = await accounts.create();
        const person = role === 'admin' ? admin : await accounts.create({ nursery: admin.nursery, role });
        await signIn(page, person);
        await expect(mainHeading(page)).toHaveText(/^Week \d+, \d{4}$/);

        let taps = 0;
        for (const target of [...JOURNEYS[role].may, ...EVERYONE]) {
          const menu = await openMenu(page);
          if (screen.name === 'phone') taps += 1;
          await menu.getByRole('link', { name: target.label, exact: true }).click();
          taps += 1;
          await expect(mainHeading(page).first()).toHaveText(target.heading);
          // The screen shown is the one the navigation marks.
          if (screen.name === 'desktop') {
            await expect(menu.getByRole('link', { name: target.label, exact: true })).toHaveAttribute('aria-current', 'page');
          }
        }
        test.info().annotations.push({ type: 'taps', description: `${role} ${screen.name}: ${taps} taps for every screen` });

        // Who is signed in, and where: the menu says so.
        const menu = await openMenu(page);
        await expect(menu.getByTestId('signed-in-as')).toContainText(person.username);
        await expect(menu.getByTestId('signed-in-as')).toContainText(
          { admin: 'Admin', office: 'Office', staff: 'Staff', viewer: 'Viewer' }[role],
        );
        await keepScreenshot(page, { path: path.join(testResultsDir, `navigation-${role}-${screen.name}.png`) });
        for (const target of JOURNEYS[role].mayNot) {
          await expect(menu.getByRole('link', { name: target.label, exact: true })).toHaveCount(0);
        }
        if (screen.name === 'phone') await page.keyboard.press('Escape');

        // A refusal is a sentence in the page, the same at every size (docs/decisions/086): typed in
        // on the phone, where yard staff and viewers work.
        if (screen.name !== 'phone') return;
        for (const target of JOURNEYS[role].mayNot) {
          await page.goto(target.path ?? '/');
          await expect(page.getByTestId('not-for-your-role')).toContainText(target.refusal ?? '');
          await expect(page).toHaveURL((url) => url.pathname === target.path);
        }
      });
    }
  });
}

test('the phone header is one row, at most 64 px, and the bottom bar hides nothing', async ({ page, accounts, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await accounts.create());
  await expect(mainHeading(page)).toHaveText(/^Week \d+, \d{4}$/);
  const header = await page.locator('header').first().boundingBox();
  expect(header?.height).toBeLessThanOrEqual(64);

  const bar = page.getByRole('navigation', { name: 'Quick' });
  for (const name of ['Board', 'Scan', 'Runs', 'More']) {
    const box = await bar.getByRole(name === 'Board' || name === 'Runs' ? 'link' : 'button', { name, exact: true }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
  }
  // The page ends above the bar: scrolled to the bottom, its last element is not under it.
  const barTop = (await bar.boundingBox())?.y ?? 0;
  const mainPadding = await page.evaluate<number>("parseFloat(getComputedStyle(document.querySelector('main')).paddingBottom)");
  expect(mainPadding).toBeGreaterThanOrEqual(844 - barTop);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await keepScreenshot(page, { path: path.join(testResultsDir, 'navigation-phone-board.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openMenu(page);
  await keepScreenshot(page, { path: path.join(testResultsDir, 'navigation-phone-more-dark.png') });
});

test('the side bar at tablet and desktop sizes, light and dark', async ({ page, accounts, signIn }) => {
  await signIn(page, await accounts.create());
  for (const [width, height] of [
    [768, 1024],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(mainHeading(page)).toHaveText(/^Week \d+, \d{4}$/);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await keepScreenshot(page, { path: path.join(testResultsDir, `navigation-${width}-${scheme}.png`) });
    }
  }
});
