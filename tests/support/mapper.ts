import { expect, type Page } from '@playwright/test';
import type { RunStop } from '../../src/domain/records';
import { unique } from './e2e-api';

// What the trolley-mapper journeys share: opening a new plan with stops, and finding its cells.

/** Three customers in drop order, 7 trolleys in all. */
export const THREE_STOPS: RunStop[] = [
  { id: 'o1', title: 'Greenfields', postcode: 'tn126ab', trollies: '3', extras: '', orderNumber: '' },
  { id: 'o2', title: 'Bloom & Co', postcode: 'me11aa', trollies: '2', extras: '', orderNumber: '' },
  { id: 'o3', title: 'Hillside Plants', postcode: 'ct27nz', trollies: '2', extras: '', orderNumber: '' },
];

/** Opens the mapper as the board's Create Run does: with these stops handed over in the history entry. */
export async function openMapperWithStops(page: Page, stops: readonly RunStop[] = THREE_STOPS): Promise<void> {
  await page.goto('/trolley-mapper');
  await page.evaluate(`window.history.replaceState(${JSON.stringify({ usr: { stops }, key: `board${unique()}`, idx: 0 })}, '')`);
  await page.reload();
  await expect(page.getByRole('button', { name: `Move stop 1, ${stops[0]!.title}` })).toBeVisible();
}

/** A trolley place by its accessible name, e.g. "Trolley 3: empty" or "Trolley 1: Greenfields". */
export const cell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Every trolley place of the vehicle on screen. */
export const cells = (page: Page) => page.getByRole('button', { name: /^Trolley \d+: / });
