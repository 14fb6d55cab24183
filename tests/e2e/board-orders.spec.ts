import type PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import { addOrder, api, unique, type OrderInput } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';

// The weekly board, collect board and holding list with real orders created through the API:
// each order on the right board, in the right column, in its colour, with its status icon.

async function createOrders(pb: PocketBase, orders: OrderInput[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const order of orders) {
    const record = await addOrder(pb, { status: '', postcode: '', orderNumber: '', orderInfo: '', ...order });
    ids[order.title] = record.id;
  }
  return ids;
}

const column = (page: Page, day: string) => page.getByRole('region', { name: new RegExp(`^${day}`) });
const line = (page: Page, day: string, title: string) => column(page, day).getByRole('listitem').filter({ hasText: title });

test('orders of every customer type and board type land on the right board, column, colour and icon', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const week = { year: 2026, weekNumber: 50 };
  const t = (name: string) => `${name} ${tag}`;
  const ids = await createOrders(pb, [
    {
      ...week,
      title: t('Retail'),
      day: 'monday',
      customerType: 'retail',
      other: 'none',
      status: 'pulled',
      postcode: 'ch4 9zz',
      orderNumber: 'SO-1001',
      orderInfo: 'Leave at the back gate',
    },
    { ...week, title: t('Wholesale'), day: 'tuesday', customerType: 'wholesale', other: 'none', status: 'loaded', postcode: 'll11 4aa' },
    { ...week, title: t('Other'), day: 'wednesday', customerType: 'other', other: 'none', status: 'working' },
    { ...week, title: t('Missed'), day: 'thursday', customerType: 'missed', other: 'none', status: 'missed' },
    { ...week, title: t('Collect'), day: 'friday', customerType: 'wholesale', other: 'collect' },
    { ...week, title: t('Collect other'), day: 'sunday', customerType: 'other', other: 'collect', status: 'pulled' },
    {
      ...week,
      title: t('Held'),
      day: 'saturday',
      customerType: 'retail',
      other: 'holding',
      postcode: 'sy1 1xx',
      orderNumber: 'H-7',
      orderInfo: 'Waiting for a date',
    },
    { year: 2026, weekNumber: 51, title: t('Next week'), day: 'monday', customerType: 'retail', other: 'none' },
    { year: 2025, weekNumber: 50, title: t('Last year'), day: 'monday', customerType: 'retail', other: 'none' },
  ]);

  await signIn(page, account, '/?year=2026&week=50');

  const expected = [
    ['Monday', 'Retail', /text-blue-700/, 'Status: Pulled'],
    ['Tuesday', 'Wholesale', /text-slate-900/, 'Status: Loaded'],
    ['Wednesday', 'Other', /text-green-700/, 'Status: Working'],
    ['Thursday', 'Missed', /text-fuchsia-700/, 'Status: Query'],
    ['Friday', 'Collect', /text-orange-700/, 'Status: None'],
    ['Sunday', 'Collect other', /text-orange-700/, 'Status: Pulled'],
  ] as const;
  for (const [day, name, colour, icon] of expected) {
    const row = line(page, day, t(name));
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: new RegExp(t(name)) })).toHaveClass(colour);
    await expect(row.getByRole('button', { name: icon, exact: true })).toBeVisible();
  }
  // The postcode is shown upper-cased, with the order number.
  await expect(line(page, 'Monday', t('Retail'))).toContainText('CH4 9ZZ');
  await expect(line(page, 'Monday', t('Retail'))).toContainText('SO-1001');
  // Holding orders, other weeks and other years are not on this board.
  for (const name of ['Held', 'Next week', 'Last year']) await expect(page.getByText(t(name))).toHaveCount(0);
  await expect(column(page, 'Saturday').getByText('No orders')).toBeVisible();

  // The order info is reachable by keyboard (and tap), not by hover only.
  const info = line(page, 'Monday', t('Retail')).getByRole('button', { name: `Order info for ${t('Retail')}` });
  await expect(info).toHaveAccessibleDescription('Leave at the back gate');
  // Once drag and drop is in (its keyboard handle is there): the board is drawn again when it
  // arrives, and a tooltip closed just before would open again on the new line.
  await expect(line(page, 'Monday', t('Retail')).getByRole('button', { name: /^Move .* to another day$/ })).toBeAttached();
  await info.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Leave at the back gate');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();

  // Next week shows its own order; a click on a line opens its edit page.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(line(page, 'Monday', t('Next week'))).toHaveCount(1);
  await expect(page.getByText(t('Retail'))).toHaveCount(0);
  await page.goBack();
  await line(page, 'Monday', t('Retail')).getByRole('link').click();
  await expect(page).toHaveURL(`/edit/${ids[t('Retail')]}`);

  // The collect board: only the collect orders of the week, without route headings.
  await page.goto('/collect?year=2026&week=50');
  await expect(page).toHaveTitle('Collects · Week 50, 2026 · Trolleyboard');
  await expect(line(page, 'Friday', t('Collect'))).toHaveCount(1);
  await expect(line(page, 'Sunday', t('Collect other'))).toHaveCount(1);
  for (const name of ['Retail', 'Wholesale', 'Other', 'Missed', 'Held'])
    await expect(page.getByText(t(name), { exact: true })).toHaveCount(0);
  await expect(page.getByText('Misc', { exact: true })).toHaveCount(0);

  // The holding list: the held order, coloured by customer type, postcode upper-cased, linked.
  await page.goto('/holdingPage');
  await expect(page).toHaveTitle('Holding · Trolleyboard');
  const held = page.getByRole('link', { name: new RegExp(t('Held')) });
  await expect(held).toContainText('SY1 1XX');
  await expect(held).toContainText('H-7');
  await expect(held).toContainText('Waiting for a date');
  await expect(held.getByText(t('Held'))).toHaveClass(/text-blue-700/);
  await expect(page.getByText(t('Retail'), { exact: true })).toHaveCount(0);
  await held.click();
  await expect(page).toHaveURL(`/edit/${ids[t('Held')]}`);
});

