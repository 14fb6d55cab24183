import { useState } from 'react';
import { MAX_ORDER_COUNT, readOrderCounts, writeCounts, type OrderCounts } from '#domain/orders/order-counts';
import type { OrderFields } from '#domain/orders/order-fields';
import { CountStepper } from '../ui/count-stepper';
import { TextField } from '../ui/fields';

type Counted = 'trolleys' | 'shelves' | 'extensions';

/** Each count's stepper, in the order staff say them ("3T 1S 2E"). */
const STEPPERS: readonly { count: Counted; label: string; fewer: string; more: string }[] = [
  { count: 'trolleys', label: 'Trolleys', fewer: 'Fewer trolleys', more: 'More trolleys' },
  { count: 'shelves', label: 'Shelves', fewer: 'Fewer shelves', more: 'More shelves' },
  { count: 'extensions', label: 'Extensions', fewer: 'Fewer extensions', more: 'More extensions' },
];

export interface OrderCountsFieldsProps {
  values: Pick<OrderFields, 'trollies' | 'extras'>;
  onChange: (changes: Partial<Pick<OrderFields, 'trollies' | 'extras'>>) => void;
  errors: Partial<Record<'trollies' | 'extras', string>>;
  /** Edit Order: the words of Extras that are not counts, as a field of their own. */
  showOtherExtras: boolean;
  className?: string;
}

/**
 * An order's trolleys, shelves and extensions as three steppers, written into the spec's
 * `trollies` text ("3") and `extras` words ("1S 2E", the other words kept), as
 * docs/decisions/063-trolley-counts-as-numbers.md maps them. A change writes only the field it
 * touches, so a `trollies` text that is not a number stays until someone sets the trolleys.
 */
export function OrderCountsFields({ values, onChange, errors, showOtherExtras, className }: OrderCountsFieldsProps) {
  const counts = readOrderCounts(values);
  // The other extras as typed (a space between two words has nothing after it yet); read back from
  // `extras` again once the field is left.
  const [restTyped, setRestTyped] = useState<string | null>(null);
  const set = (changes: Partial<Pick<OrderCounts, Counted | 'extrasRest'>>) => {
    const written = writeCounts({ ...counts, ...changes });
    onChange('trolleys' in changes ? { trollies: written.trollies } : { extras: written.extras });
  };
  // Shown as the field's problem (red), so the person who opens the order fixes it.
  const notANumber = counts.trolleysIsNumber
    ? undefined
    : `Trolleys was written as "${values.trollies.trim()}", which is not a number, so it counts as 0. Set the number here.`;

  return (
    <div className={`grid gap-3 sm:grid-cols-3 ${className ?? ''}`}>
      {STEPPERS.map(({ count, label, fewer, more }) => (
        <CountStepper
          key={count}
          label={label}
          fewerLabel={fewer}
          moreLabel={more}
          value={counts[count]}
          onChange={(value) => set({ [count]: value })}
          max={MAX_ORDER_COUNT}
          error={
            count === 'trolleys' ? (errors.trollies ?? notANumber) : count === 'shelves' && !showOtherExtras ? errors.extras : undefined
          }
        />
      ))}
      {showOtherExtras && (
        <TextField
          label="Other extras"
          name="extras"
          value={restTyped ?? counts.extrasRest}
          onChange={(e) => {
            setRestTyped(e.target.value);
            set({ extrasRest: e.target.value });
          }}
          onBlur={() => setRestTyped(null)}
          hint="Anything else to take; it prints in red on the run sheet."
          error={errors.extras}
          className="sm:col-span-3"
        />
      )}
    </div>
  );
}
