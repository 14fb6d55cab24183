import { describe, expect, it } from 'vitest';
import { boardHeadings, DEFAULT_ROUTE_HEADING, headingKeyOf, pickWeekHeadings, routeHeadingFor } from './week-headings';

describe('routeHeadingFor', () => {
  it.each([
    [{ monday_heading: 'North Wales' }, 'monday', 'North Wales'],
    [{ monday_heading: '  Chester  ' }, 'monday', 'Chester'],
    [{ monday_heading: '   ' }, 'monday', DEFAULT_ROUTE_HEADING],
    [{ monday_heading: 'North Wales' }, 'sunday', 'Misc'],
    [{}, 'friday', 'Misc'],
  ] as const)('%j on %s reads %j', (headings, day, expected) => {
    expect(routeHeadingFor(headings, day)).toBe(expected);
  });
});

describe('headingKeyOf and pickWeekHeadings', () => {
  it('names the settings key of a day', () => {
    expect(headingKeyOf('wednesday')).toBe('wednesday_heading');
  });

  it('keeps only the seven heading texts', () => {
    expect(pickWeekHeadings({ monday_heading: 'A', tuesday_heading: 3, other: 'x' })).toEqual({ monday_heading: 'A' });
    expect(pickWeekHeadings(null)).toEqual({});
    expect(pickWeekHeadings('text')).toEqual({});
  });
});

describe('boardHeadings', () => {
  it("shows the nursery's heading where the person set none, and theirs where they did", () => {
    const nursery = { monday_heading: 'North Wales', tuesday_heading: 'Chester', wednesday_heading: 'Bristol' };
    const own = { monday_heading: 'My Monday', tuesday_heading: '   ', thursday_heading: 'Leeds' };
    expect(boardHeadings(nursery, own)).toEqual({
      monday_heading: 'My Monday',
      tuesday_heading: 'Chester',
      wednesday_heading: 'Bristol',
      thursday_heading: 'Leeds',
    });
    expect(routeHeadingFor(boardHeadings({}, {}), 'friday')).toBe(DEFAULT_ROUTE_HEADING);
  });
});
