// The days of an order's week, Monday first as the ISO week counts them. A day without its row
// does not compile (docs/decisions/059).

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

export interface DayEntry {
  /** The day's name as the board, sheets and CSV files write it. */
  label: string;
}

export const DAY_TABLE = {
  monday: { label: 'Monday' },
  tuesday: { label: 'Tuesday' },
  wednesday: { label: 'Wednesday' },
  thursday: { label: 'Thursday' },
  friday: { label: 'Friday' },
  saturday: { label: 'Saturday' },
  sunday: { label: 'Sunday' },
} as const satisfies Readonly<Record<Day, DayEntry>>;
