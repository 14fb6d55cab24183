import { describe, expect, it } from 'vitest';
import { tasks } from '#domain/collections/tasks';
import { asCreated, chosenIdOf, sameCreate } from './chosen-id';

describe('a chosen id', () => {
  it('is taken from the body, which keeps its other fields; blank means "make one"', () => {
    expect(chosenIdOf({ id: 'abcdefghij12345', title: 'A' })).toEqual({ id: 'abcdefghij12345', body: { title: 'A' } });
    expect(chosenIdOf({ id: '', title: 'A' })).toEqual({ id: '', body: { title: 'A' } });
    expect(chosenIdOf({ title: 'A' })).toBeNull();
    expect(() => chosenIdOf({ id: 'ABC' })).toThrow();
  });

  it('undoes later changes, newest first, to find the record as created', () => {
    const now = { id: 'x', status: 'loaded', trollies: '5' };
    const updates = [
      [{ field: 'status', from: '', to: 'pulled' }],
      [
        { field: 'status', from: 'pulled', to: 'loaded' },
        { field: 'trollies', from: '3', to: '5' },
      ],
    ];
    expect(asCreated(now, updates)).toEqual({ id: 'x', status: '', trollies: '3' });
  });

  it('matches a resend read as the validators read it, and nothing else', () => {
    const week = { year: 2040, weekNumber: 10 };
    const created = { ...week, title: 'Greenfields', trollies: '3', day: 'tuesday', status: '' };
    expect(sameCreate(tasks, { ...week, title: 'Greenfields', trollies: 3, day: 'tuesday', status: '' }, created)).toBe(true);
    expect(sameCreate(tasks, { ...week, title: 'Greenfields', trollies: 4, day: 'tuesday' }, created)).toBe(false);
    expect(sameCreate(tasks, { ...week, title: 'Greenfields', day: 'someday' }, created)).toBe(false);
  });
});
