import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_DEFAULTS } from '#domain/collections/tasks';
import type { OrderRecord } from '#domain/records';
import { queryClient } from '../query-client';
import { orderKeys } from '../query-keys';
import { applyChangeToCache } from './order-cache';

// A live change that arrives while the board's list is being fetched again (the catch-up right
// after subscribing, a reconnect, the 120 s refresh): the answer may have been read before the
// change, and must not put the old list back on screen.

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...ORDER_DEFAULTS,
  id,
  collectionId: 'tasks',
  collectionName: 'tasks',
  created: '2026-11-24 09:00:00.000Z',
  updated: '2026-11-24 09:00:00.000Z',
  title: `Order ${id}`,
  day: 'wednesday',
  weekNumber: 49,
  year: 2026,
  user: 'u',
  created_by: 'u',
  updated_by: 'u',
  nursery: 'nursery1',
  standingOrder: '',
  standingWeek: '',
  attachments: [],
  ...over,
});

const key = orderKeys.week(2026, 49);

/** A fetch of the week's list whose answer the test gives when it likes. */
function fetchHeldOpen() {
  let answer: (list: OrderRecord[]) => void = () => undefined;
  const done = queryClient.fetchQuery({
    queryKey: key,
    queryFn: () => new Promise<OrderRecord[]>((resolve) => (answer = resolve)),
    staleTime: 0,
  });
  return { answer: (list: OrderRecord[]) => answer(list), done };
}

afterEach(() => queryClient.clear());

describe('a live change during a fetch of the same list', () => {
  it('stays on screen when the answer was read before it', async () => {
    queryClient.setQueryData(key, [order('a')]);
    const fetch = fetchHeldOpen();
    applyChangeToCache({ action: 'create', record: order('b', { created: '2026-11-24 09:05:00.000Z' }) });
    expect(queryClient.getQueryData<OrderRecord[]>(key)?.map((o) => o.id)).toEqual(['a', 'b']);
    fetch.answer([order('a')]);
    await fetch.done;
    expect(queryClient.getQueryData<OrderRecord[]>(key)?.map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('keeps a delete and a move away, and never puts an older copy over a newer answer', async () => {
    queryClient.setQueryData(key, [order('a'), order('b'), order('c')]);
    const fetch = fetchHeldOpen();
    applyChangeToCache({ action: 'delete', record: { id: 'a' } });
    applyChangeToCache({ action: 'update', record: order('b', { weekNumber: 50, updated: '2026-11-24 09:10:00.000Z' }) });
    applyChangeToCache({ action: 'update', record: order('c', { title: 'Older', updated: '2026-11-24 09:10:00.000Z' }) });
    // The server's answer: a, b as they were before; c changed again since the event above.
    fetch.answer([order('a'), order('b'), order('c', { title: 'Newest', updated: '2026-11-24 09:20:00.000Z' })]);
    await fetch.done;
    expect(queryClient.getQueryData<OrderRecord[]>(key)?.map((o) => `${o.id} ${o.title}`)).toEqual(['c Newest']);
  });
});
