import { optionsOf, type Field } from '#domain/collections/fields';
import { SelectField, TextArea, TextField, type SelectOption } from '../ui/fields';

export interface DeclaredFieldProps {
  name: string;
  /** The field as its collection declares it (src/domain/collections): its label, kind and choices. */
  field: Field;
  value: string | number;
  onChange: (value: string | number) => void;
  error?: string;
  /** Choices for a number field (weeks, years), which the declaration cannot list. */
  numberOptions?: readonly SelectOption<number>[];
  /** Marks the field as one staff must fill in on this form. */
  required?: boolean;
  className?: string;
}

/**
 * One field of a form, drawn from its declaration: a select offers the declared values with the
 * words staff read, a multi-line text is a text area, a number is chosen from `numberOptions`, and
 * the label is the declaration's.
 */
export function DeclaredField({ name, field, value, onChange, error, numberOptions, required, className }: DeclaredFieldProps) {
  const label = field.label ?? name;
  if (field.kind === 'select')
    return (
      <SelectField
        label={label}
        name={name}
        options={optionsOf(field)}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
        className={className}
      />
    );
  if (field.kind === 'number')
    return (
      <SelectField
        label={label}
        name={name}
        options={numberOptions ?? [{ value: Number(value), label: String(value) }]}
        value={Number(value)}
        error={error}
        onChange={(e) => onChange(Number(e.target.value))}
        className={className}
      />
    );
  if (field.kind === 'text' && field.lines === 'multi-line')
    return (
      <TextArea
        label={label}
        name={name}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(e.target.value)}
        className={className}
      />
    );
  return (
    <TextField
      label={label}
      name={name}
      required={required}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    />
  );
}
