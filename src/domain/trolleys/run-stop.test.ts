import { describe, expect, it } from 'vitest';
import { runStopsOf } from './run-stop';

const orders = {
  a: { id: 'a', title: 'Greenfields', postcode: 'ab1 2cd', trollies: '3', extras: '2 shelves', orderNumber: 'SO-1001' },
  b: { id: 'b', title: 'Hillside', postcode: 'ch4 9zz', trollies: '', extras: '', orderNumber: '' },
};
const find = (id: string) => orders[id as keyof typeof orders] ?? null;

describe('runStopsOf', () => {
  it('keeps the order in which orders were chosen and copies the stop fields', () => {
    expect(runStopsOf(['b', 'a'], find)).toEqual([
      { id: 'b', title: 'Hillside', postcode: 'ch4 9zz', trollies: '', extras: '', orderNumber: '' },
      { id: 'a', title: 'Greenfields', postcode: 'ab1 2cd', trollies: '3', extras: '2 shelves', orderNumber: 'SO-1001' },
    ]);
  });

  it('leaves out orders no longer found', () => {
    expect(runStopsOf(['gone', 'a'], find).map((s) => s.id)).toEqual(['a']);
  });
});
