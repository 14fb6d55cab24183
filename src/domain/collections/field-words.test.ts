import { describe, expect, it } from 'vitest';
import { fieldLabel, valueWords } from './field-words';
import { tasks } from './tasks';
import { trolleyExports } from './trolley-exports';

describe('fields in staff words', () => {
  it('names a field by its label, or its name in words', () => {
    expect(fieldLabel(tasks, 'orderInfo')).toBe('Additional Info');
    expect(fieldLabel(tasks, 'status')).toBe('Status');
    expect(fieldLabel(tasks, 'trollies')).toBe('Trolleys');
    expect(fieldLabel(trolleyExports, 'vehicleInfo')).toBe('Vehicle');
  });

  it.each([
    ['status', 'missed', 'Query'],
    ['status', '', 'None'],
    // In a sentence the weekly board is the "Weekly board"; "Whiteboard" is only the form's choice (docs/decisions/070).
    ['other', 'none', 'Weekly board'],
    ['other', 'collect', 'Collect'],
    ['weekNumber', 48, '48'],
    ['trollies', '', '(empty)'],
    ['trollies', '3', '"3"'],
    ['orderInfo', 'x'.repeat(300), `"${'x'.repeat(119)}…"`],
  ])('%s %j reads %s', (field, value, words) => {
    expect(valueWords(tasks, field, value)).toBe(words);
  });

  it('counts a list and keeps other JSON short', () => {
    expect(valueWords(trolleyExports, 'data', [{}, {}])).toBe('2 entries');
    expect(valueWords(trolleyExports, 'vehicleInfo', { driver: 'Sam' })).toBe('(details)');
  });
});
