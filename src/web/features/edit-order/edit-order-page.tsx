import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from '../../lib/router';
import { boardTypeLabel, customerTypeLabel, dayLabel, statusLabel } from '#domain/orders/format';
import type { OrderFields } from '#domain/orders/order-fields';
import type { OrderRecord } from '#domain/records';
import { weeksInIsoYear, yearOptions } from '#domain/weeks';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import type { FormMessageState } from '../../components/ui/form-message';
import { PasswordDialog } from '../../components/ui/password-dialog';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { deleteOrder, isEditConflict, isWrongPassword, updateOrder } from '../../lib/orders/order-mutations';
import { orderQuery } from '../../lib/orders/order-queries';
import { useOrder } from '../../lib/orders/use-order';
import { useGoBack } from '../../lib/use-go-back';
import { LoadingTrolley, OrderForm, serverFieldErrors, type OrderFieldErrors } from '../../components/orders/order-form';

const FIELD_NAMES: Record<keyof OrderFields, string> = {
  title: 'Customer name',
  postcode: 'Postcode',
  orderNumber: 'Order number',
  customerType: 'Customer type',
  day: 'Day',
  other: 'Board type',
  weekNumber: 'Week number',
  year: 'Year',
  status: 'Status',
  trollies: 'Trollies',
  extras: 'Extras',
  orderInfo: 'Additional Info',
};
const FIELD_KEYS = Object.keys(FIELD_NAMES) as (keyof OrderFields)[];

function fieldsOf(order: OrderRecord): OrderFields {
  const fields = {} as Record<keyof OrderFields, unknown>;
  for (const key of FIELD_KEYS) fields[key] = order[key];
  return fields as OrderFields;
}

/** A field's value as staff read it (labels, "(empty)" for blank text). */
function shown(key: keyof OrderFields, value: OrderFields[keyof OrderFields]): string {
  if (key === 'status') return statusLabel(String(value)) || 'None';
  if (key === 'day') return dayLabel(value as OrderFields['day']);
  if (key === 'customerType') return customerTypeLabel(value as OrderFields['customerType']);
  if (key === 'other') return boardTypeLabel(value as OrderFields['other']);
  const text = String(value);
  return text.trim() === '' ? '(empty)' : `"${text}"`;
}

/** Someone else saved the order after this user opened it: what they changed, and the latest copy. */
interface Conflict {
  latest: OrderRecord;
  changes: string[];
}

/** The edit screen (/edit/{id}, docs/product.md#edit-order): loads the order, then shows its form. */
export default function EditOrderPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Edit Order');
  const order = useOrder(id);

  if (order.data) return <EditOrderForm key={order.data.id} order={order.data} />;
  return (
    <section className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      <h1 className="text-2xl font-semibold text-slate-900">Edit Order</h1>
      {order.isError ? (
        <p className="mt-6 text-slate-600">
          {(order.error as { status?: number }).status === 404
            ? 'This order does not exist any more. It may have been deleted.'
            : 'The order could not be loaded. It will try again shortly.'}
        </p>
      ) : (
        <LoadingTrolley>Loading...</LoadingTrolley>
      )}
    </section>
  );
}

function EditOrderForm({ order }: { order: OrderRecord }) {
  const queryClient = useQueryClient();
  const goBack = useGoBack(paths.board);
  // The version the user started from: saves send its `updated` as If-Match.
  const [base, setBase] = useState<OrderRecord>(order);
  const [values, setValues] = useState<OrderFields>(() => fieldsOf(order));
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const today = new Date();

  const change = (changes: Partial<OrderFields>) => setValues((current) => ({ ...current, ...changes }));

  const showConflict = async () => {
    const latest = await queryClient.fetchQuery({ ...orderQuery(base.id), staleTime: 0 });
    const changes = FIELD_KEYS.filter((key) => latest[key] !== base[key]).map(
      (key) => `${FIELD_NAMES[key]} changed from ${shown(key, base[key])} to ${shown(key, latest[key])}.`,
    );
    setConflict({ latest, changes });
    setMessage({ tone: 'error', text: 'Someone else changed this order while you were editing it. Nothing was saved.' });
  };

  const save = async () => {
    if (values.title.trim() === '') {
      setErrors({});
      setMessage({ tone: 'error', text: 'Task needs a title' });
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      await updateOrder(base, values);
      notify.success('Order updated successfully!');
      goBack();
    } catch (err) {
      setBusy(false);
      if (isEditConflict(err)) {
        try {
          await showConflict();
        } catch {
          setMessage({ tone: 'error', text: 'Someone else changed this order, and the latest version could not be loaded.' });
        }
        return;
      }
      setErrors(serverFieldErrors(err));
      setMessage({ tone: 'error', text: 'Something went wrong while saving.' });
    }
  };

  /** Takes the latest values for every field the user left alone; keeps what they typed. */
  const reload = () => {
    if (!conflict) return;
    const { latest } = conflict;
    setValues((current) => {
      const merged = { ...current } as Record<keyof OrderFields, unknown>;
      for (const key of FIELD_KEYS) if (current[key] === base[key]) merged[key] = latest[key];
      return merged as OrderFields;
    });
    setBase(latest);
    setConflict(null);
    setMessage({ tone: 'info', text: 'Loaded the latest version. Your own changes are kept; check them and save again.' });
  };

  const remove = async (password: string) => {
    try {
      await deleteOrder(base.id, password);
      notify.success('Task deleted.');
      goBack();
    } catch (err) {
      if (isWrongPassword(err)) notify.error('Incorrect password.');
      else notify.error('Something went wrong while deleting.');
    }
  };

  const notice = conflict && (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="edit-conflict">
      <p className="font-medium">Someone else changed this order since you opened it:</p>
      <ul className="mt-1 list-disc pl-5">
        {conflict.changes.length > 0 ? conflict.changes.map((line) => <li key={line}>{line}</li>) : <li>No field differs.</li>}
      </ul>
      <p className="mt-2">Reload takes their values for the fields you did not touch and keeps what you typed.</p>
      <Button className="mt-2" onClick={reload}>
        Reload
      </Button>
    </div>
  );

  return (
    <section className="mx-auto max-w-3xl px-3 py-4 sm:px-4" aria-labelledby="edit-order-title">
      <h1 id="edit-order-title" className="text-2xl font-semibold text-slate-900">
        Edit Order
      </h1>
      <OrderForm
        values={values}
        onChange={change}
        onSubmit={() => void save()}
        years={yearOptions(today)}
        weeksInYear={weeksInIsoYear(values.year)}
        showProgressFields
        errors={errors}
        message={message}
        isBusy={isBusy}
        notice={notice}
        actions={
          <Button variant="danger" onClick={() => setDeleteOpen(true)} disabled={isBusy} className="max-sm:w-full">
            Delete
          </Button>
        }
      />
      <PasswordDialog
        open={isDeleteOpen}
        title="Confirm Delete"
        prompt="Enter password to delete this task:"
        confirmLabel="Confirm Delete"
        onConfirm={remove}
        onClose={() => setDeleteOpen(false)}
      />
    </section>
  );
}
