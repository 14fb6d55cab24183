import { describe, expect, it } from 'vitest';
import { dayOf, dispatchOf, mapMovement, mapPlantLabel, mapTask, mapUser, orderPhotoOf, roleOf, runState, type Refs } from './map-records';

// The pure mapping of the original app's records (docs/decisions/048).

const NOW = '2026-11-24 10:00:00.000Z';
const refs: Refs = {
  user: (id) => (id === 'pbuser' ? 'pbuser' : ''),
  userName: (id) => (id === 'pbuser' ? 'Pat' : ''),
  customer: (id) => (id ? String(id) : ''),
};
const HASH = `$2a$10$${'a'.repeat(53)}`;

describe('mapping PocketBase records', () => {
  it('reads a day as text in any case or as a one-element list; leaves anything else for validation to refuse', () => {
    expect(dayOf('Friday')).toBe('friday');
    expect(dayOf(['tuesday'])).toBe('tuesday');
    expect(dayOf(['monday', 'friday'])).toEqual(['monday', 'friday']);
  });

  it("maps the original app's roles: super-user is office, no role is staff", () => {
    expect([roleOf('admin'), roleOf('super-user'), roleOf('viewer'), roleOf('user'), roleOf('')]).toEqual([
      'admin',
      'office',
      'viewer',
      'staff',
      'staff',
    ]);
  });

  it('makes year 0 2024, keeps the times and who made it, and sends a soft-deleted order to Deleted', () => {
    const mapped = mapTask(
      {
        id: 'abc',
        created: '2024-03-01 08:00:00.000Z',
        updated: '2024-03-02 08:00:00.000Z',
        title: 'A',
        year: '0',
        weekNumber: '7',
        day: ['monday'],
        deleted: true,
        created_by: 'pbuser',
      },
      refs,
      NOW,
    );
    expect(mapped).toMatchObject({
      kind: 'record',
      wantedId: 'abc',
      created: '2024-03-01 08:00:00.000Z',
      updated: '2024-03-02 08:00:00.000Z',
      deleted: true,
      body: { year: 2024, weekNumber: 7, day: 'monday', other: 'none', customerType: 'wholesale' },
      trusted: { created_by: 'pbuser', user: 'pbuser', updated_by: '' },
    });
  });

  it('splits a movement with out and in counts into two, the second with an id of its own', () => {
    const moves = mapMovement({ id: 'm1', customer: 'c1', trollies_out: 2, trollies_in: 4, date: '2025-03-04 09:00:00.000Z' }, refs, NOW);
    expect(moves.map((m) => (m.kind === 'record' ? [m.sourceId, m.wantedId, m.body.kind, m.body.trolleys] : m.reason))).toEqual([
      ['m1', 'm1', 'out', 2],
      ['m1:in', '', 'in', 4],
    ]);
    expect(mapMovement({ id: 'm2', customer: 'gone', trollies_in: 1 }, { ...refs, customer: () => '' }, NOW)).toEqual([
      { kind: 'skip', sourceId: 'm2', reason: 'its customer was not imported' },
    ]);
  });

  it("turns a run's dispatch state and time into our state and its log, named after the run's person", () => {
    const updated = '2025-03-19 17:00:00.000Z';
    const run = { user: 'pbuser', dispatched_at: '2025-03-18 06:30:00.000Z' };
    expect(runState({ ...run, dispatch_status: 'Dispatched' }, refs, updated)).toEqual({
      state: 'dispatched',
      stateLog: [{ state: 'dispatched', at: '2025-03-18T06:30:00.000Z', by: 'pbuser', name: 'Pat' }],
    });
    expect(runState({ ...run, user: 'gone', dispatch_status: 'delivered' }, refs, updated).stateLog).toEqual([
      { state: 'dispatched', at: '2025-03-18T06:30:00.000Z', by: 'operator', name: 'operator (import)' },
      { state: 'delivered', at: '2025-03-19T17:00:00.000Z', by: 'operator', name: 'operator (import)' },
    ]);
    expect(runState({ ...run, dispatch_status: 'new' }, refs, updated)).toEqual({});
    expect(runState({ ...run, dispatch_status: 'on the moon' }, refs, updated)).toEqual({});
  });

  it('maps every run state the original app offers: its Processing is our loading (docs/decisions/056)', () => {
    const updated = '2025-03-19 17:00:00.000Z';
    expect(runState({ user: 'pbuser', dispatch_status: 'processing' }, refs, updated)).toEqual({
      state: 'loading',
      stateLog: [{ state: 'loading', at: '2025-03-19T17:00:00.000Z', by: 'pbuser', name: 'Pat' }],
    });
    expect(['', 'new', 'processing', 'dispatched'].map((raw) => dispatchOf({ dispatch_status: raw }).state)).toEqual([
      'new',
      'new',
      'loading',
      'dispatched',
    ]);
    expect(dispatchOf({ dispatch_status: 'On the moon' })).toMatchObject({ raw: 'on the moon', state: null });
  });

  it('keeps a bcrypt hash from either layout, and skips a person without one', () => {
    expect(mapUser({ id: 'u', username: 'ann', passwordHash: HASH }, NOW)).toMatchObject({ trusted: { password: HASH } });
    expect(mapUser({ id: 'u', username: 'ann', password: HASH }, NOW)).toMatchObject({ trusted: { password: HASH } });
    expect(mapUser({ id: 'u', username: 'ann', password: 'plain' }, NOW)).toMatchObject({ kind: 'skip' });
  });

  it('brings a person the original admin added, without e-mail, as a verified yard account (docs/decisions/056)', () => {
    expect(mapUser({ id: 'u', username: 'hillside-sam', email: '', verified: false, passwordHash: HASH }, NOW)).toMatchObject({
      body: { username: 'hillside-sam', email: '' },
      trusted: { verified: true },
    });
    // With an address, its verified flag is kept.
    expect(mapUser({ id: 'u', username: 'ann', email: 'Ann@x.test', verified: false, passwordHash: HASH }, NOW)).toMatchObject({
      body: { email: 'ann@x.test' },
      trusted: { verified: false },
    });
  });

  it("finds an order photo of the original's files collection by its order's id", () => {
    expect(orderPhotoOf({ id: 'f1', taskID: 't1', title: ' Delivery note ', file: 'img_abc.png' })).toEqual({
      task: 't1',
      file: { collection: 'files', record: 'f1', name: 'img_abc.png', title: 'Delivery note' },
    });
    expect(orderPhotoOf({ id: 'f2', taskID: 't1', title: 'x', file: '' })).toBeNull();
  });

  it("reads a plant's label state as the original app did (anything but labels or print is not checked yet) and keeps who added it", () => {
    const plant = (has_labels: unknown, user = 'pbuser') =>
      mapPlantLabel({ id: 'p1', plant_name: ' Rosa Iceberg ', has_labels, user }, refs, NOW);
    expect(
      [plant('labels'), plant('print'), plant('new'), plant(''), plant('Print'), plant(null)].map((m) => m.kind === 'record' && m.body),
    ).toEqual([
      { plant_name: 'Rosa Iceberg', has_labels: 'labels' },
      { plant_name: 'Rosa Iceberg', has_labels: 'print' },
      { plant_name: 'Rosa Iceberg', has_labels: 'new' },
      { plant_name: 'Rosa Iceberg', has_labels: 'new' },
      { plant_name: 'Rosa Iceberg', has_labels: 'print' },
      { plant_name: 'Rosa Iceberg', has_labels: 'new' },
    ]);
    expect(plant('print')).toMatchObject({ target: 'plant_labels', trusted: { user: 'pbuser', created_by: 'pbuser' } });
    expect(plant('print', 'gone')).toMatchObject({ trusted: { user: '', created_by: '' } });
  });
});
