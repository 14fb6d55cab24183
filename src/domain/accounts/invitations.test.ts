import { describe, expect, it } from 'vitest';
import { invitationExpiry, invitationRefusal, invitationState, timestampMs } from './invitations';

const now = new Date('2026-03-02T08:00:00.000Z');

describe('invitationExpiry', () => {
  it('is seven days after the invitation', () => {
    expect(invitationExpiry(now).toISOString()).toBe('2026-03-09T08:00:00.000Z');
  });
});

describe('invitationState', () => {
  const open = { used: '', revoked: false, expires: '2026-03-09 08:00:00.000Z' };
  it.each([
    ['open until its expiry', open, now, 'open'],
    ['open one millisecond before', open, new Date('2026-03-09T07:59:59.999Z'), 'open'],
    ['expired at its expiry', open, new Date('2026-03-09T08:00:00.000Z'), 'expired'],
    ['used once used', { ...open, used: '2026-03-03 10:00:00.000Z' }, now, 'used'],
    ['revoked, used or not', { ...open, used: '2026-03-03 10:00:00.000Z', revoked: true }, now, 'revoked'],
    ['revoked before its expiry', { ...open, revoked: true }, now, 'revoked'],
    ['used after its expiry', { ...open, used: '2026-03-03 10:00:00.000Z' }, new Date('2027-01-01T00:00:00Z'), 'used'],
    ['expired when its expiry cannot be read', { ...open, expires: 'soon' }, now, 'expired'],
    ['expired when it has no expiry', { ...open, expires: '' }, now, 'expired'],
  ] as const)('%s', (_name, invitation, at, state) => {
    expect(invitationState(invitation, at)).toBe(state);
  });
});

describe('invitationRefusal', () => {
  it.each(['used', 'expired', 'revoked', 'unknown'] as const)('says what happened and what to do (%s)', (state) => {
    const sentence = invitationRefusal(state);
    expect(sentence).toMatch(/^This invitation/);
    expect(sentence).toMatch(/admin of the nursery/);
  });
  it('tells the four apart', () => {
    expect(new Set((['used', 'expired', 'revoked', 'unknown'] as const).map(invitationRefusal)).size).toBe(4);
  });
});

describe('timestampMs', () => {
  it('reads PocketBase timestamps and ISO ones alike', () => {
    expect(timestampMs('2026-03-02 08:00:00.000Z')).toBe(now.getTime());
    expect(timestampMs('2026-03-02T08:00:00.000Z')).toBe(now.getTime());
    expect(timestampMs('')).toBeNaN();
  });
});
