import { describe, expect, it } from 'vitest';
import { formatShortCode, holdingInWords, mapsUrl, normaliseShortCode } from './driver-link';

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

describe('holdingInWords (docs/decisions/079)', () => {
  it.each([
    [{ trolleys: 7, shelves: 2, extensions: 0, since: '2026-11-03' }, 2026, 'Has 7 trolleys, 2 shelves of ours since 3 Nov'],
    [{ trolleys: 1, shelves: 0, extensions: 1, since: '2025-12-29' }, 2026, 'Has 1 trolley, 1 extension of ours since 29 Dec 2025'],
    [{ trolleys: 0, shelves: 0, extensions: 0, since: '' }, 2026, 'Has nothing of ours'],
    // More back than booked out is the office's to sort out: the driver is told there is nothing to collect.
    [{ trolleys: -3, shelves: 0, extensions: 0, since: '' }, 2026, 'Has nothing of ours'],
  ])('%o in %i reads %s', (holds, thisYear, words) => {
    expect(holdingInWords(holds, thisYear)).toBe(words);
  });
});
