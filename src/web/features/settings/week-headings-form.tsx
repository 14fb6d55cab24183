import { useEffect, useState, type FormEvent } from 'react';
import { dayLabel } from '#domain/orders/format';
import { DAYS, type WeekHeadings } from '#domain/records';
import { HEADING_MAX_LENGTH } from '#domain/settings/week-headings-field';
import { DEFAULT_ROUTE_HEADING, headingKeyOf } from '#domain/settings/week-headings';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeError } from '../../lib/describe-error';
import { useNurseryHeadings } from '../../lib/settings/nursery';
import { useSaveWeekHeadings, useWeekHeadings, useWeekHeadingsAreFresh } from '../../lib/settings/use-week-headings';

/**
 * One route heading per weekday, saved on the user's settings record. The board reads the same
 * cached query, so it shows the new headings without the page reload the original app needed;
 * the form says "Saved" instead.
 */
export function WeekHeadingsForm() {
  const headings = useWeekHeadings();
  const nurseryHeadings = useNurseryHeadings();
  const isFresh = useWeekHeadingsAreFresh();
  const save = useSaveWeekHeadings();
  const [draft, setDraft] = useState<WeekHeadings>(headings);
  const [isTouched, setTouched] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  // Show the server's copy when it arrives, unless the user already started typing.
  useEffect(() => {
    if (!isTouched) setDraft(headings);
  }, [headings, isTouched]);

  function onSubmit(e: FormEvent<HTMLFormElement>): void {
    e.preventDefault();
    setMessage(null);
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved.settings_json);
        setTouched(false);
        setMessage({ tone: 'success', text: 'Saved. The board shows these headings now.' });
      },
      onError: (err) => {
        console.warn('Saving the week headings failed.', err);
        setMessage({
          tone: 'error',
          text: `Your week headings weren't saved. ${describeError(err)} Your changes are still here. Try again.`,
        });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="week-headings-title" aria-busy={!isFresh}>
      <div>
        <h2 id="week-headings-title" className="text-lg font-semibold text-slate-900">
          Week Headings
        </h2>
        <p className="text-sm text-slate-600">
          Your own route heading above each day on your board. Left empty, the day shows your nursery’s heading (shown greyed), or “
          {DEFAULT_ROUTE_HEADING}”.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {DAYS.map((day) => {
          const key = headingKeyOf(day);
          return (
            <TextField
              key={day}
              label={dayLabel(day)}
              maxLength={HEADING_MAX_LENGTH}
              placeholder={nurseryHeadings[key]?.trim() || DEFAULT_ROUTE_HEADING}
              value={draft[key] ?? ''}
              onChange={(e) => {
                setTouched(true);
                setMessage(null);
                setDraft((d) => ({ ...d, [key]: e.target.value }));
              }}
            />
          );
        })}
      </div>
      <FormMessage message={message} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
