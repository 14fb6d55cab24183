import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// Every field has a visible <label>; an error is tied to the field with aria-describedby and
// aria-invalid, so screen readers read it with the field.

const controlClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none disabled:bg-slate-100 md:text-sm';
const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

interface FieldFrame {
  label: ReactNode;
  /** A short help text under the field. */
  hint?: ReactNode;
  /** The field's problem, shown under it in red. */
  error?: string | null;
  /** Classes of the wrapper (layout: grid spans, widths). */
  className?: string;
}

function useFieldIds(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({ hint, hintId, error, errorId }: { hint: ReactNode; hintId?: string; error?: string | null; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

const borderOf = (error: string | null | undefined) => (error ? 'border-red-500' : 'border-slate-300');

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & FieldFrame;

/** A labelled one-line input. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
        className={`${controlClass} ${borderOf(error)}`}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & FieldFrame;

/** A labelled multi-line input. */
export function TextArea({ label, hint, error, className, rows = 4, ...props }: TextAreaProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
        className={`${controlClass} ${borderOf(error)}`}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
}

export type SelectFieldProps<V extends string | number> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> &
  FieldFrame & {
    options: readonly SelectOption<V>[];
  };

/** A labelled <select> built from a list of options. */
export function SelectField<V extends string | number>({ label, hint, error, className, options, ...props }: SelectFieldProps<V>) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
        className={`${controlClass} min-h-11 md:min-h-9 ${borderOf(error)}`}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'onChange'> & {
  label: ReactNode;
  className?: string;
  onChange: (checked: boolean) => void;
};

/** A tick box with its label beside it; the whole row is the tap target (at least 44 px high). */
export function Checkbox({ label, className, onChange, id: givenId, ...props }: CheckboxProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className={`flex min-h-11 items-start gap-2 py-1 md:min-h-0 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-emerald-700"
        onChange={(e) => onChange(e.target.checked)}
        {...props}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}
