import { describe, expect, it } from 'vitest';
import { filterRuns } from './run-filter';

const run = (id: string, state: 'new' | 'dispatched' | 'delivered', date: string) => ({ id, state, vehicleInfo: { date } });
const runs = [
  run('a', 'new', '2026-11-23'),
  run('b', 'dispatched', '2026-11-24'),
  run('c', 'delivered', '2026-11-25'),
  run('d', 'new', ''),
];
const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

describe('the Runs filters', () => {
  it('keep every run with no filter, and only the chosen state with one', () => {
    expect(ids(filterRuns(runs, { state: '', from: '', to: '' }))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterRuns(runs, { state: 'dispatched', from: '', to: '' }))).toEqual(['b']);
  });

  it('keep the runs whose date is within from and to, both days included', () => {
    expect(ids(filterRuns(runs, { state: '', from: '2026-11-24', to: '' }))).toEqual(['b', 'c']);
    expect(ids(filterRuns(runs, { state: '', from: '', to: '2026-11-24' }))).toEqual(['a', 'b']);
    expect(ids(filterRuns(runs, { state: 'new', from: '2026-11-23', to: '2026-11-23' }))).toEqual(['a']);
  });
});
