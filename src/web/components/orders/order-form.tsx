import type { FormEvent, ReactNode } from 'react';
import { boardTypeLabel, customerTypeLabel, dayLabel, statusLabel } from '#domain/orders/format';
import type { OrderFields } from '#domain/orders/order-fields';
import { BOARD_TYPES, CUSTOMER_TYPES, DAYS, ORDER_STATUSES } from '#domain/records';
import { TrolleyLogo } from '../ui/trolley-logo';
import { Button } from '../ui/button';
import { SelectField, TextArea, TextField } from '../ui/fields';
import { FormMessage, type FormMessageState } from '../ui/form-message';

/** Per-field problems, from the page's own checks or the server's 400 answer. */
export type OrderFieldErrors = Partial<Record<keyof OrderFields, string>>;

const dayOptions = DAYS.map((value) => ({ value, label: dayLabel(value) }));
const customerTypeOptions = CUSTOMER_TYPES.map((value) => ({ value, label: customerTypeLabel(value) }));
const boardTypeOptions = BOARD_TYPES.map((value) => ({ value, label: boardTypeLabel(value) }));
const statusOptions = ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) || 'None' }));

export interface OrderFormProps {
  values: OrderFields;
  onChange: (changes: Partial<OrderFields>) => void;
  onSubmit: () => void;
  /** Year choices, newest first; the form adds the value's own year if missing. */
  years: number[];
  /** Week choices: weeks 1..weeksInYear, or `minWeek` up when creating in the current year. */
  weeksInYear: number;
  minWeek?: number;
  /** Edit shows status, trollies and extras; create leaves them at their defaults. */
  showProgressFields: boolean;
  errors: OrderFieldErrors;
  message: FormMessageState | null;
  isBusy: boolean;
  /** Extra content above the buttons (the conflict panel). */
  notice?: ReactNode;
  /** Extra buttons next to Save (Delete). */
  actions?: ReactNode;
}

/** The order fields (docs/product.md#orders), shared by the create and edit screens. */
export function OrderForm(props: OrderFormProps) {
  const { values, onChange, errors, isBusy } = props;
  const years = props.years.includes(values.year) ? props.years : [values.year, ...props.years].sort((a, b) => b - a);
  const firstWeek = Math.min(props.minWeek ?? 1, values.weekNumber);
  const lastWeek = Math.max(props.weeksInYear, values.weekNumber);
  const weekOptions = Array.from({ length: lastWeek - firstWeek + 1 }, (_, i) => ({ value: firstWeek + i, label: String(firstWeek + i) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isBusy) props.onSubmit();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Order"
      className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Customer name"
          name="title"
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => onChange({ title: e.target.value })}
          className="sm:col-span-2"
        />
        <TextField
          label="Postcode"
          name="postcode"
          required
          value={values.postcode}
          error={errors.postcode}
          onChange={(e) => onChange({ postcode: e.target.value })}
        />
        <TextField
          label="Order number"
          name="orderNumber"
          required
          value={values.orderNumber}
          error={errors.orderNumber}
          onChange={(e) => onChange({ orderNumber: e.target.value })}
        />
        <SelectField
          label="Customer type"
          name="customerType"
          options={customerTypeOptions}
          value={values.customerType}
          error={errors.customerType}
          onChange={(e) => onChange({ customerType: e.target.value as OrderFields['customerType'] })}
        />
        <SelectField
          label="Day"
          name="day"
          options={dayOptions}
          value={values.day}
          error={errors.day}
          onChange={(e) => onChange({ day: e.target.value as OrderFields['day'] })}
        />
        <SelectField
          label="Board type"
          name="other"
          options={boardTypeOptions}
          value={values.other}
          error={errors.other}
          onChange={(e) => onChange({ other: e.target.value as OrderFields['other'] })}
        />
        <SelectField
          label="Week number"
          name="weekNumber"
          options={weekOptions}
          value={values.weekNumber}
          error={errors.weekNumber}
          onChange={(e) => onChange({ weekNumber: Number(e.target.value) })}
        />
        <SelectField
          label="Year"
          name="year"
          options={years.map((y) => ({ value: y, label: String(y) }))}
          value={values.year}
          error={errors.year}
          onChange={(e) => onChange({ year: Number(e.target.value) })}
        />
        {props.showProgressFields && (
          <>
            <SelectField
              label="Status"
              name="status"
              options={statusOptions}
              value={values.status}
              error={errors.status}
              onChange={(e) => onChange({ status: e.target.value as OrderFields['status'] })}
            />
            <TextField
              label="Trollies"
              name="trollies"
              value={values.trollies}
              error={errors.trollies}
              onChange={(e) => onChange({ trollies: e.target.value })}
            />
            <TextField
              label="Extras"
              name="extras"
              value={values.extras}
              error={errors.extras}
              onChange={(e) => onChange({ extras: e.target.value })}
            />
          </>
        )}
        <TextArea
          label="Additional Info"
          name="orderInfo"
          value={values.orderInfo}
          error={errors.orderInfo}
          onChange={(e) => onChange({ orderInfo: e.target.value })}
          className="sm:col-span-2"
        />
      </div>
      {props.notice}
      <FormMessage message={props.message} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button type="submit" variant="primary" disabled={isBusy} className="max-sm:w-full">
          {isBusy ? 'Saving...' : 'Save'}
        </Button>
        {props.actions}
      </div>
    </form>
  );
}

/** Field messages from a PocketBase-style 400 answer (`data: {field: {message}}`). */
export function serverFieldErrors(err: unknown): OrderFieldErrors {
  const data = (err as { response?: { data?: unknown } } | null)?.response?.data;
  if (!data || typeof data !== 'object') return {};
  const errors: OrderFieldErrors = {};
  for (const [field, detail] of Object.entries(data as Record<string, unknown>)) {
    const message = (detail as { message?: unknown } | null)?.message;
    if (typeof message === 'string') errors[field as keyof OrderFields] = message;
  }
  return errors;
}

/** The trolley logo rolling back and forth: the spec's "Loading..." with an animated trolley. */
export function LoadingTrolley({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-600">
      <TrolleyLogo className="h-12 w-12 animate-bounce text-emerald-800 motion-reduce:animate-none" />
      <p className="text-lg">{children}</p>
    </div>
  );
}
