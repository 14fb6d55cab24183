import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ClientResponseError } from 'pocketbase';
import { DAYS, type WeekHeadings } from '#domain/records';
import { describeError } from '../../lib/describe-error';
import { dayLabel } from '#domain/orders/format';
import { DEFAULT_ROUTE_HEADING, headingKeyOf } from '#domain/settings/week-headings';
import { useWeekHeadings } from '../../lib/use-week-headings';

/** One route heading per weekday; saving stores them on the user's settings and reloads the page. */
export function WeekHeadingsForm() {
  const { headings, isFresh, save } = useWeekHeadings();
  const [draft, setDraft] = useState<WeekHeadings>(headings);
  const [isTouched, setTouched] = useState(false);
  const [isSaving, setSaving] = useState(false);

  // Show the server's copy when it arrives, unless the user already started typing.
  useEffect(() => {
    if (!isTouched) setDraft(headings);
  }, [headings, isTouched]);

  async function onSubmit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    setSaving(true);
    try {
      await save(draft);
      window.location.reload();
    } catch (err) {
      if (err instanceof ClientResponseError && err.isAbort) return;
      console.warn('Saving the week headings failed.', err);
      toast.error(`Your week headings weren't saved. ${describeError(err)} Your changes are still here. Try again.`);
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="week-headings-title" aria-busy={!isFresh}>
      <div>
        <h2 id="week-headings-title" className="text-lg font-semibold text-slate-900">
          Week Headings
        </h2>
        <p className="text-sm text-slate-600">
          The route heading above each day on the board. Left empty, the day shows “{DEFAULT_ROUTE_HEADING}”.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {DAYS.map((day) => {
          const key = headingKeyOf(day);
          const id = `heading-${day}`;
          return (
            <div key={day} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {dayLabel(day)}
              </label>
              <input
                id={id}
                type="text"
                maxLength={100}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600"
                placeholder={DEFAULT_ROUTE_HEADING}
                value={draft[key] ?? ''}
                onChange={(e) => {
                  setTouched(true);
                  setDraft((d) => ({ ...d, [key]: e.target.value }));
                }}
              />
            </div>
          );
        })}
      </div>
      <button
        type="submit"
        disabled={isSaving}
        className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:opacity-60"
      >
        Save Settings
      </button>
    </form>
  );
}
