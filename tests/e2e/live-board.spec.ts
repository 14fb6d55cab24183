import type { Page } from '@playwright/test';
import { api } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { E2E_DELETE_PASSWORD } from '../support/e2e-env';
import { nextIsoWeek } from '../support/open-weeks';

// Live boards (docs/decisions/011): a change made on one device shows on every open board within two
// seconds, without a reload. Needs the server's realtime channel (/api/realtime).

const LIVE_MS = 2000;

const column = (page: Page, day: string) => page.getByRole('region', { name: new RegExp(`^${day}`) });

test('a change in one browser shows in another within 2 s, without reload', async ({ page, browser, accounts, signIn }) => {
  const alice = await accounts.create();
  // A teammate: changes reach only their own nursery's boards (docs/decisions/036).
  const bob = await accounts.create({ nursery: alice.nursery });
  const tag = Math.random().toString(36).slice(2, 7);
  const title = `Live ${tag}`;
  // Next week's board: a new order may go there on any day (not into a week that has passed).
  const week = nextIsoWeek();
  const board = `/?year=${week.year}&week=${week.week}`;

  await signIn(page, alice, board);
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });

  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob, board);
  await expect(bobPage.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });

  // No reload may happen during the test: count page loads.
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Bob's device creates an order: it appears on both boards.
  const bobApi = await api(bob);
  const record = await bobApi.collection('tasks').create({
    title,
    day: 'wednesday',
    customerType: 'retail',
    other: 'none',
    weekNumber: week.week,
    year: week.year,
    postcode: 'ch4 9zz',
  });
  await expect(column(page, 'Wednesday').getByText(title)).toBeVisible({ timeout: LIVE_MS });
  await expect(column(bobPage, 'Wednesday').getByText(title)).toBeVisible({ timeout: LIVE_MS });

  // An update moves it to Friday and marks it pulled.
  await bobApi.collection('tasks').update(record.id, { day: 'friday', status: 'pulled' });
  const friday = column(page, 'Friday').getByRole('listitem').filter({ hasText: title });
  await expect(friday.getByRole('button', { name: 'Status: Pulled', exact: true })).toBeVisible({ timeout: LIVE_MS });
  await expect(column(page, 'Wednesday').getByText(title)).toHaveCount(0);

  // Moving it to the holding list takes it off the board and onto the holding list.
  await bobApi.collection('tasks').update(record.id, { other: 'holding' });
  await expect(page.getByText(title)).toHaveCount(0, { timeout: LIVE_MS });

  await bobApi.collection('tasks').update(record.id, { other: 'none' });
  await expect(friday).toHaveCount(1, { timeout: LIVE_MS });

  // A delete removes it everywhere.
  await bobApi.collection('tasks').delete(record.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  await expect(page.getByText(title)).toHaveCount(0, { timeout: LIVE_MS });
  await expect(bobPage.getByText(title)).toHaveCount(0, { timeout: LIVE_MS });

  expect(loads).toBe(0);
  await bobContext.close();
});
