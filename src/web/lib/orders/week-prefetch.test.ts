import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '#domain/records';
import { offerWeekPrefetch, prefetchedWeekIfArrived, takePrefetchedWeek } from './week-prefetch';
import { WEEK_ORDERS_PAGE_SIZE } from './week-request';

// The board takes the boot script's answer only for the week and session it was asked for,
// and only once: a later load of the same week must ask the server again.

const order = (id: string) => ({ id, title: `Order ${id}` }) as unknown as OrderRecord;
const answerWith = (items: unknown[]) => Promise.resolve({ page: 1, perPage: WEEK_ORDERS_PAGE_SIZE, items });

afterEach(async () => {
  // Leave no offer behind for the next test.
  await takePrefetchedWeek(0, 0, '');
});

describe('takePrefetchedWeek', () => {
  it('hands over the orders of the week and session asked for, once', async () => {
    offerWeekPrefetch({ year: 2026, week: 47, token: 'token-a', answer: answerWith([order('a'), order('b')]) });
    expect((await takePrefetchedWeek(2026, 47, 'token-a'))?.map((o) => o.id)).toEqual(['a', 'b']);
    expect(await takePrefetchedWeek(2026, 47, 'token-a')).toBeNull();
  });

  it.each([
    ['another week', 2026, 48, 'token-a'],
    ['another year', 2027, 47, 'token-a'],
    ['another session', 2026, 47, 'token-b'],
  ])('gives nothing for %s', async (_name, year, week, token) => {
    offerWeekPrefetch({ year: 2026, week: 47, token: 'token-a', answer: answerWith([order('a')]) });
    expect(await takePrefetchedWeek(year, week, token)).toBeNull();
  });

  it('gives nothing when the request failed or was refused', async () => {
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer: Promise.reject(new TypeError('Failed to fetch')) });
    expect(await takePrefetchedWeek(2026, 47, 't')).toBeNull();
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer: Promise.resolve(null) });
    expect(await takePrefetchedWeek(2026, 47, 't')).toBeNull();
  });

  it('gives nothing for a full page: the week may have more orders than one page holds', async () => {
    const full = Array.from({ length: WEEK_ORDERS_PAGE_SIZE }, (_, i) => order(String(i)));
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer: answerWith(full) });
    expect(await takePrefetchedWeek(2026, 47, 't')).toBeNull();
  });
});

describe('prefetchedWeekIfArrived', () => {
  it('gives nothing while the answer is on its way, and leaves it for the query to wait for', async () => {
    let answer: (body: unknown) => void = () => undefined;
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer: new Promise((resolve) => (answer = resolve)) });
    expect(prefetchedWeekIfArrived(2026, 47, 't')).toBeUndefined();
    const waiting = takePrefetchedWeek(2026, 47, 't');
    answer({ items: [order('a')] });
    expect((await waiting)?.map((o) => o.id)).toEqual(['a']);
  });

  it('gives the orders at once when the answer is in, once', async () => {
    const answer = answerWith([order('a')]);
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer });
    await answer;
    expect(prefetchedWeekIfArrived(2026, 47, 't')?.map((o) => o.id)).toEqual(['a']);
    expect(prefetchedWeekIfArrived(2026, 47, 't')).toBeUndefined();
    expect(await takePrefetchedWeek(2026, 47, 't')).toBeNull();
  });

  it('gives nothing for another session, even when the answer is in', async () => {
    const answer = answerWith([order('a')]);
    offerWeekPrefetch({ year: 2026, week: 47, token: 't', answer });
    await answer;
    expect(prefetchedWeekIfArrived(2026, 47, 'someone else')).toBeUndefined();
  });
});
