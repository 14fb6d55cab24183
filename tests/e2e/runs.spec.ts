import PocketBase from 'pocketbase';
import type { Page } from '@playwright/test';
import type { TrolleyExportRecord } from '../../src/domain/records';
import { E2E_DELETE_PASSWORD, e2eBaseUrl } from '../support/e2e-env';
import { expect, test, type Account } from '../support/e2e-fixtures';

// Saved runs: listed newest first, reopened in the mapper with everything restored, saved again
// to the same record (an update, not a second run), and deleted with the team's password (docs/decisions/020).

const unique = () => Math.random().toString(36).slice(2, 7);

async function apiAs(account: Account): Promise<PocketBase> {
  const pb = new PocketBase(e2eBaseUrl);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return pb;
}

function trailerRun(driver: string) {
  return {
    name: `23-11-2026-${driver}-TR41 LER`,
    data: [
      { id: 'stop-a', title: 'Greenfields', postcode: 'tn126ab', trollies: '3', extras: '2 shelves', orderNumber: 'SO-101234' },
      { id: 'stop-b', title: 'Bloom & Co', postcode: 'me11aa', trollies: '2', extras: '', orderNumber: '' },
      { id: 'stop-c', title: 'Hillside Plants', postcode: 'ct27nz', trollies: '1', extras: '', orderNumber: '5678' },
    ],
    vehicleInfo: {
      driver,
      reg: 'TR41 LER',
      code: 'K9',
      date: '2026-11-23',
      vehicleType: 'trailer',
      trolleyNumber: 7,
      grid: ['Greenfields - SO-101234', 'Bloom & Co', 'Blank', '', '', '', '', '', 'Hillside Plants - 5678'],
    },
  };
}

const runLink = (page: Page, id: string) => page.locator(`a[href="/runs/view/${id}"]`);

