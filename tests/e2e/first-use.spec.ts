import { test, expect } from '../support/e2e-fixtures';
import { addOrder, api, unique } from '../support/e2e-api';
import { SCREENS } from '../support/e2e-board';
import { nextIsoWeek } from '../support/open-weeks';
import { keepScreenshot } from '../support/screenshots';

// First use (docs/decisions/072): an empty nursery's board offers the three ways in — add the first
// order, import orders, invite the team — only to a role that may do each, and each goes once done.

const card = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Getting started' });

test('a new nursery’s admin sees the three ways in, and each goes once done', async ({ page, accounts, signIn }) => {
  const admin = await accounts.create();
  await signIn(page, admin);
  const ways = card(page);
  // The card comes after the board's first paint (its own file, its own read): wait for it as a person would.
  await expect(ways.getByRole('link', { name: 'Add the first order' })).toHaveAttribute('href', '/createCustomer', { timeout: 20_000 });
  await expect(ways.getByRole('button', { name: 'Import CSV' })).toBeVisible();
  await expect(ways.getByText('npm run admin -- import-pocketbase')).toBeVisible();
  await expect(ways.getByRole('link', { name: 'Invite the team' })).toHaveAttribute('href', '/team');
  // An empty day still reads the spec's "No orders" under the card.
  await expect(page.getByText('No orders').first()).toBeVisible();

  // The first order, in a week other than the one on screen: the nursery has orders now.
  const week = nextIsoWeek();
  await addOrder(await api(admin), {
    title: `First ${unique()}`,
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    weekNumber: week.week,
    year: week.year,
  });
  await page.reload();
  const oneMore = page.getByRole('region', { name: 'One more step' });
  await expect(oneMore.getByRole('link', { name: 'Invite the team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add the first order' })).toHaveCount(0);
  await expect(oneMore.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);

  // An invitation waiting: nothing is left to offer.
  await (await api(admin)).collection('invitations').create({ email: `colleague.${unique()}@nursery.test`, role: 'staff' });
  await page.reload();
  // The board decided everything is done (and remembers it, so it asks nothing next time).
  await expect
    .poll(() => page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(`first_use_done:${admin.nursery}`)})`))
    .toBe('1');
  await expect(oneMore).toHaveCount(0);
  await expect(card(page)).toHaveCount(0);
});

test('staff see adding and importing, never inviting; a viewer is told who adds orders', async ({ browser, accounts, signIn }) => {
  const admin = await accounts.create();
  const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
  const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });

  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, staff);
  const ways = card(staffPage);
  await expect(ways.getByRole('link', { name: 'Add the first order' })).toBeVisible({ timeout: 20_000 });
  await expect(ways.getByRole('button', { name: 'Import CSV' })).toBeVisible();
  await expect(ways.getByRole('link', { name: 'Invite the team' })).toHaveCount(0);
  await expect(ways.getByText('import-pocketbase')).toHaveCount(0);

  const viewerPage = await (await browser.newContext()).newPage();
  await signIn(viewerPage, viewer);
  await expect(viewerPage.getByText('Your nursery has no orders yet. Office staff and admins add them')).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: 'Add the first order' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: 'Invite the team' })).toHaveCount(0);
  await expect(card(viewerPage)).toHaveCount(0);
});

for (const screen of SCREENS) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the first-use card, ${screen.name}, ${theme} (screenshot)`, async ({ browser, accounts, signIn }) => {
      const context = await browser.newContext({ ...screen.use, colorScheme: theme });
      const page = await context.newPage();
      await signIn(page, await accounts.create());
      await expect(card(page).getByRole('link', { name: 'Invite the team' })).toBeVisible();
      // A phone's board opens at today, but an empty nursery's card comes first: it is on screen.
      await expect(card(page)).toBeInViewport();
      await keepScreenshot(page, { path: test.info().outputPath(`first-use-${screen.name}-${theme}.png`) });
      await page.goto('/settings');
      await expect(page.getByText('The board shows:')).toBeVisible();
      await keepScreenshot(page, { path: test.info().outputPath(`settings-${screen.name}-${theme}.png`), fullPage: true });
      await context.close();
    });
  }
}
