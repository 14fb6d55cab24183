import fc from 'fast-check';
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { collectBoardList, holdingList, pickSheetDayList, searchList, weekBoardList } from '#domain/orders/order-lists';
import { bindFilter, weekOrdersFilter, weekOrdersUrl } from './week-request';

// The boot script and the board's query must send the same request: the server answers both
// from one cached list, and the board must show the same orders whichever of them answered.

/** The first URL the official SDK sends for the board's getFullList, as the board's query asks it. */
async function sdkFirstPageUrl(year: number, week: number): Promise<string> {
  const pb = new PocketBase('http://nursery.lan:8090');
  const { filter, sort } = weekBoardList({ year, weekNumber: week });
  let sent = '';
  await pb.collection('tasks').getFullList({
    filter: pb.filter(filter.expression, filter.params),
    sort,
    fetch: async (url: RequestInfo | URL) => {
      sent = String(url);
      return new Response(JSON.stringify({ page: 1, perPage: 1000, totalItems: -1, totalPages: -1, items: [] }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return sent;
}

describe('the week board request', () => {
  it.each([
    [2026, 47],
    [2026, 53],
    [2027, 1],
  ])('for %i week %i is, byte for byte, what the SDK sends for the same list', async (year, week) => {
    expect(weekOrdersUrl('http://nursery.lan:8090/', year, week)).toBe(await sdkFirstPageUrl(year, week));
  });

  it('names only the week and the board types none and collect, as before the rule had a declaration', () => {
    expect(weekOrdersFilter(2026, 47)).toBe('year = 2026 && weekNumber = 47 && (other = "none" || other = "collect")');
  });

  it('refuses anything but whole numbers, so nothing can be written into the filter', () => {
    expect(() => weekOrdersFilter(2026, 1.5)).toThrow(RangeError);
    expect(() => weekOrdersFilter(Number('2026 || 1=1'), 4)).toThrow(RangeError);
  });
});

describe('bindFilter', () => {
  const sdk = new PocketBase('http://nursery.lan:8090');
  it("fills in every list rule as the SDK's pb.filter does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 53 }), fc.string(), (year, weekNumber, text) => {
        const week = { year, weekNumber };
        const lists = [
          weekBoardList(week),
          collectBoardList(week),
          holdingList(),
          pickSheetDayList({ ...week, day: 'Friday' }),
          searchList(text),
        ];
        for (const { filter } of lists)
          expect(bindFilter(filter.expression, filter.params)).toBe(sdk.filter(filter.expression, filter.params));
      }),
    );
  });
});
