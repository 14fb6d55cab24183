import { describe, expect, it } from 'vitest';
import { ORDER_DEFAULTS, tasks } from '../collections/tasks';
import { trolleyExports } from '../collections/trolley-exports';
import { fieldChanges, trackedFields } from './record-history';

const order = {
  ...ORDER_DEFAULTS,
  id: 'o1',
  weekNumber: 12,
  year: 2026,
  user: 'u1',
  created_by: 'u1',
  updated_by: 'u1',
  standingOrder: '',
  standingWeek: '',
  attachments: [] as string[],
};

describe('fieldChanges', () => {
  it('records every field shown, except who added and changed it (the entry says who)', () => {
    expect(trackedFields(tasks)).not.toContain('created_by');
    expect(trackedFields(tasks)).not.toContain('updated_by');
    expect(trackedFields(tasks)).not.toContain('user');
    expect(trackedFields(tasks)).toContain('title');
    // A run's steps are in its history too (docs/decisions/042).
    expect(trackedFields(trolleyExports)).toEqual(['name', 'data', 'vehicleInfo', 'state', 'stateLog']);
  });

  it('gives a new record each field set to something other than its default, from null', () => {
    expect(fieldChanges(tasks, null, { ...order, title: 'Greenfields', status: 'pulled' })).toEqual([
      { field: 'title', from: null, to: 'Greenfields' },
      { field: 'weekNumber', from: null, to: 12 },
      { field: 'year', from: null, to: 2026 },
      { field: 'status', from: null, to: 'pulled' },
    ]);
  });

  it('gives a change each field that differs, in the declared order, and nothing for the rest', () => {
    const before = { ...order, title: 'Greenfields', status: '' };
    expect(fieldChanges(tasks, before, { ...before, status: 'loaded', trollies: '3', updated_by: 'u2' })).toEqual([
      { field: 'status', from: '', to: 'loaded' },
      { field: 'trollies', from: '', to: '3' },
    ]);
    expect(fieldChanges(tasks, before, { ...before, updated_by: 'u2' })).toEqual([]);
  });

  it('compares JSON fields by content', () => {
    const stops = [{ id: 's1', title: 'Bloom', postcode: '', trollies: '1', extras: '', orderNumber: '' }];
    const run = { id: 'r1', name: 'Kent', data: stops, vehicleInfo: {}, user: 'u1', created_by: 'u1', updated_by: 'u1' };
    expect(fieldChanges(trolleyExports, run, { ...run, data: structuredClone(stops) })).toEqual([]);
    expect(fieldChanges(trolleyExports, run, { ...run, data: [] })).toEqual([{ field: 'data', from: stops, to: [] }]);
  });
});
