import { useCallback, useMemo } from 'react';
import { useSearchParams } from './router/hooks';
import { clampWeek, shiftIsoWeek, weeksInIsoYear, type CalendarDate, type IsoWeek } from '#domain/weeks';
import { localToday, type Today } from './today';
import { weekFromParams, weekSearch } from './week-params';

/** The week every screen shows: chosen in the header, kept in the URL (`?year=2026&week=47`). */
export interface WeekSelection {
  year: number;
  week: number;
  /** Number of weeks of the chosen year (52 or 53). */
  weeksInYear: number;
  /** Today's date and ISO week, as the member of staff's wall clock sees it. */
  today: CalendarDate;
  todayWeek: IsoWeek;
  /** `?year=…&week=…` of the chosen week, for links that keep it (Home, Collects). */
  search: string;
  /** Changes the year and clamps the week into it (week 53 of 2026 becomes 52 in 2025). */
  setYear: (year: number) => void;
  /** Sets the week, clamped to 1..weeksInIsoYear(year). */
  setWeek: (week: number) => void;
  /** Previous (-1) or next (+1) week, crossing into the neighbouring year. */
  shiftWeek: (delta: number) => void;
  /** Shows a given week (today's, for "This week"). */
  goToWeek: (week: IsoWeek) => void;
}

// "Today" is taken once per page load; the idle reload refreshes it on a board left running.
let today: Today | null = null;
function todayOnce(): Today {
  today ??= localToday(new Date());
  return today;
}

// The week chosen last in this page load: a screen opened without `?year&week` (Holding, then
// Home) shows it rather than jumping back to today's week. A fresh page load starts at today's.
let lastChosen: IsoWeek | null = null;

export function useWeekSelection(): WeekSelection {
  const [params, setParams] = useSearchParams();
  const { date, week: todayWeek } = todayOnce();
  const chosen = weekFromParams(params, lastChosen ?? todayWeek);
  lastChosen = chosen;

  const choose = useCallback(
    (next: IsoWeek) => {
      lastChosen = next;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('year', String(next.year));
        updated.set('week', String(next.week));
        return updated;
      });
    },
    [setParams],
  );

  const { year, week } = chosen;
  const setYear = useCallback((y: number) => choose({ year: y, week: clampWeek(y, week) }), [choose, week]);
  const setWeek = useCallback((w: number) => choose({ year, week: clampWeek(year, w) }), [choose, year]);
  const shiftWeek = useCallback((delta: number) => choose(shiftIsoWeek({ year, week }, delta)), [choose, year, week]);

  return useMemo(
    () => ({
      year,
      week,
      weeksInYear: weeksInIsoYear(year),
      today: date,
      todayWeek,
      search: weekSearch({ year, week }),
      setYear,
      setWeek,
      shiftWeek,
      goToWeek: choose,
    }),
    [year, week, date, todayWeek, setYear, setWeek, shiftWeek, choose],
  );
}
