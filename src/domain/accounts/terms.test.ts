import { describe, expect, it } from 'vitest';
import { hasAcceptedCurrentTerms } from './current-terms';
import { isIsoTimestamp, validateTermsAgreement } from './terms';

describe('hasAcceptedCurrentTerms', () => {
  it.each([
    [{ agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05.123Z' }, true],
    [{ agreed: true, version: 'v0.9', timestamp: '2026-11-21T10:04:05.123Z' }, false],
    [{ agreed: false, version: 'v1.0', timestamp: '2026-11-21T10:04:05.123Z' }, false],
    [null, false],
    [undefined, false],
  ])('%o -> %s', (agreement, expected) => {
    expect(hasAcceptedCurrentTerms(agreement)).toBe(expected);
  });
});

describe('validateTermsAgreement', () => {
  it('keeps only agreed, version and timestamp', () => {
    expect(validateTermsAgreement({ agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05Z', extra: 1 })).toEqual({
      ok: true,
      value: { agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05Z' },
    });
  });
});

describe('isIsoTimestamp', () => {
  it.each([
    ['2026-11-21T10:04:05.123Z', true],
    ['2026-11-21T10:04:05+01:00', true],
    ['2026-11-21 10:04:05.123Z', false],
    ['2026-11-21', false],
    ['2026-11-21T24:00:00Z', false],
    [1763719445123, false],
  ])('%o -> %s', (value, expected) => {
    expect(isIsoTimestamp(value)).toBe(expected);
  });
});
