import { useId } from 'react';
import { yearOptions } from '#domain/weeks';
import { useWeekSelection } from '../../lib/week-selection';

// At least 44 px tall on phones (tap targets); compact from `md` up.
const selectClass =
  'min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 md:text-sm';
const arrowClass =
  'inline-flex size-11 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40 md:size-8';

export function YearSelect() {
  const id = useId();
  const { year, today, setYear } = useWeekSelection();
  const options = yearOptions(today);
  // A year chosen elsewhere (a link to an old week) stays selectable.
  if (!options.includes(year)) options.push(year);
  return (
    <div className="flex items-center gap-1">
      {/* A phone's one-row header has no room for the word; the select keeps it as its name. */}
      <label htmlFor={id} className="text-sm text-slate-600 max-sm:sr-only">
        Year
      </label>
      {/* On a phone without its drawn arrow, as phones draw selects: the row keeps room for the week. */}
      <select
        id={id}
        className={`${selectClass} max-sm:appearance-none max-sm:px-2.5 max-sm:text-center`}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
      >
        {options.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CurrentWeek() {
  const { year, week, todayWeek } = useWeekSelection();
  const isThisWeek = year === todayWeek.year && week === todayWeek.week;
  // On a phone the words stack over the number, and give their place to "This week" while another
  // week is shown: the header stays one row (docs/decisions/067).
  return (
    <p
      className={`text-sm whitespace-nowrap text-slate-600 max-sm:flex max-sm:flex-col max-sm:text-xs max-sm:leading-tight ${isThisWeek ? '' : 'max-sm:hidden'}`}
    >
      Current Week <strong className="font-semibold text-slate-900 max-sm:text-sm">{todayWeek.week}</strong>
    </p>
  );
}

/**
 * Week 1..52 (or 53) with previous/next arrows that cross into the neighbouring year, and "This
 * week" back to today's week whenever another week is shown.
 */
export function WeekSelect() {
  const id = useId();
  const { year, week, weeksInYear, todayWeek, setWeek, shiftWeek, goToWeek } = useWeekSelection();
  const isThisWeek = year === todayWeek.year && week === todayWeek.week;
  const weeks = Array.from({ length: weeksInYear }, (_, i) => i + 1);
  return (
    <div className="flex items-center gap-1">
      <button type="button" className={arrowClass} aria-label="Previous week" onClick={() => shiftWeek(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <label htmlFor={id} className="sr-only">
        Week
      </label>
      <select id={id} className={selectClass} value={week} onChange={(e) => setWeek(Number(e.target.value))}>
        {weeks.map((w) => (
          <option key={w} value={w}>
            Week {w}
          </option>
        ))}
      </select>
      <button type="button" className={arrowClass} aria-label="Next week" onClick={() => shiftWeek(1)}>
        <span aria-hidden="true">›</span>
      </button>
      {!isThisWeek && (
        <button
          type="button"
          className="ml-1 inline-flex min-h-11 items-center rounded-md border border-emerald-600 bg-emerald-50 px-3 text-sm font-semibold whitespace-nowrap text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600 max-sm:ml-0 max-sm:w-12 max-sm:justify-center max-sm:px-1 max-sm:text-center max-sm:text-xs max-sm:leading-tight max-sm:whitespace-normal md:min-h-8"
          onClick={() => goToWeek(todayWeek)}
        >
          This week
        </button>
      )}
    </div>
  );
}
