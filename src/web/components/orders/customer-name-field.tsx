import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import type { OrderFields } from '#domain/orders/order-fields';
import type { CustomerRecord } from '#domain/records';
import { describeError } from '../../lib/describe-error';
import { createCustomer, customerSuggestionsQuery, SUGGEST_AFTER } from '../../lib/customers/customer-queries';
import { useCan } from '../../lib/use-role';

export interface CustomerNameFieldProps {
  label: string;
  values: Pick<OrderFields, 'title' | 'postcode' | 'customerType' | 'customer'>;
  onChange: (changes: Partial<OrderFields>) => void;
  error?: string;
  required?: boolean;
  className?: string;
}

type Option = { kind: 'customer'; customer: CustomerRecord } | { kind: 'new'; name: string };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The order's customer name (its title), suggesting the nursery's customers after two letters
 * (docs/decisions/037). An ARIA combobox: arrow keys move through the suggestions, Enter chooses,
 * Escape closes; a tap or click chooses too. Choosing one links the order to that customer and
 * fills in its postcode and customer type; typing on unlinks it. A name no customer has can be
 * saved as a new customer by those who may add customers. The title stays the order's own text.
 */
export function CustomerNameField({ label, values, onChange, error, required, className }: CustomerNameFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const canAddCustomers = useCan('customers');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const typed = useDeferredValue(values.title);
  const enough = typed.trim().length >= SUGGEST_AFTER;
  const suggestions = useQuery({ ...customerSuggestionsQuery(typed), placeholderData: keepPreviousData });

  const found = enough ? (suggestions.data ?? []) : [];
  const options: Option[] = found.map((customer) => ({ kind: 'customer', customer }));
  if (canAddCustomers && enough && values.customer === '' && !found.some((c) => sameName(c.name, typed)))
    options.push({ kind: 'new', name: typed.trim() });
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = async (option: Option) => {
    setOpen(false);
    setActive(-1);
    setProblem(null);
    if (option.kind === 'customer') {
      const { customer } = option;
      onChange({ title: customer.name, postcode: customer.postcode, customerType: customer.customerType, customer: customer.id });
      return;
    }
    try {
      const made = await createCustomer({ name: option.name, postcode: values.postcode.trim(), customerType: values.customerType });
      onChange({ title: made.name, customer: made.id });
    } catch (err) {
      setProblem(describeError(err, 'The customer could not be saved. Please try again.'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const last = options.length - 1;
      setActive((current) => (current === -1 ? (step === 1 ? 0 : last) : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Enter chooses the highlighted suggestion instead of saving the order.
      event.preventDefault();
      const option = options[active];
      if (option) void choose(option);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const linked = values.customer !== '';
  const describedBy = [linked || problem ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`relative ${className ?? ''}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name="title"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        value={values.title}
        onChange={(e) => {
          onChange({ title: e.target.value, ...(linked ? { customer: '' } : {}) });
          setOpen(true);
          setActive(-1);
          setProblem(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none disabled:bg-slate-100 md:text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Customers"
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // The combobox's input takes the keys (aria-activedescendant); an option takes taps and clicks.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.kind === 'customer' ? option.customer.id : 'new'}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the field, so choosing never blurs it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void choose(option)}
            className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1 text-sm md:min-h-9 ${index === active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-800 hover:bg-slate-50'}`}
          >
            {option.kind === 'customer' ? (
              <>
                <span className="font-medium">{option.customer.name}</span>
                {option.customer.postcode && <span className="text-xs text-slate-600">{option.customer.postcode}</span>}
              </>
            ) : (
              <span className="font-medium text-emerald-800">Save as a new customer “{option.name}”</span>
            )}
          </li>
        ))}
      </ul>
      {(linked || problem) && (
        <p id={hintId} className={`mt-1 text-sm ${problem ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {problem ?? 'Linked to a customer from the customer book.'}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
