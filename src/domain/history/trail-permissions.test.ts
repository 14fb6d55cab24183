import { describe, expect, it } from 'vitest';
import { canPurge, canRestore } from './trail-permissions';

describe('who may restore and purge', () => {
  it.each([
    // [caller, restore, purge]
    [null, false, false],
    [undefined, false, false],
    // Every account has a role; one without (or with one unknown) may do neither.
    [{ id: 'u1' }, false, false],
    [{ id: 'u1', role: '' }, false, false],
    [{ role: 'owner' }, false, false],
    [{ role: 'admin' }, true, true],
    [{ role: 'office' }, true, false],
    [{ role: 'staff' }, false, false],
    [{ role: 'viewer' }, false, false],
  ])('%j: restore %s, purge %s', (caller, restore, purge) => {
    expect(canRestore(caller)).toBe(restore);
    expect(canPurge(caller)).toBe(purge);
  });
});
