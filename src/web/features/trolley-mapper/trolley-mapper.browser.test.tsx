import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { RunStop, VehicleInfo } from '#domain/records';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { renderWithRouter } from '../../testing/render';
import { TrolleyMapper } from './trolley-mapper';

// The mapper's plan state (run-plan-state.ts) as a planner meets it: what each change shows,
// what asks first, what Undo takes back, when the plan counts as changed, and the leave guard.

const stop = (id: string, title: string, trollies: string, orderNumber = ''): RunStop => ({
  id,
  title,
  postcode: 'gl7 2qa',
  trollies,
  extras: '',
  orderNumber,
});

function openMapper(
  stops: RunStop[] = [stop('a', 'Greenfields', '2', 'SO-1'), stop('b', 'Bloom & Co', '1')],
  vehicle: Partial<VehicleInfo> = {},
) {
  const vehicleInfo = { ...emptyVehicleInfo(), trolleyNumber: 8, driver: 'Dave', ...vehicle };
  return renderWithRouter(<TrolleyMapper initialPlan={{ stops, vehicleInfo }} session="test" />, '/trolley-mapper');
}

const unsavedNote = () => page.getByText('Unsaved changes');
const cell = (name: string) => page.getByRole('button', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });

describe('the trolley mapper', () => {
  it('fills trolleys with the chosen customer, a blank trolley or nothing, and then has unsaved changes', async () => {
    openMapper();
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 3' })).toBeVisible();
    await expect.element(unsavedNote()).not.toBeInTheDocument();

    await page.getByRole('button', { name: 'Choose Greenfields - SO-1 for the trolleys' }).click();
    await cell('Trolley 1: empty').click();
    await cell('Trolley 2: empty').click();
    await button('Blank Trolley').click();
    await cell('Trolley 3: empty').click();
    await expect.element(cell('Trolley 1: Greenfields - SO-1')).toBeVisible();
    await expect.element(cell('Trolley 2: Greenfields - SO-1')).toBeVisible();
    await expect.element(cell('Trolley 3: Blank')).toBeVisible();
    await expect.element(unsavedNote()).toBeVisible();

    await button('Erase').click();
    await cell('Trolley 2: Greenfields - SO-1').click();
    await expect.element(cell('Trolley 2: empty')).toBeVisible();

    // Clear All asks first while trolleys are filled.
    await button('Clear All').click();
    const dialog = page.getByRole('dialog', { name: 'Clear all trolleys?' });
    await expect.element(dialog).toHaveTextContent('This empties the 2 filled trolleys. Undo brings them back.');
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await expect.element(cell('Trolley 1: Greenfields - SO-1')).toBeVisible();
    await button('Clear All').click();
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await expect.element(cell('Trolley 1: empty')).toBeVisible();
    await expect.element(cell('Trolley 3: empty')).toBeVisible();
  });

  it('shows driver, reg, code and date without Edit, and counts as unchanged again when typing is undone', async () => {
    openMapper();
    const driver = page.getByLabelText('Driver');
    await expect.element(driver).toHaveValue('Dave');
    await expect.element(page.getByLabelText('Reg')).toBeVisible();
    await expect.element(page.getByLabelText('Code')).toBeVisible();
    await expect.element(page.getByLabelText('Date')).toBeVisible();
    await driver.fill('Sam');
    await expect.element(unsavedNote()).toBeVisible();
    await driver.fill('Dave');
    await expect.element(unsavedNote()).not.toBeInTheDocument();
  });

  it('Print and Save with details missing say what they need, next to the fields, and focus the first empty one', async () => {
    openMapper();
    await button('Print').click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Please enter driver, registration and date before printing: the run sheet shows them.');
    await expect.element(page.getByLabelText('Reg')).toHaveFocus();
    await expect.element(page.getByLabelText('Reg')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByLabelText('Driver')).not.toHaveAttribute('aria-invalid');

    await page.getByLabelText('Reg').fill('AB12 CDE');
    await button('Save').click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Please enter driver, registration and date before saving.');
    await expect.element(page.getByLabelText('Date')).toHaveFocus();
    // Filled in, the sentence goes.
    await page.getByLabelText('Date').fill('2026-11-23');
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  });

  it('adds, edits and removes stops, and the total follows', async () => {
    openMapper();
    await button('Edit').click();
    await button('+ Add').click();
    const added = page.getByLabelText('Trollies, stop 3');
    await expect.element(added).toHaveValue('');
    await added.fill('4');
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 7' })).toBeVisible();
    await page.getByRole('button', { name: /^Remove stop 1/ }).click();
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 5' })).toBeVisible();
    await button('Finish Editing').click();
    await expect.element(page.getByLabelText('Driver')).toHaveValue('Dave');
  });

  it('Undo takes back the last changes, by button and by Ctrl+Z outside text fields', async () => {
    openMapper();
    const undo = button('Undo');
    await expect.element(undo).toBeDisabled();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await cell('Trolley 1: empty').click();
    await cell('Trolley 2: empty').click();

    // Ctrl+Z in a text field is the field's own undo, not the plan's.
    await page.getByLabelText('Reg').click();
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.element(cell('Trolley 2: Bloom & Co')).toBeVisible();
    // Anywhere else it takes back the last change.
    await page.getByRole('heading', { name: 'Total Trollies: 3' }).click();
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.element(cell('Trolley 2: empty')).toBeVisible();
    await expect.element(cell('Trolley 1: Bloom & Co')).toBeVisible();

    // Typing into one field is one step.
    await button('Edit').click();
    await page.getByLabelText('Title, stop 1').fill('Greenfields Ltd');
    await page.getByLabelText('Title, stop 1').fill('Greenfields Ltd.');
    await undo.click();
    await expect.element(page.getByLabelText('Title, stop 1')).toHaveValue('Greenfields');
    await undo.click();
    await expect.element(cell('Trolley 1: empty')).toBeVisible();
    await expect.element(unsavedNote()).not.toBeInTheDocument();
    await expect.element(undo).toBeDisabled();
  });

  it('asks before a smaller size drops filled trolleys, and before a trailer clears the lorry', async () => {
    openMapper([stop('a', 'Bloom & Co', '1')], { vehicleType: 'trailer', trolleyNumber: 7 });
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    for (const n of [1, 6, 9]) await cell(`Trolley ${n}: empty`).click();

    await button('3T').click();
    const shrink = page.getByRole('dialog', { name: 'Change to 3T?' });
    await expect.element(shrink).toHaveTextContent('A 3T trailer has 5 places, so this empties Trolleys 6 and 9. Undo brings them back.');
    await shrink.getByRole('button', { name: 'Keep them' }).click();
    await expect.element(button('7T')).toHaveAttribute('aria-pressed', 'true');
    await expect.element(cell('Trolley 9: Bloom & Co')).toBeVisible();

    await button('3T').click();
    await shrink.getByRole('button', { name: 'Change to 3T' }).click();
    await expect.element(page.getByRole('button', { name: /^Trolley \d+: / }).nth(5)).not.toBeInTheDocument();
    await expect.element(cell('Trolley 1: Bloom & Co')).toBeVisible();
    await button('Undo').click();
    await expect.element(cell('Trolley 9: Bloom & Co')).toBeVisible();

    // A larger size keeps every cell and asks nothing; so does an empty grid.
    await button('Lorry').click();
    await page.getByRole('dialog', { name: 'Switch to a lorry?' }).getByRole('button', { name: 'Switch to Lorry' }).click();
    await expect.element(page.getByRole('button', { name: /^Trolley 1: / })).not.toBeInTheDocument();
    await button('4T').click();
    await button('8T').click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows each stop’s trolleys placed, fills in reverse drop order and blanks the rest', async () => {
    openMapper([stop('a', 'First', '2'), stop('b', 'Second', '3'), stop('c', 'Notes only', 'two')]);
    const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect.element(row('First')).toHaveTextContent(/0 of 2 placed/);
    await page.getByRole('button', { name: 'Choose First for the trolleys' }).click();
    await cell('Trolley 8: empty').click();
    await expect.element(row('First')).toHaveTextContent(/1 of 2 placed/);
    await expect.element(page.getByText('Placed 1 of 5 trolleys')).toBeVisible();

    await button('Fill').click();
    await expect.element(page.getByRole('status').filter({ hasText: /^Placed 4 trolleys/ })).toBeVisible();
    // The last drop deepest (from Trolley 1), then the first drop, nearest the doors.
    for (const [n, label] of [
      [1, 'Second'],
      [2, 'Second'],
      [3, 'Second'],
      [4, 'First'],
      [8, 'First'],
    ] as const) {
      await expect.element(cell(`Trolley ${n}: ${label}`)).toBeVisible();
    }
    await expect.element(row('First')).toHaveTextContent(/2 of 2 placed/);
    await expect.element(row('Second')).toHaveTextContent(/3 of 3 placed/);
    await expect.element(row('Notes only')).not.toHaveTextContent(/placed/);

    await button('Blank the rest').click();
    for (const n of [5, 6, 7]) await expect.element(cell(`Trolley ${n}: Blank`)).toBeVisible();
    await expect.element(button('Fill')).toBeDisabled();
  });

  it('warns when the trolleys exceed the vehicle, and Fill says what did not fit', async () => {
    openMapper([stop('a', 'First', '3'), stop('b', 'Second', '3')], { trolleyNumber: 4 });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent("Too many trolleys: this run needs 6, the 4T lorry has 4 places. 2 won't fit.");
    await button('Fill').click();
    await expect
      .element(page.getByRole('status').filter({ hasText: /^Placed/ }))
      .toHaveTextContent('Placed 4 trolleys, the last drop deepest and the first by the doors. No room for 2 trolleys: First (2).');
    await expect.element(cell('Trolley 4: First')).toBeVisible();
    await button('8T').click();
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before leaving a changed plan: Stay keeps it, Leave goes', async () => {
    const router = openMapper();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await cell('Trolley 1: empty').click();

    await router.navigate('/runs');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(router.getLocation().pathname).toBe('/trolley-mapper');

    await router.navigate('/runs');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => router.getLocation().pathname).toBe('/runs');
  });

  it('lets an unchanged plan go without asking', async () => {
    const router = openMapper();
    await router.navigate('/runs');
    expect(router.getLocation().pathname).toBe('/runs');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });
});
