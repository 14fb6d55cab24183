import type { Page } from '@playwright/test';
import type { TrolleyExportRecord } from '../../src/domain/records';
import { api, unique } from '../support/e2e-api';
import { ONE_SIZE } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';

// A run is saved back to itself (docs/product.md#trolley-mapper): a run opened from Runs updates
// its own record by id, whatever its name becomes; a new plan's address follows its first save; a
// new plan whose name a run already has asks before replacing it; and a run saved elsewhere
// meanwhile is never overwritten without the planner choosing to. At a desktop's size only: saving
// a run is a job at the office's desk and nothing here differs by size (docs/decisions/086); the
// mapper at a phone's size is in mapper-slips.spec.ts and every-screen.spec.ts.

function lorryRun(driver: string, reg: string) {
  return {
    name: `23-11-2026-${driver}-${reg}`,
    data: [
      { id: 'stop-a', title: 'Greenfields', postcode: 'tn126ab', trollies: '3', extras: '', orderNumber: 'SO-101234' },
      { id: 'stop-b', title: 'Bloom & Co', postcode: 'me11aa', trollies: '1', extras: '', orderNumber: '' },
    ],
    vehicleInfo: {
      driver,
      reg,
      code: 'K9',
      date: '2026-11-23',
      vehicleType: 'lorry',
      trolleyNumber: 8,
      grid: ['Bloom & Co', 'Greenfields - SO-101234', 'Greenfields - SO-101234', 'Greenfields - SO-101234', '', '', '', ''],
    },
  };
}

/** "10:12": a record's `updated` as the page shows it (the browser runs in this machine's zone). */
const clock = (updated: string) => new Date(updated.replace(' ', 'T')).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

async function fillDetails(page: Page, details: { driver: string; reg: string; date: string }) {
  await page.getByLabel('Driver', { exact: true }).fill(details.driver);
  await page.getByLabel('Reg', { exact: true }).fill(details.reg);
  await page.getByLabel('Date', { exact: true }).fill(details.date);
}

