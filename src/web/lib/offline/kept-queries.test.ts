import { describe, expect, test } from 'vitest';
import { nurseryKeys, orderKeys, runKeys, settingsKeys, teamKeys, trailKeys } from '../query-keys';
import { entriesOverLimit, isKeptEntry, KEEP_AT_MOST, keptKind, mayShowOnline, type KeptEntry } from './kept-queries';

const entry = (key: readonly unknown[], keptAt: number): KeptEntry => ({
  hash: JSON.stringify(key),
  key,
  user: 'u1',
  at: keptAt,
  keptAt,
  data: [],
});

describe('keptKind', () => {
  test.each([
    [orderKeys.week(2026, 48), 'week'],
    [orderKeys.collect(2026, 48), 'collect'],
    [orderKeys.holding(), 'holding'],
    [runKeys.list(), 'runs'],
    [runKeys.detail('abc'), 'run'],
    [settingsKeys.forUser('u1'), 'settings'],
    [nurseryKeys.detail('n1'), 'nursery'],
  ] as const)('%j is kept as %s', (key, kind) => {
    expect(keptKind(key)).toBe(kind);
  });

  test.each([[orderKeys.search('oak')], [orderKeys.detail('abc')], [teamKeys.members()], [trailKeys.deleted()], [['app-config']]])(
    '%j is not kept: only the server can judge it, or nobody reopens it offline',
    (key) => {
      expect(keptKind(key)).toBeNull();
    },
  );
});

describe('entriesOverLimit', () => {
  test('keeps the most recently shown of each kind, and removes the rest', () => {
    const weeks = Array.from({ length: KEEP_AT_MOST.week + 2 }, (_, i) => entry(orderKeys.week(2026, i + 1), 1000 + i));
    const holding = [entry(orderKeys.holding(), 5)];
    const over = entriesOverLimit([...weeks, ...holding]);
    // The two weeks shown longest ago go; the one holding list stays, however old.
    expect(over.map((e) => e.key)).toEqual([orderKeys.week(2026, 2), orderKeys.week(2026, 1)]);
  });
});

test('isKeptEntry refuses what an older version, or anything else, left in the store', () => {
  expect(isKeptEntry(entry(orderKeys.holding(), 1))).toBe(true);
  expect(isKeptEntry({ hash: 'x', key: [], user: 'u1', at: 1 })).toBe(false);
  expect(isKeptEntry(null)).toBe(false);
  expect(isKeptEntry('orders')).toBe(false);
});

test("a kept run is shown only offline: online the mapper opens the server's copy", () => {
  expect(mayShowOnline('run')).toBe(false);
  expect(mayShowOnline('week')).toBe(true);
});