test('a saved run is listed, reopens with everything restored, and saving it again updates it', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const api = await apiAs(account);
  const driver = `Sam${unique()}`;
  const saved = await api.collection('trolley_exports').create<TrolleyExportRecord>(trailerRun(driver));
  const untitled = await api.collection('trolley_exports').create<TrolleyExportRecord>({ ...trailerRun(`Anon${unique()}`), name: '' });

  await signIn(page, account, '/runs');
  await expect(page.getByRole('heading', { name: 'Runs' })).toBeVisible();
  await expect(runLink(page, saved.id)).toContainText(saved.name);
  await expect(runLink(page, untitled.id)).toContainText('Untitled Export');
  // Newest first: the untitled run was saved last.
  const hrefs = await page
    .getByRole('list', { name: 'Saved runs' })
    .getByRole('link')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs.indexOf(`/runs/view/${untitled.id}`)).toBeLessThan(hrefs.indexOf(`/runs/view/${saved.id}`));
  // The run's date as staff write it (as in its name and on the run sheet), and the created time
  // in words, not as the API's timestamp.
  await expect(runLink(page, saved.id)).toContainText('For 23-11-2026 · saved');
  await expect(runLink(page, saved.id).locator('time')).toHaveText(/\d{4}/);
  await expect(runLink(page, saved.id).locator('time')).not.toHaveText(saved.created);

  // Hold the record back a moment so the loading text can be seen.
  await page.route(`**/api/collections/trolley_exports/records/${saved.id}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await runLink(page, saved.id).click();
  await expect(page.getByText('Loading export...')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/runs/view/${saved.id}$`));

  // Stops in their order, the trailer 7T, every cell and the details are back.
  await expect(page.getByRole('button', { name: /^Move stop \d+, / })).toHaveText(['1', '2', '3']);
  await expect(page.getByRole('button', { name: 'Move stop 1, Greenfields' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move stop 3, Hillside Plants' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Total Trollies: 6' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trailer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '7T', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^Trolley \d+: / })).toHaveCount(9);
  for (const [i, label] of trailerRun(driver).vehicleInfo.grid.entries()) {
    await expect(page.getByRole('button', { name: `Trolley ${i + 1}: ${label || 'empty'}`, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Driver', { exact: true })).toHaveValue(driver);
  await expect(page.getByLabel('Reg', { exact: true })).toHaveValue('TR41 LER');
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('K9');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2026-11-23');
  await page.getByRole('button', { name: 'Finish Editing' }).click();

  // Change it and save again under the same name: the one run is updated.
  await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
  await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Run saved.')).toBeVisible();

  const same = await api
    .collection('trolley_exports')
    .getFullList<TrolleyExportRecord>({ filter: api.filter('name = {:name}', { name: saved.name }) });
  expect(same).toHaveLength(1);
  expect(same[0]!.id).toBe(saved.id);
  expect(same[0]!.vehicleInfo.grid[4]).toBe('Bloom & Co');
  expect(same[0]!.data.map((stop) => stop.title)).toEqual(['Greenfields', 'Bloom & Co', 'Hillside Plants']);

  await page.goto('/runs');
  await expect(page.getByRole('link', { name: new RegExp(`^${saved.name}`) })).toHaveCount(1);
});

test('deleting a run needs the team’s password: a wrong one keeps it, the right one removes it', async ({ page, accounts, signIn }) => {
  const account = await accounts.create();
  const api = await apiAs(account);
  const run = await api.collection('trolley_exports').create<TrolleyExportRecord>(trailerRun(`Del${unique()}`));

  await signIn(page, account, '/runs');
  const deleteButton = page.getByRole('button', { name: `Delete ${run.name}` });
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });

  await deleteButton.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(runLink(page, run.id)).toBeVisible();

  await deleteButton.click();
  await dialog.getByLabel(/^Enter password to delete/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // A wrong guess keeps the dialog open with the sentence under the field (docs/decisions/072).
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await expect(dialog.getByLabel(/^Enter password to delete/)).toBeFocused();
  await expect(runLink(page, run.id)).toBeVisible();
  await expect(api.collection('trolley_exports').getOne(run.id)).resolves.toMatchObject({ id: run.id });

  // The field was cleared after the attempt; the password is compared ignoring case (docs/decisions/020).
  await expect(dialog.getByLabel(/^Enter password to delete/)).toHaveValue('');
  await dialog.getByLabel(/^Enter password to delete/).fill(E2E_DELETE_PASSWORD.toUpperCase());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Run deleted.')).toBeVisible();
  await expect(runLink(page, run.id)).toHaveCount(0);
  await expect(api.collection('trolley_exports').getOne(run.id)).rejects.toMatchObject({ status: 404 });
});

test('a save never silently overwrites a newer save of the same run made elsewhere (docs/decisions/025)', async ({
  page,
  accounts,
  signIn,
}) => {
  const account = await accounts.create();
  const api = await apiAs(account);
  const run = await api.collection('trolley_exports').create<TrolleyExportRecord>(trailerRun(`Two${unique()}`));

  await signIn(page, account, `/runs/view/${run.id}`);
  await expect(page.getByRole('button', { name: 'Trolley 1: Greenfields - SO-101234' })).toBeVisible();

  // Another tablet saves the run meanwhile.
  const grid = [...run.vehicleInfo.grid];
  grid[3] = 'Rosebank';
  await api.collection('trolley_exports').update(run.id, { vehicleInfo: { ...run.vehicleInfo, grid } });

  await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
  await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The same account saved it elsewhere: said so, with the time.
  const conflict = page.getByRole('dialog', { name: 'This run was changed meanwhile' });
  await expect(conflict).toContainText(/You changed this run at \d\d:\d\d in another tab or on another device\. Yours wasn't saved/);
  // Their change stands; ours is still on screen.
  expect((await api.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id)).vehicleInfo.grid.slice(3, 5)).toEqual([
    'Rosebank',
    '',
  ]);
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Trolley 5: Bloom & Co' })).toBeVisible();
});
