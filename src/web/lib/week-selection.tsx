import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clampWeek, currentIsoWeek, localCalendarDate, weeksInIsoYear, type CalendarDate, type IsoWeek } from '#domain/weeks';

/** The week every screen shows: chosen in the header, shared by board, collect board, pick sheet. */
export interface WeekSelection {
  year: number;
  week: number;
  /** Number of weeks of the chosen year (52 or 53). */
  weeksInYear: number;
  /** Today's ISO week, as the member of staff's wall clock sees it. */
  today: CalendarDate;
  todayWeek: IsoWeek;
  /** Changes the year and clamps the week into it (week 53 of 2026 becomes 52 in 2025). */
  setYear: (year: number) => void;
  /** Sets the week, clamped to 1..weeksInIsoYear(year). */
  setWeek: (week: number) => void;
}

const WeekSelectionContext = createContext<WeekSelection | null>(null);

export function WeekSelectionProvider({ children, now }: { children: ReactNode; now?: Date }) {
  // "Today" is taken once per page load; the idle reload refreshes it on a board left running.
  const [today] = useState<CalendarDate>(() => localCalendarDate(now ?? new Date()));
  const todayWeek = useMemo(() => currentIsoWeek(today), [today]);
  const [chosen, setChosen] = useState<IsoWeek>(todayWeek);

  const setYear = useCallback((year: number) => setChosen((c) => ({ year, week: clampWeek(year, c.week) })), []);
  const setWeek = useCallback((week: number) => setChosen((c) => ({ year: c.year, week: clampWeek(c.year, week) })), []);

  const value = useMemo<WeekSelection>(
    () => ({
      year: chosen.year,
      week: chosen.week,
      weeksInYear: weeksInIsoYear(chosen.year),
      today,
      todayWeek,
      setYear,
      setWeek,
    }),
    [chosen, today, todayWeek, setYear, setWeek],
  );
  return <WeekSelectionContext.Provider value={value}>{children}</WeekSelectionContext.Provider>;
}

export function useWeekSelection(): WeekSelection {
  const value = useContext(WeekSelectionContext);
  if (!value) throw new Error('useWeekSelection needs a WeekSelectionProvider above it (app/providers.tsx).');
  return value;
}
