import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { standingOrders as standingCollection } from '#domain/collections/standing-orders';
import { dayLabel } from '#domain/orders/format';
import type { CustomerRecord, StandingOrderRecord } from '#domain/records';
import { describeSchedule } from '#domain/standing-orders/schedule';
import { currentIsoWeek, localCalendarDate, weeksInIsoYear, yearOptions } from '#domain/weeks';
import { DeclaredField } from '../../components/orders/declared-field';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, SelectField, TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import {
  createStandingOrder,
  customerStandingOrdersQuery,
  deleteStandingOrder,
  updateStandingOrder,
  type StandingOrderFields,
} from '../../lib/standing-orders/standing-order-queries';
import { useCan } from '../../lib/use-role';

// A customer's standing orders on the Customers screen (docs/decisions/039): everyone reads them;
// office staff and admins add, change and delete them. The board's Fill week makes their orders.

/** The order's own fields, in the order the form shows them. */
const ORDER_FIELDS = ['title', 'postcode', 'day', 'customerType', 'other', 'trollies', 'orderInfo'] as const;

function newFields(customer: CustomerRecord): StandingOrderFields {
  const now = currentIsoWeek(localCalendarDate(new Date()));
  return {
    customer: customer.id,
    title: customer.name,
    postcode: customer.postcode,
    day: customer.usualDay || 'monday',
    customerType: customer.customerType,
    other: 'none',
    trollies: customer.usualTrolleys > 0 ? String(customer.usualTrolleys) : '',
    orderInfo: '',
    fromYear: now.year,
    fromWeek: now.week,
    untilYear: 0,
    untilWeek: 0,
    everyWeeks: 1,
    active: true,
  };
}

function fieldsOf(standing: StandingOrderRecord): StandingOrderFields {
  const {
    id: _id,
    collectionId: _c,
    collectionName: _n,
    created: _cr,
    updated: _u,
    nursery: _ny,
    created_by: _cb,
    updated_by: _ub,
    ...fields
  } = standing;
  return fields;
}

type FieldErrors = Partial<Record<keyof StandingOrderFields, string>>;

function fieldErrorsOf(err: unknown): FieldErrors {
  const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
  const errors: FieldErrors = {};
  for (const [name, detail] of Object.entries(data))
    if (typeof detail?.message === 'string') errors[name as keyof StandingOrderFields] = detail.message;
  return errors;
}

