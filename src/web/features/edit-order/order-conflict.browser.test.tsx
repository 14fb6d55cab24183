import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import type { OrderRecord } from '#domain/records';
import { render } from '../../testing/render';
import { ConflictNotice } from './conflict-notice';
import { fieldsOf, keepEditsOnLatest, orderConflict } from './order-conflict';

// Someone else saved the order while this user edited it: the notice says what they changed in
// staff's words, and Reload carries on from their copy without losing what this user typed.

const base: OrderRecord = {
  ...ORDER_DEFAULTS,
  id: 'o1',
  collectionId: 'pbc_tasks_000001',
  collectionName: 'tasks',
  created: '2026-11-20 08:00:00.000Z',
  updated: '2026-11-20 08:00:00.000Z',
  title: 'Greenfields',
  day: 'monday',
  postcode: 'gl7 2qa',
  orderNumber: 'SO-1',
  customerType: 'wholesale',
  other: 'none',
  weekNumber: 48,
  year: 2026,
  orderInfo: 'Deliver before 9am',
  status: '',
  trollies: '2',
  extras: '',
  user: 'u1',
  created_by: 'u1',
  updated_by: 'u1',
  nursery: 'nursery1',
  standingOrder: '',
  standingWeek: '',
  attachments: [],
};
const latest: OrderRecord = {
  ...base,
  updated: '2026-11-20 09:00:00.000Z',
  status: 'working',
  day: 'friday',
  other: 'collect',
  customerType: 'retail',
  orderInfo: '',
  trollies: '3',
};

describe('an edit conflict', () => {
  it('lists every field the other save changed, as staff read it', async () => {
    render(<ConflictNotice conflict={orderConflict(base, latest)} onReload={() => {}} />);
    const items = page.getByRole('listitem');
    await expect.element(items.nth(0)).toHaveTextContent('Customer type changed from Wholesale to Retail.');
    await expect.element(items.nth(1)).toHaveTextContent('Day changed from Monday to Friday.');
    await expect.element(items.nth(2)).toHaveTextContent('Board type changed from Weekly board to Collect.');
    await expect.element(items.nth(3)).toHaveTextContent('Status changed from None to Working.');
    await expect.element(items.nth(4)).toHaveTextContent('Trolleys changed from "2" to "3".');
    await expect.element(items.nth(5)).toHaveTextContent('Additional Info changed from "Deliver before 9am" to (empty).');
    expect(items.elements()).toHaveLength(6);
  });

  it('says so when the other save changed no field the form shows', async () => {
    render(<ConflictNotice conflict={orderConflict(base, { ...base, updated: latest.updated })} onReload={() => {}} />);
    await expect.element(page.getByRole('listitem')).toHaveTextContent('No field differs.');
  });

  it('reloads onto the latest copy, keeping what this user typed', async () => {
    const typed = { ...fieldsOf(base), trollies: '5', postcode: 'ab1 2cd' };
    let reloaded = typed;
    const conflict = orderConflict(base, latest);
    render(<ConflictNotice conflict={conflict} onReload={() => (reloaded = keepEditsOnLatest(typed, base, conflict.latest))} />);
    await page.getByRole('button', { name: 'Reload' }).click();
    expect(reloaded).toEqual({ ...fieldsOf(latest), trollies: '5', postcode: 'ab1 2cd' });
  });
});
