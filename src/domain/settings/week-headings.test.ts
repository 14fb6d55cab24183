import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE_HEADING, headingKeyOf, pickWeekHeadings, routeHeadingFor } from './week-headings';

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