const weekChoices = (year: number) => Array.from({ length: weeksInIsoYear(year) }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** The form of one standing order: the order's fields, then when it repeats. */
function StandingOrderForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: StandingOrderRecord | StandingOrderFields;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const existing = 'id' in initial ? initial : null;
  const [fields, setFields] = useState<StandingOrderFields>(existing ? fieldsOf(existing) : (initial as StandingOrderFields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<StandingOrderFields>) => setFields((current) => ({ ...current, ...changes }));
  const years = yearOptions(localCalendarDate(new Date()))
    .slice()
    .reverse()
    .map((y) => ({ value: y, label: String(y) }));
  const hasEnd = fields.untilYear !== 0;

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (existing) await updateStandingOrder(existing.id, fields);
      else await createStandingOrder(fields);
      notify.success(existing ? 'Standing order saved.' : 'Standing order added.');
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setMessage({ tone: 'error', text: describeError(err) });
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-3"
      aria-label={existing ? 'Edit standing order' : 'New standing order'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {ORDER_FIELDS.map((name) => (
          <DeclaredField
            key={name}
            name={name}
            field={standingCollection.fields[name]}
            value={fields[name]}
            onChange={(value) => set({ [name]: String(value) })}
            error={errors[name]}
            required={name === 'title'}
            className={name === 'title' || name === 'orderInfo' ? 'sm:col-span-2' : undefined}
          />
        ))}
        <SelectField
          label="From year"
          name="fromYear"
          options={years}
          value={fields.fromYear}
          error={errors.fromYear}
          onChange={(e) =>
            set({ fromYear: Number(e.target.value), fromWeek: Math.min(fields.fromWeek, weeksInIsoYear(Number(e.target.value))) })
          }
        />
        <SelectField
          label="From week"
          name="fromWeek"
          options={weekChoices(fields.fromYear)}
          value={fields.fromWeek}
          error={errors.fromWeek}
          onChange={(e) => set({ fromWeek: Number(e.target.value) })}
        />
        <TextField
          label={standingCollection.fields.everyWeeks.label}
          name="everyWeeks"
          type="number"
          inputMode="numeric"
          min={1}
          max={52}
          value={String(fields.everyWeeks)}
          error={errors.everyWeeks}
          onChange={(e) => set({ everyWeeks: e.target.value === '' ? 0 : Number(e.target.value) })}
        />
        <Checkbox
          label="Ends in a given week"
          checked={hasEnd}
          onChange={(ends) => set(ends ? { untilYear: fields.fromYear, untilWeek: fields.fromWeek } : { untilYear: 0, untilWeek: 0 })}
          className="self-end"
        />
        {hasEnd && (
          <>
            <SelectField
              label="Until year"
              name="untilYear"
              options={years}
              value={fields.untilYear}
              error={errors.untilYear}
              onChange={(e) =>
                set({ untilYear: Number(e.target.value), untilWeek: Math.min(fields.untilWeek, weeksInIsoYear(Number(e.target.value))) })
              }
            />
            <SelectField
              label="Until week"
              name="untilWeek"
              options={weekChoices(fields.untilYear)}
              value={fields.untilWeek}
              error={errors.untilWeek}
              onChange={(e) => set({ untilWeek: Number(e.target.value) })}
            />
          </>
        )}
        <Checkbox label="Active (Fill week makes its orders)" checked={fields.active} onChange={(active) => set({ active })} />
      </div>
      <FormMessage message={message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : existing ? 'Save' : 'Add standing order'}
        </Button>
      </div>
    </form>
  );
}

function StandingOrderItem({ standing, canChange, onEdit }: { standing: StandingOrderRecord; canChange: boolean; onEdit: () => void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteStandingOrder(standing.id);
      notify.success('Standing order deleted.');
    } catch (err) {
      notify.error(describeError(err, 'The standing order could not be deleted. Try again.'));
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {dayLabel(standing.day)}: {standing.title}
          {standing.trollies && <span className="font-normal text-slate-600"> · {standing.trollies} trolleys</span>}
        </p>
        <p className="text-slate-600">{describeSchedule(standing)}</p>
      </div>
      {canChange && (
        <div className="flex gap-2">
          <Button size="sm" onClick={onEdit} aria-label={`Edit standing order ${standing.title} on ${dayLabel(standing.day)}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => void remove()}
            aria-label={`Delete standing order ${standing.title} on ${dayLabel(standing.day)}`}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** The chosen customer's standing orders, in a dialog of the Customers screen. */
export function StandingOrdersDialog({ customer, onClose }: { customer: CustomerRecord | null; onClose: () => void }) {
  const canChange = useCan('standingOrders');
  const list = useQuery({ ...customerStandingOrdersQuery(customer?.id ?? ''), enabled: customer !== null });
  const [editing, setEditing] = useState<StandingOrderRecord | StandingOrderFields | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Dialog open={customer !== null} onClose={close} title={`Standing orders of ${customer?.name ?? ''}`} className="sm:max-w-2xl">
      {editing ? (
        <StandingOrderForm initial={editing} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
      ) : (
        <div className="space-y-3">
          {list.isPending && <p className="text-sm text-slate-600">Loading standing orders...</p>}
          {list.isError && (
            <p role="alert" className="text-sm text-red-800">
              {describeError(list.error, 'The standing orders could not be loaded. Try again.')}
            </p>
          )}
          {list.isSuccess && list.data.length === 0 && (
            <p className="text-sm text-slate-600">No standing orders. Fill week on the board makes a week's orders from them.</p>
          )}
          {list.isSuccess && list.data.length > 0 && (
            <ul aria-label="Standing orders" className="space-y-2">
              {list.data.map((standing) => (
                <StandingOrderItem key={standing.id} standing={standing} canChange={canChange} onEdit={() => setEditing(standing)} />
              ))}
            </ul>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            {canChange && customer && (
              <Button variant="primary" onClick={() => setEditing(newFields(customer))}>
                Add standing order
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
