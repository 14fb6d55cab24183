import { describe, expect, it } from 'vitest';
import { canPurge, canRestore } from './trail-permissions';

describe('who may restore and purge', () => {
  it.each([
    // [caller, restore, purge]
    [null, false, false],
    [undefined, false, false],
    // Accounts without roles (before roles exist): anyone signed in.
    [{ id: 'u1' }, true, true],
    [{ id: 'u1', role: '' }, true, true],
    [{ role: 'admin' }, true, true],
    [{ role: 'office' }, true, false],
    [{ role: 'staff' }, false, false],
    [{ role: 'viewer' }, false, false],
  ])('%j: restore %s, purge %s', (caller, restore, purge) => {
    expect(canRestore(caller)).toBe(restore);
    expect(canPurge(caller)).toBe(purge);
  });
});
