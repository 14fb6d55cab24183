import { describe, expect, it } from 'vitest';
import { lastAdminRefusal, type TeamChange, type TeamMember } from './last-admin';

const ann: TeamMember = { id: 'ann', role: 'admin', disabled: false };
const bob: TeamMember = { id: 'bob', role: 'admin', disabled: false };
const cat: TeamMember = { id: 'cat', role: 'staff', disabled: false };
const dan: TeamMember = { id: 'dan', role: 'admin', disabled: true };

describe('lastAdminRefusal', () => {
  it.each<[string, TeamMember[], string, TeamChange, RegExp | null]>([
    ['demoting the only admin', [ann, cat], 'ann', { role: 'staff' }, /changing their role/],
    ['disabling the only admin', [ann, cat], 'ann', { disabled: true }, /disabling them/],
    ['removing the only admin', [ann, cat], 'ann', { remove: true }, /removing them/],
    ['demoting the only admin who can sign in (the other is disabled)', [ann, dan], 'ann', { role: 'office' }, /only admin/],
    ['keeping the only admin an admin', [ann, cat], 'ann', { role: 'admin' }, null],
    ['enabling the only admin', [ann, cat], 'ann', { disabled: false }, null],
    ['demoting one of two admins', [ann, bob, cat], 'ann', { role: 'viewer' }, null],
    ['disabling one of two admins', [ann, bob], 'bob', { disabled: true }, null],
    ['changing someone who is not an admin', [ann, cat], 'cat', { role: 'viewer' }, null],
    ['removing a disabled admin', [ann, dan], 'dan', { remove: true }, null],
    ['enabling a disabled admin when the only active one is someone else', [ann, dan], 'dan', { disabled: false }, null],
    ['a member who is not in the list', [ann], 'zed', { remove: true }, null],
  ])('%s', (_name, members, target, change, refusal) => {
    const answer = lastAdminRefusal(members, target, change);
    if (refusal === null) expect(answer).toBeNull();
    else expect(answer).toMatch(refusal);
  });
});
