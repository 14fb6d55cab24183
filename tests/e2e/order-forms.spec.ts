import type PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import { currentIsoWeek, localCalendarDate } from '../../src/domain/weeks';
import { api, unique } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { E2E_DELETE_PASSWORD } from '../support/e2e-env';
import { nextIsoWeek } from '../support/open-weeks';

// The order forms (docs/product.md: Add order, Edit order, Search) against the real server: what staff type
// is what the server stores, and what the board and search then show.

/** Adds an order next week (new orders may not go into a week that has passed). */
async function createOrder(pb: PocketBase, fields: Record<string, unknown>) {
  const open = nextIsoWeek();
  return pb.collection('tasks').create({
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    status: '',
    postcode: '',
    orderNumber: '',
    orderInfo: '',
    trollies: '',
    extras: '',
    year: open.year,
    weekNumber: open.week,
    ...fields,
  });
}

const field = (page: Page, label: string) => page.getByRole('form', { name: 'Order' }).getByLabel(label, { exact: true });

/** Opens the edit page from the holding list, so that "back" has somewhere to go. */
async function openFromHolding(page: Page, title: string) {
  await page.goto('/holdingPage');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(field(page, 'Customer name')).toHaveValue(title);
}

test('editing every field and the status saves them all and returns to the previous page', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const order = await createOrder(pb, { title: `Edit me ${tag}`, other: 'holding', postcode: 'ch4 9zz', orderNumber: 'SO-1' });

  await signIn(page, account);
  await openFromHolding(page, `Edit me ${tag}`);

  // Blank title is refused with the spec's words and nothing is sent.
  await field(page, 'Customer name').fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task needs a title')).toBeVisible();
  expect((await pb.collection('tasks').getOne(order.id)).title).toBe(`Edit me ${tag}`);

  await field(page, 'Customer name').fill(`Edited ${tag}`);
  await field(page, 'Postcode').fill('ll11 4aa');
  await field(page, 'Order number').fill('SO-2');
  await field(page, 'Customer type').selectOption({ label: 'Retail' });
  await field(page, 'Day').selectOption({ label: 'Friday' });
  await field(page, 'Board type').selectOption({ label: 'Collect' });
  await field(page, 'Week number').selectOption('12');
  await field(page, 'Year').selectOption('2025');
  await field(page, 'Status').selectOption({ label: 'Query' });
  await field(page, 'Trolleys').fill('3');
  await field(page, 'Other extras').fill('2 shelves');
  await field(page, 'Additional Info').fill('Back gate\nRing first');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Order updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/holdingPage$/);
  const saved = await pb.collection('tasks').getOne(order.id);
  expect(saved).toMatchObject({
    title: `Edited ${tag}`,
    postcode: 'll11 4aa',
    orderNumber: 'SO-2',
    customerType: 'retail',
    day: 'friday',
    other: 'collect',
    weekNumber: 12,
    year: 2025,
    status: 'missed',
    trollies: '3',
    extras: '2 shelves',
    orderInfo: 'Back gate\nRing first',
  });
});

test('deleting an order needs the team’s password: a wrong one keeps it, the right one removes it', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const order = await createOrder(pb, { title: `Delete me ${unique()}`, other: 'holding' });

  await signIn(page, account);
  await openFromHolding(page, order.title as string);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  const field = dialog.getByLabel('Enter password to delete this task:');
  // Whose password it is and where it is found (docs/decisions/072).
  await expect(field).toHaveAccessibleDescription(/nursery’s deletion password, not your own.*Settings → Deletion password/);
  await field.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
  // A wrong guess keeps the dialog open, says so under the field, and puts the cursor back in it.
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/Incorrect password\./);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await expect(pb.collection('tasks').getOne(order.id)).resolves.toMatchObject({ id: order.id });

  await dialog.getByLabel('Enter password to delete this task:').fill(E2E_DELETE_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page.getByText('Task deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/holdingPage$/);
  await expect(pb.collection('tasks').getOne(order.id)).rejects.toMatchObject({ status: 404 });
});

test('two people editing the same order: the second save is refused, shows what changed and loses nothing', async ({
  browser,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const order = await createOrder(pb, { title: `Shared ${tag}`, trollies: '1' });

  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const page of [first, second]) {
    await signIn(page, account, `/edit/${order.id}`);
    await expect(field(page, 'Customer name')).toHaveValue(`Shared ${tag}`);
  }

  await field(first, 'Trolleys').fill('4');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Order updated successfully!')).toBeVisible();

  await field(second, 'Other extras').fill('1 shelf');
  await second.getByRole('button', { name: 'Save' }).click();
  const conflict = second.getByTestId('edit-conflict');
  await expect(second.getByText('Someone else changed this order while you were editing it. Nothing was saved.')).toBeVisible();
  await expect(conflict).toContainText('Trolleys changed from "1" to "4".');
  // Nothing was overwritten.
  expect(await pb.collection('tasks').getOne(order.id)).toMatchObject({ trollies: '4', extras: '' });

  // Reload keeps what was typed and takes the other person's value for the untouched field.
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(field(second, 'Trolleys')).toHaveValue('4');
  await expect(field(second, 'Other extras')).toHaveValue('1 shelf');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Order updated successfully!')).toBeVisible();
  expect(await pb.collection('tasks').getOne(order.id)).toMatchObject({ trollies: '4', extras: '1 shelf' });
});

