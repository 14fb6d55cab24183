import type { FormEvent, ReactNode } from 'react';
import { tasks } from '#domain/collections/tasks';
import type { OrderFields } from '#domain/orders/order-fields';
import { TrolleyLogo } from '../ui/trolley-logo';
import { Button } from '../ui/button';
import { FormMessage, type FormMessageState } from '../ui/form-message';
import { CustomerNameField } from './customer-name-field';
import { DeclaredField } from './declared-field';
import { OrderCountsFields } from './order-counts-fields';

/** Per-field problems, from the page's own checks or the server's 400 answer. */
export type OrderFieldErrors = Partial<Record<keyof OrderFields, string>>;

/**
 * The order form's fields, in the order it shows them (docs/product.md#orders). Each field's label,
 * kind and choices come from the order's declaration (src/domain/collections/tasks.ts): a new field
 * of an order is declared there and named here.
 */
export const ORDER_FORM_FIELDS = [
  'title',
  'postcode',
  'orderNumber',
  'customerType',
  'day',
  'other',
  'weekNumber',
  'year',
  'status',
  'trollies',
  'extras',
  'orderInfo',
  'customer',
] as const satisfies readonly (keyof OrderFields)[];

/** Fails to compile while a field a client fills in is missing from the form. */
const everyFieldOnTheForm: [Exclude<keyof OrderFields, (typeof ORDER_FORM_FIELDS)[number]>] extends [never] ? true : never = true;
void everyFieldOnTheForm;

type OrderFormField = (typeof ORDER_FORM_FIELDS)[number];
/** Edit shows them; a new order starts with their defaults. */
const PROGRESS_FIELDS: ReadonlySet<OrderFormField> = new Set(['status']);
/** Staff must fill these in on the form (the server itself requires only a customer name). */
const REQUIRED_ON_FORM: ReadonlySet<OrderFormField> = new Set(['title', 'postcode', 'orderNumber']);
const WIDE_FIELDS: ReadonlySet<OrderFormField> = new Set(['title', 'orderInfo']);
/**
 * Not a field of its own on the form: choosing a suggested customer name sets `customer`
 * (docs/decisions/037); the trolleys steppers, drawn where `trollies` is, set `extras` too (docs/decisions/063).
 */
const SET_BY_OTHER_FIELDS: ReadonlySet<OrderFormField> = new Set(['customer', 'extras']);

export interface OrderFormProps {
  values: OrderFields;
  onChange: (changes: Partial<OrderFields>) => void;
  onSubmit: () => void;
  /** Year choices, newest first; the form adds the value's own year if missing. */
  years: number[];
  /** Week choices: weeks 1..weeksInYear, or `minWeek` up when creating in the current year. */
  weeksInYear: number;
  minWeek?: number;
  /** Edit shows status and the other extras; create leaves them at their defaults. */
  showProgressFields: boolean;
  errors: OrderFieldErrors;
  message: FormMessageState | null;
  isBusy: boolean;
  /** Extra content above the buttons (the conflict panel). */
  notice?: ReactNode;
  /** Extra buttons next to Save (Delete). */
  actions?: ReactNode;
  /** Shown instead of Save, with every field read-only: a role that may not change orders (a viewer). */
  readOnlyReason?: string;
}

/** The order fields (docs/product.md#orders), shared by the create and edit screens. */
export function OrderForm(props: OrderFormProps) {
  const { values, onChange, errors, isBusy, showProgressFields } = props;
  const years = props.years.includes(values.year) ? props.years : [values.year, ...props.years].sort((a, b) => b - a);
  const firstWeek = Math.min(props.minWeek ?? 1, values.weekNumber);
  const lastWeek = Math.max(props.weeksInYear, values.weekNumber);
  const weekOptions = Array.from({ length: lastWeek - firstWeek + 1 }, (_, i) => ({ value: firstWeek + i, label: String(firstWeek + i) }));
  const yearOptions = years.map((y) => ({ value: y, label: String(y) }));

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
      {props.readOnlyReason && (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {props.readOnlyReason}
        </p>
      )}
      <fieldset disabled={props.readOnlyReason !== undefined} className="grid gap-4 sm:grid-cols-2">
        {ORDER_FORM_FIELDS.filter((name) => !SET_BY_OTHER_FIELDS.has(name) && (showProgressFields || !PROGRESS_FIELDS.has(name))).map(
          (name) =>
            name === 'title' ? (
              <CustomerNameField
                key={name}
                label={tasks.fields.title.label}
                values={values}
                onChange={onChange}
                error={errors.title}
                required
                className="sm:col-span-2"
              />
            ) : name === 'trollies' ? (
              <OrderCountsFields
                key={name}
                values={values}
                onChange={onChange}
                errors={errors}
                showOtherExtras={showProgressFields}
                className="sm:col-span-2"
              />
            ) : (
              <DeclaredField
                key={name}
                name={name}
                field={tasks.fields[name]}
                value={values[name]}
                onChange={(value) => onChange({ [name]: value })}
                error={errors[name]}
                numberOptions={name === 'weekNumber' ? weekOptions : name === 'year' ? yearOptions : undefined}
                required={REQUIRED_ON_FORM.has(name)}
                className={WIDE_FIELDS.has(name) ? 'sm:col-span-2' : undefined}
              />
            ),
        )}
      </fieldset>
      {props.notice}
      <FormMessage message={props.message} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        {props.readOnlyReason === undefined && (
          <Button type="submit" variant="primary" disabled={isBusy} className="max-sm:w-full">
            {isBusy ? 'Saving...' : 'Save'}
          </Button>
        )}
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
