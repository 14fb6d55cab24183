import { useState } from 'react';
import { firstOpenWeekOfYear, newOrderWeekError } from '#domain/orders/new-order-week';
import type { OrderFields } from '#domain/orders/order-fields';
import { weeksInIsoYear, yearOptions } from '#domain/weeks';
import { paths } from '../../lib/paths';
import { useCustomerChoice } from '../../components/orders/customer-choice';
import { OrderForm, serverFieldErrors, type OrderFieldErrors } from '../../components/orders/order-form';
import type { FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { boardArrivalOf } from '../../lib/board-arrival';
import { newOrderPresetOf } from '../../lib/new-order-preset';
import { newRecordId, orderLabel, saveOrQueue } from '../../lib/outbox/save-or-queue';
import { useNavigate, useSearchParams } from '../../lib/router/hooks';
import { localToday } from '../../lib/today';
import { useGoBack } from '../../lib/use-go-back';
import { newOrderStart } from './new-order-start';

/**
 * Add Order (/createCustomer, docs/product.md#add-order): the order fields with the spec's defaults
 * (Monday, wholesale, the weekly board), in the week (and day) it was opened for: the week on
 * screen, or the day whose "+" was pressed (`?year=&week=&day=`). The create is awaited: on
 * failure the message shows and what was typed stays; on success the board shows the order's
 * week with the new order marked (a holding order goes back a page instead).
 */
export default function CreateOrderPage() {
  useDocumentTitle('Add Order');
  const goBack = useGoBack(paths.board);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [today] = useState(() => localToday(new Date()));
  const [start] = useState(() => newOrderStart(newOrderPresetOf(params, today.week), today.date));
  const [values, setValues] = useState<OrderFields>(start.values);
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  const [message, setMessage] = useState<FormMessageState | null>(start.note ? { tone: 'info', text: start.note } : null);
  const [isBusy, setBusy] = useState(false);
  const [id] = useState(newRecordId);
  const customerChoice = useCustomerChoice();

  const weeksInYear = weeksInIsoYear(values.year);
  // Orders go into this week or later (docs/product.md#add-order, docs/decisions/013): past weeks and years are not
  // offered. The server refuses them by the same domain rule.
  const minWeek = firstOpenWeekOfYear(values.year, today.date) ?? 1;
  const years = yearOptions(today.date).filter((year) => firstOpenWeekOfYear(year, today.date) !== null);

  const change = (changes: Partial<OrderFields>) =>
    setValues((current) => {
      const next = { ...current, ...changes };
      const first = firstOpenWeekOfYear(next.year, today.date) ?? 1;
      next.weekNumber = Math.min(Math.max(next.weekNumber, first), weeksInIsoYear(next.year));
      return next;
    });

  const save = async () => {
    if (values.title.trim() === '') {
      setErrors({});
      setMessage({ tone: 'error', text: 'Please enter a title' });
      return;
    }
    const pastWeek = newOrderWeekError(values, today.date);
    if (pastWeek || values.weekNumber > weeksInYear) {
      setErrors({ weekNumber: pastWeek?.message ?? `Week must be between ${minWeek} and ${weeksInYear} for ${values.year}.` });
      setMessage({ tone: 'error', text: 'Please check the week number.' });
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    // Every order gets its customer: one picked, or made with it (docs/decisions/062).
    const customer = await customerChoice.choose(values);
    if (customer === null) {
      setBusy(false);
      return;
    }
    // A customer picked stays on the form, so a failed save does not ask again.
    const { newCustomer, ...picked } = customer;
    if (newCustomer === undefined) change(picked);
    const body = { ...values, ...customer };
    try {
      // The id is chosen here, so a create sent again after a lost answer makes one order (decision 047).
      const outcome = await saveOrQueue({
        kind: 'create',
        collection: 'tasks',
        recordId: id,
        body,
        what: 'New order',
        order: orderLabel(body),
      });
      if (!outcome.sent) {
        notify.info(`Not sent yet: ${values.title} will be added when the connection returns.`, { group: 'outbox' });
        const { to, options } = boardArrivalOf({ id, year: values.year, weekNumber: values.weekNumber }, Date.now());
        if (values.other === 'holding') goBack();
        else void navigate(to, options);
        return;
      }
      const { record } = outcome;
      customerChoice.saved();
      notify.success('Order added.');
      if (record.other === 'holding') goBack();
      else {
        const { to, options } = boardArrivalOf(record, Date.now());
        void navigate(to, options);
      }
    } catch (err) {
      setBusy(false);
      setErrors(serverFieldErrors(err));
      setMessage({ tone: 'error', text: 'Something went wrong while saving. Your order was not added.' });
    }
  };

  return (
    <section className="mx-auto max-w-3xl px-3 py-4 sm:px-4" aria-labelledby="create-order-title">
      <h1 id="create-order-title" className="text-2xl font-semibold text-slate-900">
        Add Order
      </h1>
      <OrderForm
        values={values}
        onChange={change}
        onSubmit={() => void save()}
        years={years}
        weeksInYear={weeksInYear}
        minWeek={minWeek}
        showProgressFields={false}
        errors={errors}
        message={message}
        isBusy={isBusy}
      />
      {customerChoice.dialog}
    </section>
  );
}