test('an order added through the form lands on the board in its day column; a blank title is refused', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const pb = await api(account);
  const title = `New customer ${unique()}`;

  await signIn(page, account);
  await page.goto('/');
  await page.getByRole('link', { name: 'Add Order', exact: true }).click();
  // The form starts at the week on screen (this week here).
  await expect(page).toHaveURL(/\/createCustomer\?year=\d{4}&week=\d{1,2}$/);
  // Spec defaults: Monday, wholesale, the weekly board.
  await expect(field(page, 'Day')).toHaveValue('monday');
  await expect(field(page, 'Customer type')).toHaveValue('wholesale');
  await expect(field(page, 'Board type')).toHaveValue('none');
  // This week or later only: past weeks and years are not offered (the server refuses them too).
  const thisWeek = currentIsoWeek(localCalendarDate(new Date()));
  await expect(field(page, 'Week number')).toHaveValue(String(thisWeek.week));
  await expect(field(page, 'Week number').locator('option').first()).toHaveText(String(thisWeek.week));
  await expect(field(page, 'Year').locator('option').last()).toHaveText(String(thisWeek.year));

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a title')).toBeVisible();
  await expect(page).toHaveURL(/\/createCustomer\?/);

  await field(page, 'Customer name').fill(title);
  await field(page, 'Postcode').fill('sy1 1xx');
  await field(page, 'Order number').fill('SO-77');
  await field(page, 'Customer type').selectOption({ label: 'Retail' });
  await field(page, 'Day').selectOption({ label: 'Wednesday' });
  await field(page, 'Additional Info').fill('Leave by the shed');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/(\?.*)?$/);
  const wednesday = page.getByRole('region', { name: /^Wednesday/ });
  await expect(wednesday.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  const [stored] = await pb.collection('tasks').getFullList({ filter: pb.filter('title = {:title}', { title }) });
  expect(stored).toMatchObject({ day: 'wednesday', customerType: 'retail', other: 'none', postcode: 'sy1 1xx', orderNumber: 'SO-77' });
});

test('search finds orders by title or order number, newest first, and takes % literally', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const older = await createOrder(pb, { title: `Rose Garden ${tag}`, orderNumber: `RG-${tag}` });
  const newer = await createOrder(pb, { title: `rose hall ${tag}`, orderNumber: 'X-1' });
  const percent = await createOrder(pb, { title: `Ten 50% off ${tag}`, orderNumber: `P-${tag}` });
  await createOrder(pb, { title: `Ten 500 off ${tag}` });

  await signIn(page, account, '/search');
  const box = page.getByLabel('Search -');
  await expect(box).toHaveAttribute('placeholder', 'Enter details');
  const results = page.getByRole('list', { name: 'Search results' });

  await box.fill(tag);
  await expect(results.getByRole('listitem')).toHaveCount(4);

  await box.fill(`ROSE`);
  await expect(page).toHaveURL(/\?q=ROSE$/);
  // Other tests' orders may match too: look at this test's own, newest first.
  const ours = results.getByRole('link').filter({ hasText: tag });
  await expect(ours).toHaveCount(2);
  await expect(ours.first()).toContainText(`rose hall ${tag}`);
  await expect(results.locator(`[data-order-id="${newer.id}"]`)).toBeVisible();
  await expect(results.locator(`[data-order-id="${older.id}"]`)).toBeVisible();

  // Order number contains.
  await box.fill(`RG-${tag}`);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link')).toContainText(`Rose Garden ${tag}`);

  // % is a literal: "50%" must not match "500".
  await box.fill(`50% off ${tag}`);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.locator(`[data-order-id="${percent.id}"]`)).toBeVisible();

  // Each result opens its edit page; an empty box shows nothing.
  await results.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/edit/${percent.id}$`));
  await page.goto('/search');
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
});

test('a save the server refuses shows its message by the field and keeps what was typed', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const pb = await api(account);
  const order = await createOrder(pb, { title: `Too long ${unique()}` });

  await signIn(page, account, `/edit/${order.id}`);
  const tooLong = 'x'.repeat(201);
  await field(page, 'Customer name').fill(tooLong);
  await field(page, 'Trolleys').fill('9');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Something went wrong while saving.')).toBeVisible();
  await expect(field(page, 'Customer name')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Customer name')).toHaveValue(tooLong);
  await expect(field(page, 'Trolleys')).toHaveValue('9');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect((await pb.collection('tasks').getOne(order.id)).title).toBe(order.title);
});
