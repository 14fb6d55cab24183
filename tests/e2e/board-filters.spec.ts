import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { boardPath, column, line, ONE_SIZE, ownWeek } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Filters (docs/product.md#weekly-board): hide loaded orders, or show only one status or one
// customer type; remembered on the device across reloads; a visible sign says how many orders a
// filter hides, with Show all. On the yard's phone: the filters are the same controls at every
// size and nothing here differs by size (docs/decisions/086).

const statuses = (page: Page) => page.getByLabel('Show statuses');
const customers = (page: Page) => page.getByLabel('Show customer types');
const hiddenNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'hidden by filter' });

const screen = ONE_SIZE.yard;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('a filter hides orders, says how many, is remembered across a reload, and Show all ends it', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const week = ownWeek(41);
    const tag = unique();
    const orders = [
      { title: `Loaded retail ${tag}`, day: 'monday', status: 'loaded', customerType: 'retail' },
      { title: `Pulled wholesale ${tag}`, day: 'monday', status: 'pulled', customerType: 'wholesale' },
      { title: `New retail ${tag}`, day: 'monday', status: '', customerType: 'retail' },
      { title: `Loaded wholesale ${tag}`, day: 'tuesday', status: 'loaded', customerType: 'wholesale' },
    ];
    for (const order of orders)
      await pb.collection('tasks').create({ ...order, other: 'none', trollies: '2', year: week.year, weekNumber: week.week });

    await signIn(page, account, boardPath(week));
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(3);
    await expect(hiddenNotice(page)).toHaveCount(0);

    await statuses(page).selectOption({ label: 'Not loaded' });
    await expect(line(page, 'Monday', `Loaded retail ${tag}`)).toHaveCount(0);
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(2);
    await expect(hiddenNotice(page)).toHaveText('2 hidden by filter · Show all');
    // A day whose every order is hidden does not claim to have none.
    await expect(column(page, 'Tuesday').getByText('No orders shown · 1 hidden by filter')).toBeVisible();
    // The counts are of what is shown.
    await expect(column(page, 'Monday').getByTestId('day-summary')).toContainText('2 orders, 4 trolleys');

    // Remembered on this device.
    await page.reload();
    await expect(statuses(page)).toHaveValue('not-loaded');
    await expect(hiddenNotice(page)).toHaveText('2 hidden by filter · Show all');
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(2);

    // One customer type on top.
    await customers(page).selectOption({ label: 'Retail only' });
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveText([new RegExp(`New retail ${tag}`)]);
    await expect(hiddenNotice(page)).toHaveText('3 hidden by filter · Show all');
    // One status only.
    await statuses(page).selectOption({ label: 'Loaded only' });
    await customers(page).selectOption({ label: 'All customers' });
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveText([new RegExp(`Loaded retail ${tag}`)]);
    await expect(column(page, 'Tuesday').getByRole('listitem')).toHaveText([new RegExp(`Loaded wholesale ${tag}`)]);

    await hiddenNotice(page).getByRole('button', { name: 'Show all' }).click();
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(3);
    await expect(hiddenNotice(page)).toHaveCount(0);
    await page.reload();
    await expect(statuses(page)).toHaveValue('all');
    await expect(column(page, 'Monday').getByRole('listitem')).toHaveCount(3);
  });
});
