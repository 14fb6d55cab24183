import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { api, unique } from '../support/e2e-api';
import { E2E_DELETE_PASSWORD, testResultsDir } from '../support/e2e-env';
import { expect, test } from '../support/e2e-fixtures';
import { nextIsoWeek } from '../support/open-weeks';
import { openMenu } from '../support/e2e-board';
import { keepScreenshot } from '../support/screenshots';

// Who did what, and nothing lost by a slip (docs/product.md#edit-order, #deleted): the edit page
// says who added and changed an order and shows its history; a deleted order comes back from the
// toast's Undo; a deleted run comes back from the Deleted page, and Purge removes one for good.
// Until accounts have roles every member of staff may restore and purge, as office and admins will.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const screensDir = path.join(testResultsDir, 'screens');

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screensDir, { recursive: true });
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await keepScreenshot(page, { path: path.join(screensDir, `${name}-${size}.png`), fullPage: true });
  }
}

/** A holding order (the holding list shows it whatever its week, so "back" has somewhere to go). */
function holdingOrder(pb: PocketBase, title: string) {
  const open = nextIsoWeek();
  return pb.collection('tasks').create({ title, day: 'wednesday', other: 'holding', year: open.year, weekNumber: open.week });
}

const field = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

test('the edit page says who added and last changed the order, and shows its history', async ({ page, accounts, signIn }) => {
  const sarah = await accounts.create();
  const tom = await accounts.create({ nursery: sarah.nursery });
  const title = `Greenfields ${unique()}`;
  const order = await holdingOrder(await api(sarah), title);
  const tomApi = await api(tom);
  await tomApi.collection('tasks').update(order.id, { status: 'pulled', trollies: '4', orderInfo: 'Deliver before 9am' });

  await signIn(page, sarah, `/edit/${order.id}`);
  await expect(field(page, 'Customer name')).toHaveValue(title);
  await expect(
    page.getByText(new RegExp(`^Added by ${sarah.username}, \\d{2}:\\d{2} · last changed by ${tom.username}, \\d{2}:\\d{2}$`)),
  ).toBeVisible();
  const history = page.getByRole('list', { name: 'History of this order' });
  const entries = history.getByRole('listitem').filter({ has: page.locator('time') });
  // Newest first.
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`${tom.username} changed`);
  const changes = entries.nth(0).getByRole('list', { name: 'Changes' }).getByRole('listitem');
  // In the order the order's fields are declared.
  await expect(changes).toHaveText(['Additional Info: (empty) → "Deliver before 9am"', 'Status: None → Pulled', 'Trolleys: (empty) → "4"']);
  await expect(entries.nth(1)).toContainText(`${sarah.username} added this order`);
  await screenshot(page, 'edit-order-history');

  // A change saved elsewhere shows at once, live.
  await page.setViewportSize(DESKTOP);
  await tomApi.collection('tasks').update(order.id, { status: 'loaded' });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0).getByRole('list', { name: 'Changes' })).toHaveText('Status: Pulled → Loaded');
});

test('an office user deletes an order and brings it back with Undo in the toast', async ({ page, accounts, signIn }) => {
  // An office user of a nursery (its first account, its admin, made it).
  const office = await accounts.create({ nursery: (await accounts.create()).nursery, role: 'office' });
  const pb = await api(office);
  const title = `Undo me ${unique()}`;
  const order = await holdingOrder(pb, title);

  await signIn(page, office, '/holdingPage');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(field(page, 'Customer name')).toHaveValue(title);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await dialog.getByLabel('Enter password to delete this task:').fill(E2E_DELETE_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm Delete' }).click();

  // Back on the holding list, without the order, and the toast offers Undo.
  await expect(page).toHaveURL(/\/holdingPage$/);
  await expect(page.getByText('Task deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await expect(pb.collection('tasks').getOne(order.id)).rejects.toMatchObject({ status: 404 });
  await page.getByRole('button', { name: 'Undo' }).click();

  await expect(page.getByText('Order restored.')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(pb.collection('tasks').getOne(order.id)).resolves.toMatchObject({ title, updated_by: office.id });
  const history = await pb.send<{ items: Array<{ action: string }> }>(`/api/collections/tasks/records/${order.id}/history`, {});
  expect(history.items.map((e) => e.action)).toEqual(['create', 'delete', 'restore']);
});

test('a deleted run is restored from the Deleted page; Purge asks first, then removes an order for good', async ({
  page,
  accounts,
  signIn,
}) => {
  const admin = await accounts.create();
  const pb = await api(admin);
  const name = `23-11-2026-Sam${unique()}-TR41 LER`;
  const run = await pb.collection('trolley_exports').create({
    name,
    data: [{ id: 'stop-a', title: 'Greenfields', postcode: 'tn126ab', trollies: '3', extras: '', orderNumber: 'SO-101234' }],
    vehicleInfo: {
      driver: 'Sam',
      reg: 'TR41 LER',
      code: '',
      date: '2026-11-23',
      vehicleType: 'lorry',
      trolleyNumber: 4,
      grid: ['', '', '', ''],
    },
  });
  await pb.collection('trolley_exports').delete(run.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  const orderTitle = `Purge me ${unique()}`;
  const order = await holdingOrder(pb, orderTitle);
  await pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });

  await signIn(page, admin);
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Deleted', exact: true }).click();
  await expect(page).toHaveURL(/\/deleted$/);
  await expect(page.getByRole('heading', { name: 'Deleted' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Deleted orders and runs' });
  const runEntry = list.getByRole('listitem').filter({ hasText: name });
  const orderEntry = list.getByRole('listitem').filter({ hasText: orderTitle });
  await expect(runEntry).toContainText('Run');
  await expect(runEntry).toContainText(new RegExp(`Deleted by ${admin.username}, \\d{2}:\\d{2} · kept until`));
  await expect(orderEntry).toContainText('Order');
  // Newest first: the order was deleted after the run.
  const texts = await list.getByRole('listitem').allTextContents();
  expect(texts.findIndex((t) => t.includes(orderTitle))).toBeLessThan(texts.findIndex((t) => t.includes(name)));
  await screenshot(page, 'deleted-page');
  await page.setViewportSize(DESKTOP);

  await runEntry.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('Run restored.')).toBeVisible();
  await expect(runEntry).toHaveCount(0);
  await expect(pb.collection('trolley_exports').getOne(run.id)).resolves.toMatchObject({ name });
  await page.goto('/runs');
  await expect(page.locator(`a[href="/runs/view/${run.id}"]`)).toContainText(name);

  await page.goto('/deleted');
  await orderEntry.getByRole('button', { name: `Purge ${orderTitle}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Purge for good?' });
  await expect(confirm).toContainText(`Order “${orderTitle}” and its history will be removed for good. This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(orderEntry).toBeVisible();
  await orderEntry.getByRole('button', { name: `Purge ${orderTitle}` }).click();
  await confirm.getByRole('button', { name: 'Purge' }).click();
  await expect(page.getByText('Order purged for good.')).toBeVisible();
  await expect(orderEntry).toHaveCount(0);
  await expect(pb.send(`/api/deleted/tasks/${order.id}/restore`, { method: 'POST' })).rejects.toMatchObject({ status: 404 });
});
