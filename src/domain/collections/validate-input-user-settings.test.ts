import { describe, expect, it } from 'vitest';
import { userSettings } from './user-settings';
import { validateInput } from './validate-input';

describe('validateInput for user_settings', () => {
  it('accepts headings for any of the seven weekdays', () => {
    const settings_json = { monday_heading: 'Kent run', friday_heading: '', sunday_heading: 'Closed' };
    expect(validateInput(userSettings, { settings_json }, 'update')).toEqual({ ok: true, value: { settings_json } });
  });

  it('creates an empty record when no headings are sent, and ignores user', () => {
    expect(validateInput(userSettings, { user: 'abc123def456ghi' }, 'create')).toEqual({ ok: true, value: { settings_json: {} } });
    expect(validateInput(userSettings, { user: 'abc123def456ghi', settings_json: null }, 'create')).toEqual({
      ok: true,
      value: { settings_json: {} },
    });
    expect(validateInput(userSettings, { user: 'abc123def456ghi' }, 'update')).toEqual({ ok: true, value: {} });
  });

  it.each([
    [
      { funday_heading: 'x' },
      'validation_unknown_key',
      'Unknown week heading "funday_heading". Use one of: monday_heading, tuesday_heading, wednesday_heading, thursday_heading, friday_heading, saturday_heading, sunday_heading.',
    ],
    [{ monday_heading: 3 }, 'validation_invalid_type', 'The monday heading must be text.'],
    [{ tuesday_heading: 'x'.repeat(101) }, 'validation_max_text_constraint', 'The tuesday heading must be 100 characters or fewer.'],
    [['monday'], 'validation_invalid_type', 'Week headings must be a list of headings by weekday.'],
    ['{"monday_heading":"x"}', 'validation_invalid_type', 'Week headings must be a list of headings by weekday.'],
  ])('refuses settings_json %o', (settings_json, code, message) => {
    expect(validateInput(userSettings, { settings_json }, 'update')).toEqual({ ok: false, errors: { settings_json: { code, message } } });
  });

  it('accepts a heading of exactly 100 characters', () => {
    expect(validateInput(userSettings, { settings_json: { monday_heading: 'x'.repeat(100) } }, 'update').ok).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    expect(validateInput(userSettings, 'x', 'create').ok).toBe(false);
  });
});

describe('validateInput for user_settings, text rules (docs/decisions/010)', () => {
  it('refuses a heading with a line break, naming the day', () => {
    expect(validateInput(userSettings, { settings_json: { monday_heading: 'Kent\nrun' } }, 'update')).toEqual({
      ok: false,
      errors: {
        settings_json: {
          code: 'validation_invalid_characters',
          message: 'The monday heading must be on one line: remove the line breaks and tabs (often pasted in from a spreadsheet).',
        },
      },
    });
  });
});
