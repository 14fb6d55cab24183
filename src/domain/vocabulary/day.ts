// The days of an order's week, Monday first as the ISO week counts them. A day without its row
// does not compile (docs/decisions/059).

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

export interface DayEntry {
  /** The day's name as the board, sheets and CSV files write it. */
  label: string;
  /** Its three letters, as statements and short dates write it ("Fri 4 Dec 2026"). */
  short: string;
}

export const DAY_TABLE = {
  monday: { label: 'Monday', short: 'Mon' },
  tuesday: { label: 'Tuesday', short: 'Tue' },
  wednesday: { label: 'Wednesday', short: 'Wed' },
  thursday: { label: 'Thursday', short: 'Thu' },
  friday: { label: 'Friday', short: 'Fri' },
  saturday: { label: 'Saturday', short: 'Sat' },
  sunday: { label: 'Sunday', short: 'Sun' },
} as const satisfies Readonly<Record<Day, DayEntry>>;
