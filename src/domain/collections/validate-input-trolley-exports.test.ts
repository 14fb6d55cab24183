import { describe, expect, it } from 'vitest';
import type { ValidationResult } from '../validation';
import { trolleyExports } from './trolley-exports';
import { validateInput } from './validate-input';

const vehicleInfo = {
  driver: 'Sam',
  reg: 'AB12 CDE',
  code: 'K1',
  date: '2026-11-23',
  vehicleType: 'lorry',
  trolleyNumber: 8,
  grid: ['Greenfields', '', 'Blank', 'Bloom & Co - 0442', '', '', '', ''],
};
const stop = { id: 'x1', title: 'Greenfields', postcode: 'AB12CD', trollies: '3', extras: '1 shelf', orderNumber: '10442' };
const run = { name: '23-11-2026-Sam-AB12 CDE', data: [stop], vehicleInfo };

const errorsOf = (result: ValidationResult<unknown>) => (result.ok ? {} : result.errors);
const NEEDS = { code: 'validation_required', message: 'Please enter driver, registration and date before saving.' };

describe('validateInput for a run (trolley_exports)', () => {
  it('accepts a complete run as it is and drops user', () => {
    expect(validateInput(trolleyExports, { ...run, user: 'someoneelse1234' }, 'create')).toEqual({ ok: true, value: run });
  });

  it('fills in missing stop fields and vehicle details', () => {
    const result = validateInput(
      trolleyExports,
      { data: [{ title: 'Greenfields', trollies: 2 }], vehicleInfo: { driver: 'Sam', reg: 'AB12', date: '2026-11-23' } },
      'create',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        name: '',
        data: [{ id: '', title: 'Greenfields', postcode: '', trollies: '2', extras: '', orderNumber: '' }],
        vehicleInfo: { driver: 'Sam', reg: 'AB12', code: '', date: '2026-11-23', vehicleType: 'lorry', trolleyNumber: 0, grid: [] },
      },
    });
  });

  it.each([
    ['no vehicle details', undefined],
    ['no driver', { ...vehicleInfo, driver: '' }],
    ['a blank driver', { ...vehicleInfo, driver: '   ' }],
    ['no registration', { ...vehicleInfo, reg: '' }],
    ['no date', { ...vehicleInfo, date: '' }],
  ])('refuses to save with %s', (_, info) => {
    expect(errorsOf(validateInput(trolleyExports, { ...run, vehicleInfo: info }, 'create'))).toEqual({ vehicleInfo: NEEDS });
  });

  it('needs complete vehicle details on update only when they are sent', () => {
    expect(validateInput(trolleyExports, { name: 'Renamed' }, 'update')).toEqual({ ok: true, value: { name: 'Renamed' } });
    expect(errorsOf(validateInput(trolleyExports, { vehicleInfo: { ...vehicleInfo, reg: '' } }, 'update'))).toEqual({ vehicleInfo: NEEDS });
  });

  it.each([
    [{ ...vehicleInfo, date: '23-11-2026' }, 'The date is not a real date. Pick it from the calendar.'],
    [{ ...vehicleInfo, date: '2026-02-30' }, 'The date is not a real date. Pick it from the calendar.'],
    [{ ...vehicleInfo, vehicleType: 'van' }, 'The vehicle must be a lorry or a trailer.'],
    [{ ...vehicleInfo, trolleyNumber: 'eight' }, 'The vehicle size must be a whole number of trolleys.'],
    [{ ...vehicleInfo, trolleyNumber: -1 }, 'The vehicle size must be between 0 and 100 trolleys.'],
    [{ ...vehicleInfo, grid: Array(25).fill('') }, 'The trolley grid can have at most 24 cells.'],
    [{ ...vehicleInfo, grid: [{}] }, 'Trolley 1 in the grid must be text.'],
    [{ ...vehicleInfo, driver: true }, 'The driver must be text.'],
    ['lorry', 'The vehicle details could not be read.'],
  ])('refuses vehicle details %o', (info, message) => {
    expect(errorsOf(validateInput(trolleyExports, { ...run, vehicleInfo: info }, 'create')).vehicleInfo?.message).toBe(message);
  });

  it('accepts a trailer and a full 24-cell lorry grid', () => {
    expect(
      validateInput(trolleyExports, { ...run, vehicleInfo: { ...vehicleInfo, vehicleType: 'trailer', trolleyNumber: 7 } }, 'create').ok,
    ).toBe(true);
    expect(
      validateInput(trolleyExports, { ...run, vehicleInfo: { ...vehicleInfo, trolleyNumber: 24, grid: Array(24).fill('x') } }, 'create').ok,
    ).toBe(true);
  });

  it.each([
    ['a list that is not a list', { title: 'x' }, 'The customer list could not be read.'],
    ['a stop that is not a stop', ['Greenfields'], 'Customer 1 could not be read.'],
    ['a stop with a non-text title', [stop, { ...stop, title: ['x'] }], 'Customer 2: the title must be text.'],
    [
      'a stop with an over-long postcode',
      [{ ...stop, postcode: 'x'.repeat(101) }],
      'Customer 1: the postcode must be 100 characters or fewer.',
    ],
    ['too many stops', Array(201).fill(stop), 'A run can hold at most 200 customers.'],
  ])('refuses %s', (_, data, message) => {
    expect(errorsOf(validateInput(trolleyExports, { ...run, data }, 'create')).data?.message).toBe(message);
  });

  it('refuses an over-long name', () => {
    expect(errorsOf(validateInput(trolleyExports, { ...run, name: 'x'.repeat(201) }, 'create')).name?.message).toBe(
      'Must be 200 characters or fewer.',
    );
  });
});

describe('validateInput for a run (trolley_exports), text rules (docs/decisions/010)', () => {
  it('names where a control character is, in a sentence', () => {
    expect(errorsOf(validateInput(trolleyExports, { ...run, name: 'Kent\trun' }, 'create')).name?.code).toBe(
      'validation_invalid_characters',
    );
    expect(errorsOf(validateInput(trolleyExports, { ...run, data: [{ ...stop, title: 'Green\u0000fields' }] }, 'create')).data).toEqual({
      code: 'validation_invalid_characters',
      message:
        'Customer 1: the title contains invisible control characters (often pasted in from a spreadsheet or another program) that garble printed sheets: remove them.',
    });
    expect(
      errorsOf(validateInput(trolleyExports, { ...run, vehicleInfo: { ...vehicleInfo, driver: 'Sam\n' } }, 'create')).vehicleInfo?.message,
    ).toBe('The driver must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).');
    expect(
      errorsOf(validateInput(trolleyExports, { ...run, vehicleInfo: { ...vehicleInfo, grid: ['ok', 'Bloom\u202e'] } }, 'create'))
        .vehicleInfo?.message,
    ).toBe(
      'Trolley 2 in the grid contains hidden text-direction characters (often pasted in from another program) that make text show out of order: remove them.',
    );
  });
});
