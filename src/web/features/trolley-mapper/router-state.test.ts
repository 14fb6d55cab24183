import { describe, expect, it } from 'vitest';
import { stopsFromRouterState } from './router-state';
import { withUniqueIds } from './stop-ids';

const stop = { id: 'abc', title: 'Greenfields', postcode: 'tn126ab', trollies: '3', extras: '', orderNumber: '1044' };

describe('stopsFromRouterState', () => {
  it.each([
    ['no state', null, []],
    ['state without stops', { from: 'board' }, []],
    ['stops that are not a list', { stops: 'x' }, []],
    ['a full stop', { stops: [stop] }, [stop]],
    [
      'numbers and missing fields',
      { stops: [{ id: 'o1', title: 'Bloom', trollies: 2, orderNumber: 77 }, 'junk', null, ['x']] },
      [{ id: 'o1', title: 'Bloom', postcode: '', trollies: '2', extras: '', orderNumber: '77' }],
    ],
  ])('%s', (_, state, stops) => {
    expect(stopsFromRouterState(state)).toEqual(stops);
  });
});

describe('withUniqueIds', () => {
  it('keeps distinct ids and replaces blank or repeated ones', () => {
    const stops = withUniqueIds([stop, { ...stop, id: '' }, { ...stop }, { ...stop, id: 'def' }]);
    expect(stops[0]).toBe(stop);
    expect(stops.map((s) => s.id)).toEqual(['abc', expect.stringMatching(/^stop-/), expect.stringMatching(/^stop-/), 'def']);
    expect(new Set(stops.map((s) => s.id)).size).toBe(4);
  });
});