test('week 53 of 2026 and the year boundary show their own orders; a week link reloads to that week', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  await createOrders(pb, [
    { year: 2026, weekNumber: 53, title: `Week 53 ${tag}`, day: 'thursday', customerType: 'retail', other: 'none' },
    { year: 2027, weekNumber: 1, title: `New year ${tag}`, day: 'monday', customerType: 'other', other: 'none' },
  ]);
  await signIn(page, account);
  await page.getByLabel('Year', { exact: true }).selectOption('2026');
  await page.getByLabel('Week', { exact: true }).selectOption('53');
  await expect(line(page, 'Thursday', `Week 53 ${tag}`)).toHaveCount(1);
  await expect(column(page, 'Thursday').getByRole('heading')).toHaveText('Thursday 31');

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/year=2027&week=1$/);
  await expect(line(page, 'Monday', `New year ${tag}`)).toHaveCount(1);
  await page.reload();
  await expect(line(page, 'Monday', `New year ${tag}`)).toHaveCount(1);
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2027');

  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(line(page, 'Thursday', `Week 53 ${tag}`)).toHaveCount(1);
});

test('without realtime the header says "Not live" and the board still refreshes: every 2 minutes and on Refresh', async ({
  page,
  accounts,
  signIn,
}) => {
  // A server without /api/realtime (or a proxy that blocks it).
  await page.route('**/api/realtime', (route) => route.abort());
  await page.clock.install();
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  await signIn(page, account, '/?year=2026&week=49');
  await expect(column(page, 'Tuesday').getByText('No orders')).toBeVisible();
  await page.clock.fastForward(4000);
  await expect(page.getByText(/^Not live · updated \d/)).toBeVisible();

  await createOrders(pb, [{ year: 2026, weekNumber: 49, title: `Polled ${tag}`, day: 'tuesday', customerType: 'retail', other: 'none' }]);
  await page.clock.fastForward('02:01');
  await expect(line(page, 'Tuesday', `Polled ${tag}`)).toHaveCount(1);

  await createOrders(pb, [
    { year: 2026, weekNumber: 49, title: `Refreshed ${tag}`, day: 'tuesday', customerType: 'retail', other: 'none' },
  ]);
  await page.getByRole('button', { name: 'Refresh orders' }).click();
  await expect(line(page, 'Tuesday', `Refreshed ${tag}`)).toHaveCount(1);
});

test('map mode: choosing orders with toasts, its colours, Escape, and Create Run hands the stops to the mapper', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const week = { year: 2026, weekNumber: 48 };
  const ids = await createOrders(pb, [
    { ...week, title: `Alpha ${tag}`, day: 'monday', customerType: 'retail', other: 'none', postcode: 'ch4 9zz', orderNumber: 'SO-1' },
    { ...week, title: `Bravo ${tag}`, day: 'tuesday', customerType: 'other', other: 'none', postcode: 'll11 4aa', orderNumber: '' },
    { ...week, title: `Charlie ${tag}`, day: 'tuesday', customerType: 'wholesale', other: 'none' },
  ]);
  await pb.collection('tasks').update(ids[`Bravo ${tag}`]!, { trollies: '3', extras: '2 shelves' });

  await signIn(page, account, '/?year=2026&week=48');
  await expect(line(page, 'Tuesday', `Bravo ${tag}`).getByRole('link')).toHaveClass(/text-green-700/);

  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByText('Choosing orders for a run — tap orders, then Create Run.')).toBeVisible();
  const bravo = line(page, 'Tuesday', `Bravo ${tag}`).getByRole('button', { name: new RegExp(`Bravo ${tag}`) });
  const alpha = line(page, 'Monday', `Alpha ${tag}`).getByRole('button', { name: new RegExp(`Alpha ${tag}`) });
  // In selection mode other is red and retail blue.
  await expect(bravo).toHaveClass(/text-red-700/);
  await expect(alpha).toHaveClass(/text-blue-700/);

  await alpha.click();
  await expect(page.getByRole('status').filter({ hasText: 'Order Added' })).toBeVisible();
  await expect(alpha).toHaveAttribute('aria-pressed', 'true');
  await alpha.click();
  await expect(page.getByText('Order Removed')).toBeVisible();
  await expect(alpha).toHaveAttribute('aria-pressed', 'false');
  await bravo.click();
  await alpha.click();
  await expect(page.getByText('2 chosen', { exact: true })).toBeVisible();

  // Escape leaves the mode and keeps the choice; Map brings it back.
  await page.keyboard.press('Escape');
  await expect(page.getByText('Choosing orders for a run — tap orders, then Create Run.')).toBeHidden();
  await expect(line(page, 'Tuesday', `Bravo ${tag}`).getByRole('link')).toBeVisible();
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(bravo).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Create Run' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/trolley-mapper');
  // The router keeps navigation state in history.state.usr (React Router's format, kept on purpose).
  const stops: unknown = await page.evaluate('window.history.state?.usr?.stops');
  expect(stops).toEqual([
    { id: ids[`Bravo ${tag}`], title: `Bravo ${tag}`, postcode: 'll11 4aa', trollies: '3', extras: '2 shelves', orderNumber: '' },
    { id: ids[`Alpha ${tag}`], title: `Alpha ${tag}`, postcode: 'ch4 9zz', trollies: '', extras: '', orderNumber: 'SO-1' },
  ]);
  await expect(page.getByRole('button', { name: 'Create Run' })).toHaveCount(0);
});
