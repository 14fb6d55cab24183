import { describe, expect, it } from 'vitest';
import type { ValidationResult } from '../validation';
import { ORDER_DEFAULTS, tasks } from './tasks';
import { validateInput } from './validate-input';

const minimal = { title: 'Greenfields', weekNumber: 12, year: 2026 };

function errorsOf(result: ValidationResult<unknown>) {
  return result.ok ? {} : result.errors;
}

describe('validateInput for an order, on create', () => {
  it('fills in the spec defaults', () => {
    // toMatchObject: a field added to the order later comes with its own default.
    expect(validateInput(tasks, minimal, 'create')).toMatchObject({
      ok: true,
      value: {
        title: 'Greenfields',
        day: 'monday',
        postcode: '',
        orderNumber: '',
        customerType: 'wholesale',
        other: 'none',
        weekNumber: 12,
        year: 2026,
        orderInfo: '',
        status: '',
        trollies: '',
        extras: '',
      },
    });
  });

  it('requires a title, a week and a year', () => {
    expect(errorsOf(validateInput(tasks, {}, 'create'))).toEqual({
      title: { code: 'validation_required', message: 'Cannot be blank.' },
      weekNumber: { code: 'validation_required', message: 'Cannot be blank.' },
      year: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  });

  it.each(['', '   ', null])('treats title %o as blank', (title) => {
    expect(errorsOf(validateInput(tasks, { ...minimal, title }, 'create'))).toEqual({
      title: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  });

  it('drops the fields only the server sets, and unknown ones', () => {
    const result = validateInput(
      tasks,
      { ...minimal, user: 'someoneelse1234', id: 'abc', created: 'x', updated: 'y', colour: 'red' },
      'create',
    );
    expect(result.ok && Object.keys(result.value).sort()).toEqual(Object.keys({ ...ORDER_DEFAULTS, ...minimal }).sort());
    for (const key of ['user', 'id', 'created', 'updated', 'colour']) expect(result.ok && result.value).not.toHaveProperty(key);
  });

  it('keeps every field it is given', () => {
    const full = {
      title: 'Bloom & Co',
      day: 'friday',
      postcode: 'ab12cd',
      orderNumber: 'SO-10442',
      customerType: 'retail',
      other: 'collect',
      weekNumber: 53,
      year: 2026,
      orderInfo: 'Back gate only',
      status: 'missed',
      trollies: '3',
      extras: '2 shelves',
    };
    expect(validateInput(tasks, full, 'create')).toEqual({ ok: true, value: { ...ORDER_DEFAULTS, ...full } });
  });

  it.each([
    ['day', 'Monday', 'Must be one of: monday, tuesday, wednesday, thursday, friday, saturday, sunday.'],
    ['customerType', 'trade', 'Must be one of: wholesale, retail, missed, other.'],
    ['other', 'whiteboard', 'Must be one of: none, holding, collect.'],
    ['status', 'query', 'Must be one of: (blank), working, missed, pulled, loaded.'],
    ['day', null, 'Must be one of: monday, tuesday, wednesday, thursday, friday, saturday, sunday.'],
  ])('refuses %s = %o', (field, bad, message) => {
    expect(errorsOf(validateInput(tasks, { ...minimal, [field]: bad }, 'create'))).toEqual({
      [field]: { code: 'validation_invalid_value', message },
    });
  });

  it('accepts a blank status, also sent as null', () => {
    const result = validateInput(tasks, { ...minimal, status: null }, 'create');
    expect(result.ok && result.value.status).toBe('');
  });

  it.each([
    [2026, 53, true],
    [2025, 53, false],
    [2020, 53, true],
    [2026, 0, false],
    [2026, 54, false],
  ])('year %i week %i accepted: %s', (year, weekNumber, accepted) => {
    expect(validateInput(tasks, { ...minimal, year, weekNumber }, 'create').ok).toBe(accepted);
  });

  it('names the year in the week message', () => {
    expect(errorsOf(validateInput(tasks, { ...minimal, year: 2025, weekNumber: 53 }, 'create'))).toEqual({
      weekNumber: { code: 'validation_max_number_constraint', message: 'Week must be between 1 and 52 for 2025.' },
    });
    expect(errorsOf(validateInput(tasks, { ...minimal, year: 2026, weekNumber: 0 }, 'create'))).toEqual({
      weekNumber: { code: 'validation_min_number_constraint', message: 'Week must be between 1 and 53 for 2026.' },
    });
  });

  it('reads the legacy year 0 as 2024', () => {
    const result = validateInput(tasks, { ...minimal, year: 0 }, 'create');
    expect(result.ok && result.value.year).toBe(2024);
  });

  it.each([
    [1999, 'Year must be between 2000 and 2100.'],
    [2101, 'Year must be between 2000 and 2100.'],
    [2026.5, 'Must be a whole number.'],
    ['next year', 'Must be a number.'],
  ])('refuses year %o', (year, message) => {
    const errors = errorsOf(validateInput(tasks, { ...minimal, year }, 'create'));
    expect(errors.year?.message).toBe(message);
  });

  it('checks the week against the longest year when the year itself is wrong', () => {
    expect(errorsOf(validateInput(tasks, { ...minimal, year: 1800, weekNumber: 53 }, 'create')).weekNumber).toBeUndefined();
    expect(errorsOf(validateInput(tasks, { ...minimal, year: 1800, weekNumber: 54 }, 'create')).weekNumber?.message).toBe(
      'Week must be between 1 and 53.',
    );
  });

  it('accepts numbers sent as text, as form posts do', () => {
    const result = validateInput(tasks, { ...minimal, weekNumber: '7', year: '2027', orderNumber: 10442 }, 'create');
    expect(result.ok && [result.value.weekNumber, result.value.year, result.value.orderNumber]).toEqual([7, 2027, '10442']);
  });

  it('refuses text fields that are not text, and over-long text', () => {
    expect(
      errorsOf(validateInput(tasks, { ...minimal, postcode: { a: 1 }, title: 'x'.repeat(201), orderInfo: 'y'.repeat(5001) }, 'create')),
    ).toEqual({
      postcode: { code: 'validation_invalid_type', message: 'Must be text.' },
      title: { code: 'validation_max_text_constraint', message: 'Must be 200 characters or fewer.' },
      orderInfo: { code: 'validation_max_text_constraint', message: 'Must be 5000 characters or fewer.' },
    });
    expect(validateInput(tasks, { ...minimal, title: 'x'.repeat(200), orderInfo: 'y'.repeat(5000) }, 'create').ok).toBe(true);
  });

  it.each([null, [], 'title=x', 42])('refuses a body that is not an object: %o', (body) => {
    expect(errorsOf(validateInput(tasks, body, 'create'))).toEqual({
      body: { code: 'validation_invalid_body', message: 'The order could not be read. Reload the page and try again.' },
    });
  });
});

describe('validateInput for an order, on update', () => {
  it('checks and returns only the fields sent', () => {
    expect(validateInput(tasks, { status: 'loaded', trollies: '4' }, 'update')).toEqual({
      ok: true,
      value: { status: 'loaded', trollies: '4' },
    });
    expect(validateInput(tasks, {}, 'update')).toEqual({ ok: true, value: {} });
  });

  it('refuses a blank title only when one is sent', () => {
    expect(errorsOf(validateInput(tasks, { title: ' ' }, 'update'))).toEqual({
      title: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  });

  it('checks a week against the stored year when no year is sent', () => {
    expect(validateInput(tasks, { weekNumber: 53 }, 'update', { year: 2026, weekNumber: 52 }).ok).toBe(true);
    expect(errorsOf(validateInput(tasks, { weekNumber: 53 }, 'update', { year: 2025, weekNumber: 52 }))).toEqual({
      weekNumber: { code: 'validation_max_number_constraint', message: 'Week must be between 1 and 52 for 2025.' },
    });
    expect(errorsOf(validateInput(tasks, { weekNumber: 53 }, 'update', { year: 0 })).weekNumber?.message).toBe(
      'Week must be between 1 and 52 for 2024.',
    );
  });

  it('checks a week against the year sent with it, not the stored one', () => {
    expect(validateInput(tasks, { weekNumber: 53, year: 2026 }, 'update', { year: 2025 }).ok).toBe(true);
  });

  it('refuses moving a week-53 order into a year without week 53', () => {
    expect(errorsOf(validateInput(tasks, { year: 2027 }, 'update', { year: 2026, weekNumber: 53 }))).toEqual({
      weekNumber: { code: 'validation_max_number_constraint', message: 'Week must be between 1 and 52 for 2027.' },
    });
    expect(validateInput(tasks, { year: 2027 }, 'update', { year: 2026, weekNumber: 52 }).ok).toBe(true);
  });

  it('does not let a week or year be cleared', () => {
    expect(errorsOf(validateInput(tasks, { weekNumber: '', year: null }, 'update'))).toEqual({
      weekNumber: { code: 'validation_required', message: 'Cannot be blank.' },
      year: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  });

  it('drops user so an order cannot be handed to someone else', () => {
    expect(validateInput(tasks, { user: 'someoneelse1234' }, 'update')).toEqual({ ok: true, value: {} });
  });
});

describe('validateInput for an order, text rules (docs/decisions/010)', () => {
  it('lets the order notes span lines, but keeps every other text on one line', () => {
    const result = validateInput(tasks, { ...minimal, orderInfo: 'Back door\nTwo pallets\tthen trays' }, 'create');
    expect(result.ok && result.value.orderInfo).toBe('Back door\nTwo pallets\tthen trays');
    for (const field of ['title', 'postcode', 'orderNumber', 'trollies', 'extras']) {
      expect(errorsOf(validateInput(tasks, { ...minimal, [field]: 'A\tB' }, 'create'))).toEqual({
        [field]: {
          code: 'validation_invalid_characters',
          message: 'Must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).',
        },
      });
    }
  });

  it('refuses control and text-direction characters in titles', () => {
    expect(errorsOf(validateInput(tasks, { ...minimal, title: 'Green\u0000fields' }, 'create')).title?.code).toBe(
      'validation_invalid_characters',
    );
    expect(errorsOf(validateInput(tasks, { ...minimal, title: 'Green\u202efields' }, 'update')).title?.code).toBe(
      'validation_invalid_characters',
    );
  });
});
