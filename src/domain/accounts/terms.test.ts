import { describe, expect, it } from 'vitest';
import { hasAcceptedCurrentTerms } from './current-terms';
import { isIsoTimestamp, readTermsAgreementChange, validateTermsAgreement } from './terms';

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

describe('readTermsAgreementChange', () => {
  it('reads any short version, agreed or not', () => {
    expect(readTermsAgreementChange({ agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05.000Z' })).toEqual({
      ok: true,
      value: { agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05.000Z' },
    });
    expect(readTermsAgreementChange({ agreed: false, version: 'v0.9' })).toEqual({
      ok: true,
      value: { agreed: false, version: 'v0.9', timestamp: '' },
    });
  });

  it.each([
    [{ agreed: true, version: 'v'.repeat(1_000_000) }, 'The terms version must be 20 characters or fewer.'],
    [{ agreed: true, version: 'v1.0\u0000' }, expect.stringMatching(/^The terms version contains invisible control characters/)],
    [{ agreed: true, version: 'v1.0', timestamp: '2'.repeat(41) }, 'The time of agreement must be 40 characters or fewer.'],
    [{ agreed: true, version: 'v1.0', timestamp: 5 }, 'The terms agreement must say agreed (true or false) and the terms version.'],
    [{ agreed: 'yes', version: 'v1.0' }, 'The terms agreement must say agreed (true or false) and the terms version.'],
    ['v1.0', 'The terms agreement must say agreed (true or false) and the terms version.'],
  ])('refuses %#', (value, message) => {
    const read = readTermsAgreementChange(value);
    expect(read.ok ? null : read.error.message).toEqual(message);
  });
});
