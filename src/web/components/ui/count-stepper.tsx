import { useId, useState, type ReactNode } from 'react';

export interface CountStepperProps {
  /** The input's label ("Trolleys"). */
  label: string;
  /** The − and + buttons' names ("Fewer trolleys", "More trolleys"). */
  fewerLabel: string;
  moreLabel: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** A short help text under the stepper. */
  hint?: ReactNode;
  /** The field's problem (from the server), shown under it in red. */
  error?: string;
  className?: string;
}

const stepButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-2xl leading-none font-bold text-slate-800 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * A whole number a gloved thumb can set: − and + of 44 px (WCAG 2.5.5 target size) around a
 * number input that takes typing too. What is typed above `max` is set to `max`, and anything that
 * is not a whole number is refused; both say so under the field. A value from elsewhere that is not
 * whole (1.5) is shown as it is, and − / + step to the whole numbers either side of it.
 */
export function CountStepper({
  label,
  fewerLabel,
  moreLabel,
  value,
  onChange,
  min = 0,
  max = 99,
  hint,
  error,
  className,
}: CountStepperProps) {
  const id = useId();
  // What is being typed, while it differs from the value (an emptied box, a refused "1.5").
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const hintId = hint ? `${id}-hint` : undefined;
  const noteId = `${id}-note`;
  const problem = note || error || '';

  const step = (next: number) => {
    setDraft(null);
    setNote('');
    onChange(Math.min(max, Math.max(min, next)));
  };
  const type = (text: string) => {
    setDraft(text);
    const typed = text.trim();
    if (typed === '') {
      setNote('');
      onChange(min);
    } else if (!/^\d+$/.test(typed)) {
      setNote(`${label}: type a whole number from ${min} to ${max}.`);
    } else if (Number(typed) > max) {
      setDraft(String(max));
      setNote(`${label}: ${max} is the most; set to ${max}.`);
      onChange(max);
    } else {
      setNote('');
      onChange(Math.max(min, Number(typed)));
    }
  };

  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-3 sm:block">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 sm:mb-1">
          {label}
        </label>
        <div className="flex items-center gap-1.5">
          <button
            type="button"
            className={stepButtonClass}
            aria-label={fewerLabel}
            disabled={value <= min}
            onClick={() => step(Number.isInteger(value) ? value - 1 : Math.floor(value))}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft ?? String(value)}
            onChange={(e) => type(e.target.value)}
            onBlur={() => setDraft(null)}
            onFocus={(e) => e.target.select()}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[hintId, noteId].filter(Boolean).join(' ')}
            className={`h-11 w-16 rounded-md border bg-white px-2 text-center text-lg font-semibold text-slate-900 tabular-nums shadow-sm focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none disabled:bg-slate-100 ${
              problem ? 'border-red-500' : 'border-slate-300'
            }`}
          />
          <button
            type="button"
            className={stepButtonClass}
            aria-label={moreLabel}
            disabled={value >= max}
            onClick={() => step(Math.floor(value) + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <p id={noteId} aria-live="polite" className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}
