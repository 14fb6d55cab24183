import { useState, type FormEvent } from 'react';
import { dayLabel } from '#domain/orders/format';
import type { OrderFields } from '#domain/orders/order-fields';
import { DAYS } from '#domain/records';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/fields';
import { FormMessage } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { boardArrivalOf } from '../../lib/board-arrival';
import { describeError } from '../../lib/describe-error';
import { createOrder } from '../../lib/orders/order-mutations';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router/hooks';
import { localToday } from '../../lib/today';
import { clampCopyTarget, copyOf, copyWeeks, defaultCopyTarget, type CopyTarget } from './duplicate-order';

const dayOptions = DAYS.map((value) => ({ value, label: dayLabel(value) }));

interface Props {
  /** The order's fields as the form shows them: the copy gets these. */
  fields: OrderFields;
  open: boolean;
  onClose: () => void;
}

/**
 * Duplicate: a copy of the order on the day and week chosen here (this week or later), with no
 * status. Once saved, the board shows the copy's week with the copy marked.
 */
export function DuplicateOrderDialog({ fields, open, onClose }: Props) {
  const navigate = useNavigate();
  const [today] = useState(() => localToday(new Date()).date);
  const [target, setTarget] = useState<CopyTarget>(() => defaultCopyTarget(fields, today));
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const { years, weeks } = copyWeeks(target.year, today);

  const change = (changes: Partial<CopyTarget>) => setTarget((current) => clampCopyTarget({ ...current, ...changes }, today));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const copy = await createOrder(copyOf(fields, target));
      notify.success(`Copy added on ${dayLabel(copy.day)}, week ${copy.weekNumber}.`);
      if (copy.other === 'holding') void navigate(paths.holding, { replace: true });
      else {
        const { to, options } = boardArrivalOf(copy, Date.now());
        void navigate(to, options);
      }
    } catch (err) {
      setBusy(false);
      setError(`The copy was not added. ${describeError(err)}`);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Duplicate order"
      description={`A new order for ${fields.title.trim() || 'this customer'} with the same details as shown here and no status, on the day and week you choose.`}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Duplicate order">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label="Day"
            name="copy-day"
            options={dayOptions}
            value={target.day}
            onChange={(e) => change({ day: e.target.value as CopyTarget['day'] })}
          />
          <SelectField
            label="Week number"
            name="copy-week"
            options={weeks.map((w) => ({ value: w, label: String(w) }))}
            value={target.weekNumber}
            onChange={(e) => change({ weekNumber: Number(e.target.value) })}
          />
          <SelectField
            label="Year"
            name="copy-year"
            options={years.map((y) => ({ value: y, label: String(y) }))}
            value={target.year}
            onChange={(e) => change({ year: Number(e.target.value) })}
          />
        </div>
        <FormMessage message={error ? { tone: 'error', text: error } : null} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isBusy}>
            {isBusy ? 'Duplicating...' : 'Duplicate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
