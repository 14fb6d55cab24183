import { describe, expect, it } from 'vitest';
import { formatShortCode, mapsUrl, normaliseShortCode } from './driver-link';

describe("a driver's link's short code", () => {
  it('reads a code typed in any case, with spaces or a dash, and refuses what no code can be', () => {
    for (const typed of ['ABCD2345', 'abcd-2345', ' AbCd 2345 ', 'ab cd 23 45']) expect(normaliseShortCode(typed)).toBe('ABCD2345');
    // Letters the codes never use (0, O, 1, I, L) and wrong lengths.
    for (const typed of ['ABCD-234', 'ABCD-23456', 'ABCO-2345', 'ABCD-2341', 'ILAB-2345', '', 'ABCD_2345'])
      expect(normaliseShortCode(typed), typed).toBeNull();
  });

  it('is written in two groups of four', () => {
    expect(formatShortCode('abcd2345')).toBe('ABCD-2345');
  });

  it("opens the postcode in the phone's maps", () => {
    expect(mapsUrl(' AB1 2CD ')).toBe('https://maps.google.com/?q=AB1%202CD');
  });
});
