import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { customers as customerCollection, MAX_USUAL_TROLLEYS } from '#domain/collections/customers';
import { defaultsOf } from '#domain/collections/fields';
import type { CustomerRecord } from '#domain/records';
import { DeclaredField } from '../../components/orders/declared-field';
import { Checkbox, SelectField, TextField } from '../../components/ui/fields';
import { FormDialog } from '../../components/ui/form-dialog';
import { CustomerRoundField } from './customer-round';
import { describeError } from '../../lib/describe-error';
import {
  createCustomer,
  customerListQuery,
  mergeCustomers,
  type MergeAnswer,
  updateCustomer,
  type CustomerFields,
} from '../../lib/customers/customer-queries';

const NEW_CUSTOMER: CustomerFields = defaultsOf(customerCollection);

/** The customer form's fields, in the order it shows them; usual trolleys and active have controls of their own. */
const FORM_FIELDS = [
  'name',
  'kind',
  'postcode',
  'customerType',
  'phone',
  'email',
  'usualDay',
  'poolAccount',
  'deliveryAddress',
  'notes',
] as const;
const WIDE: ReadonlySet<string> = new Set(['name', 'deliveryAddress', 'notes']);

type FieldErrors = Partial<Record<keyof CustomerFields, string>>;

/** Field messages from the server's 400 answer. */
function fieldErrorsOf(err: unknown): FieldErrors {
  const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
  const errors: FieldErrors = {};
  for (const [name, detail] of Object.entries(data))
    if (typeof detail?.message === 'string') errors[name as keyof CustomerFields] = detail.message;
  return errors;
}

function fieldsOf(customer: CustomerRecord): CustomerFields {
  const fields = { ...NEW_CUSTOMER };
  for (const name of Object.keys(NEW_CUSTOMER) as (keyof CustomerFields)[]) Object.assign(fields, { [name]: customer[name] });
  return fields;
}

/** Add a customer (`customer` is 'new') or edit one. */
export function CustomerDialog({ customer, onClose }: { customer: CustomerRecord | 'new' | null; onClose: () => void }) {
  const [fields, setFields] = useState<CustomerFields>(NEW_CUSTOMER);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setFields(customer && customer !== 'new' ? fieldsOf(customer) : NEW_CUSTOMER);
    setErrors({});
  }, [customer]);
  const set = (changes: Partial<CustomerFields>) => setFields((current) => ({ ...current, ...changes }));
  const isNew = customer === 'new';

  return (
    <FormDialog
      describeError={describeError}
      open={customer !== null}
      title={isNew ? 'Add customer' : 'Edit customer'}
      actionLabel={isNew ? 'Add customer' : 'Save'}
      busyLabel="Saving..."
      wide
      onClose={onClose}
      onSubmit={async () => {
        try {
          const saved = customer && customer !== 'new' ? await updateCustomer(customer.id, fields) : await createCustomer(fields);
          return isNew ? `${saved.name} added.` : `${saved.name} saved.`;
        } catch (err) {
          setErrors(fieldErrorsOf(err));
          throw err;
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FORM_FIELDS.map((name) => (
          <DeclaredField
            key={name}
            name={name}
            field={customerCollection.fields[name]}
            value={fields[name]}
            onChange={(value) => set({ [name]: String(value) })}
            error={errors[name]}
            required={name === 'name'}
            className={WIDE.has(name) ? 'sm:col-span-2' : undefined}
          />
        ))}
        <TextField
          label={customerCollection.fields.usualTrolleys.label}
          name="usualTrolleys"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_USUAL_TROLLEYS}
          value={String(fields.usualTrolleys)}
          error={errors.usualTrolleys}
          onChange={(e) => set({ usualTrolleys: e.target.value === '' ? 0 : Number(e.target.value) })}
        />
        <CustomerRoundField
          customerId={customer && customer !== 'new' ? customer.id : ''}
          value={fields.round}
          error={errors.round}
          // A pin is a place in one round: another round starts without it.
          onChange={(round) => set({ round, roundPlace: round === fields.round ? fields.roundPlace : 0 })}
        />
        <Checkbox
          label="Active (offered on new orders)"
          checked={fields.active}
          onChange={(active) => set({ active })}
          className="self-end"
        />
      </div>
    </FormDialog>
  );
}

/** Merges `duplicate` into a customer chosen here: its orders move there and it is removed. */
export function MergeDialog({ duplicate, onClose }: { duplicate: CustomerRecord | null; onClose: () => void }) {
  const all = useQuery({ ...customerListQuery(''), enabled: duplicate !== null });
  const [keep, setKeep] = useState('');
  useEffect(() => setKeep(''), [duplicate]);
  const others = (all.data ?? []).filter((c) => c.id !== duplicate?.id);
  const options = [
    { value: '', label: all.isPending ? 'Loading customers...' : 'Choose the customer to keep' },
    ...others.map((c) => ({ value: c.id, label: c.postcode ? `${c.name} (${c.postcode})` : c.name })),
  ];

  return (
    <FormDialog
      describeError={describeError}
      open={duplicate !== null}
      title={`Merge ${duplicate?.name ?? ''}`}
      description="Its orders, trolley movements and standing orders move to the customer you keep, which also takes any details it has no value for. Then this duplicate is removed."
      actionLabel="Merge"
      busyLabel="Merging..."
      danger
      onClose={onClose}
      onSubmit={async () => {
        const result = await mergeCustomers(keep, duplicate?.id ?? '');
        return `Merged into ${result.record.name}: ${mergedCounts(result)} moved.`;
      }}
    >
      <SelectField label="Keep" name="keep" options={options} value={keep} onChange={(e) => setKeep(e.target.value)} />
    </FormDialog>
  );
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 orders", then the movements and standing orders only when there were some: "2 orders and 3 trolley movements". */
function mergedCounts(result: MergeAnswer): string {
  const parts = [counted(result.movedOrders, 'order', 'orders')];
  if (result.movedMovements > 0) parts.push(counted(result.movedMovements, 'trolley movement', 'trolley movements'));
  if (result.movedStandingOrders > 0) parts.push(counted(result.movedStandingOrders, 'standing order', 'standing orders'));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
