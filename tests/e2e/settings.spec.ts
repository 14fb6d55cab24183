import { test, expect } from '../support/e2e-fixtures';
import { column, LIVE_MS, openLiveBoard, SCREENS, secondDevice, openMenu } from '../support/e2e-board';
import { E2E_SUPPORT_EMAIL } from '../support/e2e-env';
import { nextIsoWeek } from '../support/open-weeks';

// Settings (/settings): account info, links, support address, and week headings that the board
// shows as route headings, on every board the person has open (docs/product.md#settings).

test('shows the account, password and legal links, and the support address', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  await signIn(page, account);
  await openMenu(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings');

  await expect(page.getByText(account.username, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(page.getByRole('link', { name: E2E_SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
});

test('saved week headings are confirmed and show on the board; empty ones read "Misc"', async ({ page, accounts, signIn }) => {
  // Settings opens signed out too (it asks for a login in a sentence), so the sign-in goes first.
  await signIn(page, await accounts.create());
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Week Headings' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await expect(form.getByLabel(day, { exact: true })).toHaveValue('');
  }
  await form.getByLabel('Monday', { exact: true }).fill('North Wales');
  await form.getByLabel('Friday', { exact: true }).fill('Collect & Local');

  await form.getByRole('button', { name: 'Save Settings' }).click();
  // Said once, next to the form (no page reload: the board reads the same cached settings).
  await expect(form.getByRole('alert')).toHaveText('Saved. The board shows these headings now.');
  await expect(form.getByLabel('Monday', { exact: true })).toHaveValue('North Wales');

  await page.getByRole('link', { name: 'Trolleyboard' }).click();
  const column = (day: string) => page.getByRole('region', { name: new RegExp(`^${day}`) });
  await expect(column('Monday').getByText('North Wales', { exact: true })).toBeVisible();
  await expect(column('Friday').getByText('Collect & Local', { exact: true })).toBeVisible();
  await expect(column('Tuesday').getByText('Misc', { exact: true })).toBeVisible();

  // The headings live on the server, not only in this browser's cache.
  await page.evaluate("window.localStorage.removeItem('user_settings_cache')");
  await page.reload();
  await expect(column('Monday').getByText('North Wales', { exact: true })).toBeVisible();
  await expect(column('Sunday').getByText('Misc', { exact: true })).toBeVisible();
});

test('logged out, settings asks for a login instead of showing account info', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('to see your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
});

for (const screen of SCREENS) {
  test(`headings saved on one device reach a board open on another (a ${screen.name}), live`, async ({ browser, accounts, signIn }) => {
    const account = await accounts.create();
    const boardContext = await browser.newContext(screen.use);
    const board = await boardContext.newPage();
    await signIn(board, account);
    await openLiveBoard(board, nextIsoWeek());
    await expect(column(board, 'Tuesday').getByText('Misc', { exact: true })).toBeVisible();

    const office = await secondDevice(browser, account, signIn, nextIsoWeek());
    await office.page.goto('/settings');
    const form = office.page.getByRole('form', { name: 'Week Headings' });
    await form.getByLabel('Tuesday', { exact: true }).fill('Shrewsbury run');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByRole('alert')).toHaveText('Saved. The board shows these headings now.');

    // No reload on the board: the saved heading arrives by itself.
    await expect(column(board, 'Tuesday').getByText('Shrewsbury run', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    // And it is the board's first copy next time, before the server answers.
    await expect
      .poll(() => board.evaluate<string | null>("window.localStorage.getItem('user_settings_cache')"))
      .toContain('Shrewsbury run');
    await office.close();
    await boardContext.close();
  });
}
