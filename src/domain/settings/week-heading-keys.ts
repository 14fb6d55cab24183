// The keys of the week headings, apart from how a client's copy is read (./week-headings-field.ts)
// so that the board, which only shows the headings, does not carry the reading rules
// (docs/decisions/074).

/** The settings keys of the weekday headings of the board, Monday first. */
export const WEEKDAY_HEADING_KEYS = [
  'monday_heading',
  'tuesday_heading',
  'wednesday_heading',
  'thursday_heading',
  'friday_heading',
  'saturday_heading',
  'sunday_heading',
] as const;
export type WeekdayHeadingKey = (typeof WEEKDAY_HEADING_KEYS)[number];
export type WeekHeadings = Partial<Record<WeekdayHeadingKey, string>>;
