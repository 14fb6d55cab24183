import type { Page } from '@playwright/test';
import type { TrolleyExportRecord } from '../../src/domain/records';
import { api } from '../support/e2e-api';
import { expect, test } from '../support/e2e-fixtures';
import { cell, cells, openMapperWithStops, THREE_STOPS } from '../support/mapper';
import { PHONE_AND_DESKTOP } from '../support/screen-sizes';

// Nothing is lost by a slip, and the trolleys placed are in sight (docs/product.md#trolley-mapper):
// a smaller vehicle asks before dropping filled trolleys, Undo (button and Ctrl+Z) takes changes
// back, the plan survives a reload, Fill loads in reverse drop order with each stop's count, and
// too many trolleys are warned of. At a phone's size only: nothing here differs by size
// (docs/decisions/086), and the mapper's other journeys (trolley-mapper, run-saving) run at a
// desktop's.

const row = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

const size = PHONE_AND_DESKTOP[0];
test.describe(`at ${size.name} size`, () => {
  test.use({ viewport: size.viewport });

  test('shrinking 7T to 3T asks first, Undo takes changes back, and the plan survives a reload', async ({ page, accounts, signIn }) => {
    await signIn(page, await accounts.create());
    await openMapperWithStops(page);
    await page.getByRole('button', { name: 'Trailer', exact: true }).click();
    await page.getByRole('button', { name: '7T', exact: true }).click();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    for (const n of [2, 6, 9]) await cell(page, `Trolley ${n}: empty`).click();

    // 7T -> 3T would drop cells 6 to 9: asked first.
    await page.getByRole('button', { name: '3T', exact: true }).click();
    const shrink = page.getByRole('dialog', { name: 'Change to 3T?' });
    await expect(shrink).toContainText('A 3T trailer has 5 places, so this empties Trolleys 6 and 9.');
    await shrink.getByRole('button', { name: 'Keep them' }).click();
    await expect(cell(page, 'Trolley 9: Bloom & Co')).toBeVisible();
    await page.getByRole('button', { name: '3T', exact: true }).click();
    await shrink.getByRole('button', { name: 'Change to 3T' }).click();
    await expect(cells(page)).toHaveCount(5);

    // Undo by button brings the 7T back with its trolleys; Ctrl+Z outside a field takes the last fill back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(cell(page, 'Trolley 9: Bloom & Co')).toBeVisible();
    await page.getByRole('heading', { name: /^Total Trollies/ }).click();
    await page.keyboard.press('Control+z');
    await expect(cell(page, 'Trolley 9: empty')).toBeVisible();
    await expect(cell(page, 'Trolley 6: Bloom & Co')).toBeVisible();

    // A reload (or a closed tab) keeps the plan on this device: restored, and still unsaved.
    await page.getByLabel('Driver', { exact: true }).fill('Dave');
    await page.reload();
    await expect(page.getByText('Unsaved plan restored')).toBeVisible();
    await expect(cell(page, 'Trolley 6: Bloom & Co')).toBeVisible();
    await expect(page.getByLabel('Driver', { exact: true })).toHaveValue('Dave');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // The leave guard still asks about it (a phone goes home by the bottom bar's Board).
    await page
      .getByRole('link', { name: 'Trolleyboard' })
      .or(page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Board' }))
      .first()
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/trolley-mapper$/);

    // Discard goes back to the plan as the board handed it over.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(page.getByText('Unsaved plan restored')).toBeHidden();
    await expect(cells(page)).toHaveCount(0);
    await expect(page.getByLabel('Driver', { exact: true })).toHaveValue('');
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Move stop 1, Greenfields' })).toBeVisible();
    await expect(page.getByText('Unsaved plan restored')).toBeHidden();
  });

  test('a saved run’s unsaved changes survive a reload and save to that run', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const run = await pb.collection('trolley_exports').create<TrolleyExportRecord>({
      name: '',
      data: THREE_STOPS,
      vehicleInfo: { driver: 'Ann', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
    });
    await signIn(page, account, `/runs/view/${run.id}`);
    await page.getByRole('button', { name: 'Choose Hillside Plants for the trolleys' }).click();
    await cell(page, 'Trolley 1: empty').click();
    await page.reload();
    await expect(page.getByText('Unsaved plan restored')).toBeVisible();
    await expect(cell(page, 'Trolley 1: Hillside Plants')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Run saved.')).toBeVisible();
    await expect(page.getByText('Unsaved plan restored')).toBeHidden();
    expect((await pb.collection('trolley_exports').getOne<TrolleyExportRecord>(run.id)).vehicleInfo.grid[0]).toBe('Hillside Plants');
    // Saved, nothing is restored any more.
    await page.reload();
    await expect(cell(page, 'Trolley 1: Hillside Plants')).toBeVisible();
    await expect(page.getByText('Unsaved plan restored')).toBeHidden();
  });

  test('Fill loads in reverse drop order with each stop’s count; too many trolleys are warned of', async ({ page, accounts, signIn }) => {
    await signIn(page, await accounts.create());
    await openMapperWithStops(page);
    await page.getByRole('button', { name: '8T', exact: true }).click();
    await expect(row(page, 'Greenfields')).toContainText('0 of 3 placed');

    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Placed 7 trolleys/ })).toBeVisible();
    // The last drop deepest (Trolley 1 at the front), the first drop nearest the doors.
    const order = await page
      .getByRole('button', { name: /^Trolley \d+: / })
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')!.replace(/^Trolley \d+: /, '')));
    expect(order).toEqual([
      'Hillside Plants',
      'Hillside Plants',
      'Bloom & Co',
      'Bloom & Co',
      'Greenfields',
      'Greenfields',
      'Greenfields',
      'empty',
    ]);
    for (const [title, count] of [
      ['Greenfields', '3 of 3 placed'],
      ['Bloom & Co', '2 of 2 placed'],
      ['Hillside Plants', '2 of 2 placed'],
    ]) {
      await expect(row(page, title!)).toContainText(count!);
    }
    await page.getByRole('button', { name: 'Blank the rest' }).click();
    await expect(cell(page, 'Trolley 8: Blank')).toBeVisible();

    // Two more trolleys for Greenfields than a 8T lorry has room for: warned, and Fill says what did not fit.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Trollies, stop 1').fill('5');
    await page.getByRole('button', { name: 'Finish Editing' }).click();
    await expect(page.getByRole('alert')).toContainText("Too many trolleys: this run needs 9, the 8T lorry has 8 places. 1 won't fit.");
    await expect(row(page, 'Greenfields')).toContainText('3 of 5 placed');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(cell(page, 'Trolley 8: empty')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Trollies, stop 1').fill('5');
    await page.getByRole('button', { name: 'Finish Editing' }).click();
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Placed/ })).toHaveText(
      'Placed 1 trolley, the last drop deepest and the first by the doors. No room for 1 trolley: Greenfields (1).',
    );
    await expect(row(page, 'Greenfields')).toContainText('4 of 5 placed');
  });
});
