import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { RunStop } from '#domain/records';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { renderWithRouter } from '../../testing/render';
import { TrolleyMapper } from './trolley-mapper';

// The mapper's plan state (run-plan-state.ts) as a planner meets it: what each change shows,
// when the plan counts as changed, and the leave guard that follows from it.

const stop = (id: string, title: string, trollies: string, orderNumber = ''): RunStop => ({
  id,
  title,
  postcode: 'gl7 2qa',
  trollies,
  extras: '',
  orderNumber,
});

function openMapper(stops: RunStop[] = [stop('a', 'Greenfields', '2', 'SO-1'), stop('b', 'Bloom & Co', '1')]) {
  const vehicleInfo = { ...emptyVehicleInfo(), trolleyNumber: 8, driver: 'Dave' };
  return renderWithRouter(<TrolleyMapper initialPlan={{ stops, vehicleInfo }} />, '/trolley-mapper');
}

const unsavedNote = () => page.getByText('Unsaved changes');

describe('the trolley mapper', () => {
  it('fills trolleys with the chosen customer, a blank trolley or nothing, and then has unsaved changes', async () => {
    openMapper();
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 3' })).toBeVisible();
    await expect.element(unsavedNote()).not.toBeInTheDocument();

    await page.getByRole('button', { name: 'Choose Greenfields - SO-1 for the trolleys' }).click();
    await page.getByRole('button', { name: 'Trolley 1: empty' }).click();
    await page.getByRole('button', { name: 'Trolley 2: empty' }).click();
    await page.getByRole('button', { name: 'Blank Trolley' }).click();
    await page.getByRole('button', { name: 'Trolley 3: empty' }).click();
    await expect.element(page.getByRole('button', { name: 'Trolley 1: Greenfields - SO-1' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Trolley 2: Greenfields - SO-1' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Trolley 3: Blank' })).toBeVisible();
    await expect.element(unsavedNote()).toBeVisible();

    await page.getByRole('button', { name: 'Erase' }).click();
    await page.getByRole('button', { name: 'Trolley 2: Greenfields - SO-1' }).click();
    await expect.element(page.getByRole('button', { name: 'Trolley 2: empty' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.element(page.getByRole('button', { name: 'Trolley 1: empty' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Trolley 3: empty' })).toBeVisible();
  });

  it('counts as unchanged again when an edit is undone', async () => {
    openMapper();
    await page.getByRole('button', { name: 'Edit' }).click();
    const driver = page.getByLabelText('Driver');
    await driver.fill('Sam');
    await expect.element(unsavedNote()).toBeVisible();
    await driver.fill('Dave');
    await expect.element(unsavedNote()).not.toBeInTheDocument();
  });

  it('adds, edits and removes stops, and the total follows', async () => {
    openMapper();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: '+ Add' }).click();
    const added = page.getByLabelText('Trollies, stop 3');
    await expect.element(added).toHaveValue('');
    await added.fill('4');
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 7' })).toBeVisible();
    await page.getByRole('button', { name: /^Remove stop 1/ }).click();
    await expect.element(page.getByRole('heading', { name: 'Total Trollies: 5' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish Editing' }).click();
    await expect.element(page.getByText('Driver:')).toBeVisible();
  });

  it('keeps the cells a smaller lorry still has, and clears them for a trailer', async () => {
    openMapper();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await page.getByRole('button', { name: 'Trolley 1: empty' }).click();
    await page.getByRole('button', { name: '12T', exact: true }).click();
    await expect.element(page.getByRole('button', { name: 'Trolley 1: Bloom & Co' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Trolley 12: empty' })).toBeVisible();
    await page.getByRole('button', { name: 'Trailer', exact: true }).click();
    await expect.element(page.getByRole('button', { name: /^Trolley 1: / })).not.toBeInTheDocument();
  });

  it('asks before leaving a changed plan: Stay keeps it, Leave goes', async () => {
    const router = openMapper();
    await page.getByRole('button', { name: 'Choose Bloom & Co for the trolleys' }).click();
    await page.getByRole('button', { name: 'Trolley 1: empty' }).click();

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
