import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clampCopyTarget, copyWeeks } from '#domain/orders/copy-target';
import { dayLabel } from '#domain/orders/format';
import { DAYS, type Day } from '#domain/records';
import { MAX_COPIED_ORDERS } from '#domain/standing-orders/requests';
import { shiftIsoWeek, type CalendarDate, type IsoWeek } from '#domain/weeks';
import { SelectField } from '../../components/ui/fields';
import { FormDialog } from '../../components/ui/form-dialog';
import { describeError } from '../../lib/describe-error';
import { copyOrders, copyPreviewQuery, type CopyBody } from '../../lib/standing-orders/standing-order-queries';

// Copy to another week (docs/decisions/039): the chosen orders (map mode) or a day's, into a week
// from this one on, on their own day or one chosen; a preview lists what will be made. Copies have
// no status, as Duplicate's.

/** What is copied: the chosen orders, or a day of a week. */
export type CopySource = { ids: readonly string[] } | { week: IsoWeek; day: Day };

const SAME_DAY = '';

export function CopyOrdersDialog({
  source,
  what,
  today,
  from,
  onClose,
}: {
  source: CopySource | null;
  /** What is copied, in words: "Monday's orders", "the 3 chosen orders". */
  what: string;
  today: CalendarDate;
  /** The week shown on the board: the target starts at the week after it. */
  from: IsoWeek;
  onClose: () => void;
}) {
  const next = shiftIsoWeek(from, 1);
  const [target, setTarget] = useState(() => clampCopyTarget({ day: 'monday', year: next.year, weekNumber: next.week }, today));
  const [day, setDay] = useState<Day | typeof SAME_DAY>(SAME_DAY);
  const { years, weeks } = copyWeeks(target.year, today);
  const to = { year: target.year, week: target.weekNumber, ...(day ? { day } : {}) };
  const body: CopyBody | null =
    source === null ? null : 'ids' in source ? { ids: [...source.ids], to } : { from: { ...source.week, day: source.day }, to };
  const preview = useQuery({ ...copyPreviewQuery(body ?? { ids: [], to }), enabled: body !== null });
  const count = preview.data?.count ?? 0;

  return (
    <FormDialog
      describeError={describeError}
      open={source !== null}
      title="Copy to another week"
      description={`Copies ${what} without their status, as new orders. At most ${MAX_COPIED_ORDERS} at once.`}
      actionLabel={preview.isSuccess ? `Copy ${count === 1 ? '1 order' : `${count} orders`}` : 'Copy'}
      busyLabel="Copying..."
      wide
      onClose={onClose}
      onSubmit={async () => {
        if (!body) throw new Error('Nothing to copy.');
        const { created } = await copyOrders(body);
        return `${created === 1 ? '1 order' : `${created} orders`} copied to week ${target.weekNumber} of ${target.year}.`;
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Year"
          name="copy-year"
          options={years.map((y) => ({ value: y, label: String(y) }))}
          value={target.year}
          onChange={(e) => setTarget(clampCopyTarget({ ...target, year: Number(e.target.value) }, today))}
        />
        <SelectField
          label="Week"
          name="copy-week"
          options={weeks.map((w) => ({ value: w, label: String(w) }))}
          value={target.weekNumber}
          onChange={(e) => setTarget({ ...target, weekNumber: Number(e.target.value) })}
        />
        <SelectField
          label="Day"
          name="copy-day"
          options={[{ value: SAME_DAY, label: 'Same day as each order' }, ...DAYS.map((d) => ({ value: d, label: dayLabel(d) }))]}
          value={day}
          onChange={(e) => setDay(e.target.value as Day | typeof SAME_DAY)}
        />
      </div>
      <section aria-label="Copy preview" className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm">
        {preview.isPending && <p className="text-slate-600">Working out what will be copied...</p>}
        {preview.isError && (
          <p role="alert" className="text-red-800">
            {describeError(preview.error)}
          </p>
        )}
        {preview.isSuccess && (
          <>
            <p className="font-semibold text-slate-900">
              {count === 1 ? '1 order' : `${count} orders`} will be copied to week {target.weekNumber} of {target.year}:
            </p>
            <ul className="mt-1 space-y-0.5">
              {preview.data.copies.map((copy) => (
                <li key={copy.source}>
                  {dayLabel(copy.day)}: {copy.title}
                  {copy.postcode && <span className="text-slate-600"> · {copy.postcode}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </FormDialog>
  );
}