const size = ONE_SIZE.desk;
test.describe(`at ${size.name} size`, () => {
  test.use(size.use);

  test('a run opened from Runs saves back to itself: one record, the same address, the new driver', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const run = await pb.collection('trolley_exports').create<TrolleyExportRecord>(lorryRun(`Sam${unique()}`, 'AB12 CDE'));

    await signIn(page, account, '/runs');
    await page.locator(`a[href="/runs/view/${run.id}"]`).click();
    await expect(page.getByRole('button', { name: 'Trolley 1: Bloom & Co' })).toBeVisible();
    // The details are in sight without Edit.
    const driver = page.getByLabel('Driver', { exact: true });
    await expect(driver).toHaveValue(run.vehicleInfo.driver);

    const newDriver = `Tom${unique()}`;
    await driver.fill(newDriver);
    await saveButton(page).click();
    await expect(page.getByText('Run saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/runs/view/${run.id}$`));

    const mine = await pb
      .collection('trolley_exports')
      .getFullList<TrolleyExportRecord>({ filter: pb.filter('user = {:me}', { me: account.id }) });
    expect(mine.map((r) => r.id)).toEqual([run.id]);
    expect(mine[0]!.name).toBe(`23-11-2026-${newDriver}-AB12 CDE`);
    expect(mine[0]!.vehicleInfo.driver).toBe(newDriver);

    // Saved again later, still the same record.
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
    await saveButton(page).click();
    await expect(page.getByText('Run saved.').first()).toBeVisible();
    await expect
      .poll(async () => (await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id)).vehicleInfo.grid[4])
      .toBe('Bloom & Co');
    expect(await pb.collection('trolley_exports').getFullList({ filter: pb.filter('user = {:me}', { me: account.id }) })).toHaveLength(1);
  });

  test('a new plan’s address follows its save; a new plan with a taken name asks before replacing', async ({ page, accounts, signIn }) => {
    const me = await accounts.create();
    const teammate = await accounts.create({ nursery: me.nursery });
    const driver = `Pat${unique()}`;
    const theirs = await (await api(teammate)).collection('trolley_exports').create<TrolleyExportRecord>(lorryRun(driver, 'XY70 TRK'));
    const pb = await api(me);
    const named = () =>
      pb.collection('trolley_exports').getFullList<TrolleyExportRecord>({ filter: pb.filter('name = {:name}', { name: theirs.name }) });

    await signIn(page, me, '/trolley-mapper');
    await page.getByRole('button', { name: 'Trailer', exact: true }).click();
    await page.getByRole('button', { name: '7T', exact: true }).click();
    await fillDetails(page, { driver, reg: 'XY70 TRK', date: '2026-11-23' });

    // Same driver, date and reg as the teammate's lorry plan: asked, not silently replaced.
    await saveButton(page).click();
    const question = page.getByRole('dialog', { name: `Replace the run saved by ${teammate.username} at ${clock(theirs.updated)}?` });
    await expect(question).toBeVisible();
    await expect(question).toContainText(`A run named ${theirs.name} is saved already (Lorry 8T, 2 customers).`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/trolley-mapper$/);
    expect((await named()).map((r) => r.vehicleInfo.vehicleType)).toEqual(['lorry']);

    // Keep both: a second run of that name, and the address is the new run's.
    await saveButton(page).click();
    await question.getByRole('button', { name: 'Save as a new run' }).click();
    await expect(page.getByText('Run saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/runs\/view\/[a-z0-9]{15}$/);
    const newId = page.url().split('/').at(-1)!;
    expect(newId).not.toBe(theirs.id);
    await expect.poll(async () => (await named()).map((r) => r.vehicleInfo.vehicleType).sort()).toEqual(['lorry', 'trailer']);

    // The same mapper stays on screen (Undo still has its changes), and saving again updates the new run.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await page.getByLabel('Code', { exact: true }).fill('R2');
    await saveButton(page).click();
    await expect.poll(async () => (await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(newId)).vehicleInfo.code).toBe('R2');
    expect(await named()).toHaveLength(2);

    // A reload of the followed address opens the saved run.
    await page.reload();
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue('R2');
    await expect(page.getByRole('button', { name: 'Trailer' })).toHaveAttribute('aria-pressed', 'true');

    // Another new plan of that name, replacing on purpose: the newest run of the name is updated in place.
    await page.goto('/trolley-mapper');
    await page.getByRole('button', { name: '4T', exact: true }).click();
    await fillDetails(page, { driver, reg: 'XY70 TRK', date: '2026-11-23' });
    await saveButton(page).click();
    await expect(page.getByRole('dialog', { name: /^Replace the run you saved at \d\d:\d\d\?$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Replace' }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/view/${newId}$`));
    await expect
      .poll(async () => (await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(newId)).vehicleInfo.trolleyNumber)
      .toBe(4);
    expect((await named()).map((r) => r.id).sort()).toEqual([theirs.id, newId].sort());
  });

  test('a run saved elsewhere meanwhile: the planner hears who and when, and loads theirs or keeps theirs', async ({
    page,
    browser,
    accounts,
    signIn,
  }) => {
    const me = await accounts.create();
    const teammate = await accounts.create({ nursery: me.nursery });
    const pb = await api(me);
    const run = await pb.collection('trolley_exports').create<TrolleyExportRecord>(lorryRun(`Kim${unique()}`, 'CF51 XYZ'));

    await signIn(page, me, `/runs/view/${run.id}`);
    await expect(page.getByRole('button', { name: 'Trolley 1: Bloom & Co' })).toBeVisible();

    // The teammate opens the same run on another device and saves a change.
    const other = await browser.newContext(size.use);
    const otherPage = await other.newPage();
    await signIn(otherPage, teammate, `/runs/view/${run.id}`);
    await otherPage.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await otherPage.getByRole('button', { name: 'Trolley 8: empty' }).click();
    await otherPage.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(otherPage.getByText('Run saved.')).toBeVisible();
    await other.close();
    const theirs = await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id);

    // My change, saved over a version that is no longer the latest.
    await page.getByRole('button', { name: 'Choose Greenfields - SO-101234 for the trolleys' }).click();
    await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
    await saveButton(page).click();
    const conflict = page.getByRole('dialog', { name: 'This run was changed meanwhile' });
    await expect(conflict).toContainText(`${teammate.username} changed this run at ${clock(theirs.updated)}. Yours wasn't saved`);
    expect((await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id)).vehicleInfo.grid.slice(4)).toEqual([
      '',
      '',
      '',
      'Bloom & Co',
    ]);

    // Cancel keeps mine on screen, unsaved; Load theirs shows theirs and drops mine.
    await conflict.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Trolley 5: Greenfields - SO-101234' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await saveButton(page).click();
    await conflict.getByRole('button', { name: 'Load theirs' }).click();
    await expect(page.getByRole('button', { name: 'Trolley 8: Bloom & Co' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Trolley 5: empty' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();

    // From theirs, my next change saves without a question.
    await page.getByRole('button', { name: 'Trolley 6: empty' }).click();
    await saveButton(page).click();
    await expect(page.getByText('Run saved.')).toBeVisible();

    // Another save elsewhere, and this time I keep mine: it is saved over theirs, knowingly.
    const grid = [...theirs.vehicleInfo.grid];
    grid[6] = 'Rosebank';
    await (await api(teammate)).collection('trolley_exports').update(run.id, { vehicleInfo: { ...theirs.vehicleInfo, grid } });
    await page.getByRole('button', { name: 'Trolley 5: empty' }).click();
    await saveButton(page).click();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(page.getByText('Run saved.').first()).toBeVisible();
    await expect
      .poll(async () => (await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id)).vehicleInfo.grid.slice(4))
      .toEqual(['Greenfields - SO-101234', 'Greenfields - SO-101234', '', 'Bloom & Co']);
  });
});
