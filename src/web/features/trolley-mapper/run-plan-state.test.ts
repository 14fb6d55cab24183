import { describe, expect, it } from 'vitest';
import type { RunStop } from '#domain/records';
import { emptyVehicleInfo, type RunPlan } from '#domain/trolleys/run-plan';
import { canUndo, changePlan, hasUnsavedChanges, openPlan, UNDO_LIMIT, type PlanChange, type PlanState } from './run-plan-state';

const stop = (id: string, title: string, trollies = '1'): RunStop => ({ id, title, postcode: '', trollies, extras: '', orderNumber: '' });
const initial: RunPlan = {
  stops: [stop('a', 'First', '2'), stop('b', 'Second')],
  vehicleInfo: { ...emptyVehicleInfo(), trolleyNumber: 4 },
};
const apply = (state: PlanState, ...changes: PlanChange[]) => changes.reduce(changePlan, state);
const grid = (state: PlanState) => state.plan.vehicleInfo.grid;

describe('the plan state', () => {
  it('undoes changes one at a time, back to the plan as opened', () => {
    const opened = openPlan({ initial });
    const changed = apply(opened, { type: 'fill-cell', index: 0, label: 'First' }, { type: 'remove-stop', id: 'b' });
    expect(changed.plan.stops).toHaveLength(1);
    const once = apply(changed, { type: 'undo' });
    expect(once.plan.stops).toHaveLength(2);
    expect(grid(once)[0]).toBe('First');
    const twice = apply(once, { type: 'undo' });
    expect(twice.plan).toEqual(opened.plan);
    expect(hasUnsavedChanges(twice)).toBe(false);
    expect(canUndo(twice)).toBe(false);
    expect(apply(twice, { type: 'undo' })).toBe(twice);
  });

  it('makes typing into one field one step, and a change that changes nothing no step', () => {
    const typed = apply(
      openPlan({ initial }),
      { type: 'edit-detail', detail: 'driver', value: 'S' },
      { type: 'edit-detail', detail: 'driver', value: 'Sam' },
      { type: 'edit-detail', detail: 'reg', value: 'AB' },
      { type: 'choose-vehicle-size', size: 4 },
      { type: 'fill-cell', index: 1, label: '' },
      { type: 'choose-vehicle-type', vehicleType: 'lorry' },
    );
    expect(typed.past).toHaveLength(2);
    expect(apply(typed, { type: 'undo' }).plan.vehicleInfo).toMatchObject({ driver: 'Sam', reg: '' });
    expect(apply(typed, { type: 'undo' }, { type: 'undo' }).plan.vehicleInfo.driver).toBe('');
  });

  it(`remembers at most ${UNDO_LIMIT} changes`, () => {
    let state = openPlan({ initial });
    for (let i = 0; i < UNDO_LIMIT + 10; i += 1) state = apply(state, { type: 'fill-cell', index: 0, label: `Label ${i}` });
    expect(state.past).toHaveLength(UNDO_LIMIT);
    for (let i = 0; i < UNDO_LIMIT; i += 1) state = apply(state, { type: 'undo' });
    expect(grid(state)[0]).toBe('Label 9');
  });

  it('fills in reverse drop order and blanks the rest as one step each', () => {
    const filled = apply(openPlan({ initial }), { type: 'fill-load' }, { type: 'blank-spare' });
    expect(grid(filled)).toEqual(['Second', 'First', 'First', 'Blank']);
    expect(grid(apply(filled, { type: 'undo' }))).toEqual(['Second', 'First', 'First', '']);
  });

  it('counts a restored plan as unsaved; Discard goes back to the opened plan and Undo brings it back', () => {
    const kept: RunPlan = { ...initial, vehicleInfo: { ...initial.vehicleInfo, driver: 'Kept' } };
    const restored = openPlan({ initial, restored: kept });
    expect(hasUnsavedChanges(restored)).toBe(true);
    const discarded = apply(restored, { type: 'discard' });
    expect(hasUnsavedChanges(discarded)).toBe(false);
    expect(apply(discarded, { type: 'undo' }).plan.vehicleInfo.driver).toBe('Kept');
  });

  it('is saved once the server has the plan, and starts afresh from a loaded copy', () => {
    const changed = apply(openPlan({ initial }), { type: 'edit-detail', detail: 'driver', value: 'Sam' });
    const saved = apply(changed, { type: 'saved', plan: changed.plan });
    expect(hasUnsavedChanges(saved)).toBe(false);
    expect(canUndo(saved)).toBe(true);
    const theirs = apply(saved, { type: 'load', plan: { ...initial, stops: [stop('c', 'Theirs')] } });
    expect(theirs.plan.stops.map((s) => s.title)).toEqual(['Theirs']);
    expect(hasUnsavedChanges(theirs)).toBe(false);
    expect(canUndo(theirs)).toBe(false);
  });

  it("takes a fleet vehicle's kind, size, registration and driver as one step, keeping what a same-kind size keeps", () => {
    const filled = apply(openPlan({ initial }), { type: 'fill-load' });
    const lorry = apply(filled, {
      type: 'choose-fleet-vehicle',
      vehicle: { vehicleType: 'lorry', trolleyNumber: 8, reg: 'AB12 CDE', driver: 'Sam' },
    });
    expect(lorry.plan.vehicleInfo).toMatchObject({ vehicleType: 'lorry', trolleyNumber: 8, reg: 'AB12 CDE', driver: 'Sam' });
    expect(grid(lorry)).toEqual(['Second', 'First', 'First', '', '', '', '', '']);
    expect(apply(lorry, { type: 'undo' }).plan).toEqual(filled.plan);
    const trailer = apply(lorry, {
      type: 'choose-fleet-vehicle',
      vehicle: { vehicleType: 'trailer', trolleyNumber: 7, reg: 'TR7', driver: 'Jo' },
    });
    expect(trailer.plan.vehicleInfo).toMatchObject({ vehicleType: 'trailer', trolleyNumber: 7, reg: 'TR7', driver: 'Jo' });
    expect(grid(trailer)).toEqual(Array.from({ length: 9 }, () => ''));
  });
});
