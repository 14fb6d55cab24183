import { useEffect, useState, type FormEvent } from 'react';
import { dayLabel } from '#domain/orders/format';
import { DAYS, type WeekHeadings } from '#domain/records';
import { HEADING_MAX_LENGTH } from '#domain/settings/week-headings-field';
import { DEFAULT_ROUTE_HEADING, headingKeyOf, pickWeekHeadings } from '#domain/settings/week-headings';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeError } from '../../lib/describe-error';
import { saveNursery } from '../../lib/settings/nursery-changes';
import { useNursery, useNurseryHeadings } from '../../lib/settings/nursery';
import { useSaveWeekHeadings } from '../../lib/settings/save-week-headings';
import { useWeekHeadings, useWeekHeadingsAreFresh } from '../../lib/settings/use-week-headings';
import { useCan } from '../../lib/use-role';

const sameHeadings = (a: WeekHeadings, b: WeekHeadings) =>
  DAYS.every((day) => (a[headingKeyOf(day)] ?? '').trim() === (b[headingKeyOf(day)] ?? '').trim());

const isSet = (headings: WeekHeadings, day: (typeof DAYS)[number]) => (headings[headingKeyOf(day)] ?? '').trim() !== '';

/** "The board shows: …" — whose heading each day's column carries, in one sentence (docs/decisions/072). */
export function boardShowsSentence(own: WeekHeadings, nursery: WeekHeadings): string {
  const mine = DAYS.filter((day) => isSet(own, day));
  const theirs = DAYS.some((day) => !isSet(own, day) && isSet(nursery, day));
  if (mine.length === DAYS.length) return 'The board shows: your headings.';
  if (mine.length === 0)
    return theirs ? 'The board shows: the nursery’s headings.' : `The board shows: “${DEFAULT_ROUTE_HEADING}” above every day.`;
  const days = mine.map((day) => dayLabel(day)).join(', ');
  return `The board shows: your headings on ${days}; on the other days ${theirs ? 'the nursery’s' : `“${DEFAULT_ROUTE_HEADING}”`}.`;
}

/**
 * Week Headings (docs/product.md#settings): the person's own route heading per weekday next to the
 * nursery's (which admins change here too), one Save for both, and a sentence saying which one the
 * board shows. The board reads the same cached queries, so it shows the new headings without the
 * page reload the original app needed; the form says "Saved" instead.
 */
export function WeekHeadingsForm() {
  const headings = useWeekHeadings();
  const nurseryHeadings = useNurseryHeadings();
  const nursery = useNursery();
  const canEditNursery = useCan('nurserySettings');
  const isFresh = useWeekHeadingsAreFresh();
  const save = useSaveWeekHeadings();
  const [draft, setDraft] = useState<WeekHeadings>(headings);
  const [nurseryDraft, setNurseryDraft] = useState<WeekHeadings>(nurseryHeadings);
  const [isTouched, setTouched] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);

  // Show the server's copies when they arrive (or another admin's change, live), unless the person already started typing.
  useEffect(() => {
    if (isTouched) return;
    setDraft(headings);
    setNurseryDraft(nurseryHeadings);
  }, [headings, nurseryHeadings, isTouched]);

  const nurseryRecord = nursery.data;
  const editsNursery = canEditNursery && nurseryRecord !== undefined;

  async function onSubmit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (isBusy) return;
    setMessage(null);
    setBusy(true);
    // Two records: the message says which one was saved when only the first was.
    let savedNursery = false;
    try {
      // The nursery's first: it is the one another admin may also be changing, and the server refuses a bad one as a whole.
      if (editsNursery && !sameHeadings(nurseryDraft, pickWeekHeadings(nurseryRecord.headings))) {
        const saved = await saveNursery(nurseryRecord.id, { headings: nurseryDraft });
        setNurseryDraft(pickWeekHeadings(saved.headings));
        savedNursery = true;
      }
      const saved = await save.mutateAsync(draft);
      setDraft(saved.settings_json);
      setTouched(false);
      setMessage({ tone: 'success', text: 'Saved. The board shows these headings now.' });
    } catch (err) {
      console.warn('Saving the week headings failed.', err);
      setMessage({
        tone: 'error',
        text: `${savedNursery ? 'The nursery’s headings were saved, but your own' : 'Your week headings'} weren't saved. ${describeError(err)} Your changes are still here. Try again.`,
      });
    } finally {
      setBusy(false);
    }
  }

  const edit = (set: typeof setDraft, key: keyof WeekHeadings, value: string) => {
    setTouched(true);
    setMessage(null);
    set((d) => ({ ...d, [key]: value }));
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-labelledby="week-headings-title" aria-busy={!isFresh}>
      <div>
        <h2 id="week-headings-title" className="text-lg font-semibold text-slate-900">
          Week Headings
        </h2>
        <p className="text-sm text-slate-600">
          The route heading above each day on the board. Yours wins where you set one; else the nursery’s; else “{DEFAULT_ROUTE_HEADING}”.
        </p>
        <p className="mt-2 text-sm font-medium text-slate-900" data-testid="board-shows">
          {boardShowsSentence(draft, nurseryDraft)}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Your headings</legend>
          <p className="text-sm text-slate-600">Only on your board.</p>
          {DAYS.map((day) => {
            const key = headingKeyOf(day);
            return (
              <TextField
                key={day}
                label={dayLabel(day)}
                maxLength={HEADING_MAX_LENGTH}
                placeholder={nurseryDraft[key]?.trim() || DEFAULT_ROUTE_HEADING}
                value={draft[key] ?? ''}
                onChange={(e) => edit(setDraft, key, e.target.value)}
              />
            );
          })}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">The nursery’s headings</legend>
          <p className="text-sm text-slate-600">
            {editsNursery ? 'On every board in your nursery, where a person has not set their own.' : 'Set by your nursery’s admins.'}
          </p>
          {editsNursery ? (
            DAYS.map((day) => {
              const key = headingKeyOf(day);
              return (
                <TextField
                  key={day}
                  label={`${dayLabel(day)} route`}
                  maxLength={HEADING_MAX_LENGTH}
                  placeholder={DEFAULT_ROUTE_HEADING}
                  value={nurseryDraft[key] ?? ''}
                  onChange={(e) => edit(setNurseryDraft, key, e.target.value)}
                />
              );
            })
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {DAYS.map((day) => (
                <div key={day} className="contents">
                  <dt className="text-slate-600">{dayLabel(day)}</dt>
                  <dd className="text-slate-900">{nurseryHeadings[headingKeyOf(day)]?.trim() || `“${DEFAULT_ROUTE_HEADING}”`}</dd>
                </div>
              ))}
            </dl>
          )}
        </fieldset>
      </div>
      <FormMessage message={message} />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
