import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderFields } from '#domain/orders/order-fields';
import type { OrderRecord } from '#domain/records';
import { weeksInIsoYear, yearOptions } from '#domain/weeks';
import { AttachmentsPanel } from '../../components/attachments/attachments-panel';
import { Button } from '../../components/ui/button';
import { useCustomerChoice } from '../../components/orders/customer-choice';
import { OrderForm, serverFieldErrors, type OrderFieldErrors } from '../../components/orders/order-form';
import type { FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { isEditConflict } from '../../lib/orders/order-mutations';
import { orderLabel, saveOrQueue } from '../../lib/outbox/save-or-queue';
import { orderQuery } from '../../lib/orders/order-queries';
import { cannotSentence } from '#domain/accounts/role-abilities';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { useGoBack } from '../../lib/use-go-back';
import { ConflictNotice } from './conflict-notice';
import { DeleteOrderDialog } from './delete-order-dialog';
import { DuplicateOrderDialog } from './duplicate-order-dialog';
import { fieldsOf, keepEditsOnLatest, orderConflict, type OrderConflict } from './order-conflict';

/** The edit form of one order: Save (refused when someone else saved meanwhile) and Delete. */
export function EditOrderForm({ order }: { order: OrderRecord }) {
  const queryClient = useQueryClient();
  const goBack = useGoBack(paths.board);
  // The version the user started from: saves send its `updated` as If-Match.
  const [base, setBase] = useState<OrderRecord>(order);
  const [values, setValues] = useState<OrderFields>(() => fieldsOf(order));
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [conflict, setConflict] = useState<OrderConflict | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isDuplicateOpen, setDuplicateOpen] = useState(false);
  // The order as the last attachment change answered it (the thumbnails show its files).
  const [withFiles, setWithFiles] = useState<OrderRecord>(order);
  // Viewers see the order without controls; staff change it but cannot delete (docs/decisions/035).
  const role = useCurrentUser()?.role;
  const canEdit = useCan('edit');
  const canDelete = useCan('delete');
  const customerChoice = useCustomerChoice();

  const showConflict = async () => {
    const latest = await queryClient.fetchQuery({ ...orderQuery(base.id), staleTime: 0 });
    setConflict(orderConflict(base, latest));
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
    // An order without a customer gets one on Save, picked or made with it (docs/decisions/062).
    const customer = await customerChoice.choose(values);
    if (customer === null) {
      setBusy(false);
      return;
    }
    // A customer picked stays on the form, so a failed save does not ask again.
    const { newCustomer, ...picked } = customer;
    if (newCustomer === undefined) setValues((current) => ({ ...current, ...picked }));
    const body = { ...values, ...customer };
    try {
      // Offline, the change waits on the device and says so: never "updated" before the server said it.
      const outcome = await saveOrQueue({
        kind: 'update',
        collection: 'tasks',
        recordId: base.id,
        body,
        ifMatch: base.updated,
        base: { ...base },
        what: 'Edited',
        order: orderLabel(body),
      });
      if (outcome.sent) {
        customerChoice.saved();
        notify.success('Order updated successfully!');
      } else notify.info(`Not sent yet: your change to ${values.title} will be sent when the connection returns.`, { group: 'outbox' });
      goBack();
    } catch (err) {
      setBusy(false);
      if (!isEditConflict(err)) {
        setErrors(serverFieldErrors(err));
        setMessage({ tone: 'error', text: 'Something went wrong while saving.' });
        return;
      }
      await showConflict().catch(() =>
        setMessage({ tone: 'error', text: 'Someone else changed this order, and the latest version could not be loaded.' }),
      );
    }
  };

  const attachmentsChanged = (latest: OrderRecord) => {
    setWithFiles(latest);
    queryClient.setQueryData(orderQuery(latest.id).queryKey, latest);
    // Only its files changed since the version being edited: a save goes on from the new version.
    // Anything else changed meanwhile stays a conflict that Save reports.
    setBase((current) => (JSON.stringify(fieldsOf(current)) === JSON.stringify(fieldsOf(latest)) ? latest : current));
  };

  const reload = (latest: OrderRecord) => {
    setValues((current) => keepEditsOnLatest(current, base, latest));
    setBase(latest);
    setConflict(null);
    setMessage({ tone: 'info', text: 'Loaded the latest version. Your own changes are kept; check them and save again.' });
  };

  return (
    <>
      <OrderForm
        values={values}
        onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
        onSubmit={() => void save()}
        years={yearOptions(new Date())}
        weeksInYear={weeksInIsoYear(values.year)}
        showProgressFields
        errors={errors}
        message={message}
        isBusy={isBusy}
        notice={conflict && <ConflictNotice conflict={conflict} onReload={() => reload(conflict.latest)} />}
        readOnlyReason={canEdit ? undefined : cannotSentence(role, 'edit')}
        actions={
          canEdit && (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => setDuplicateOpen(true)} disabled={isBusy} className="max-sm:w-full">
                Duplicate
              </Button>
              {canDelete && (
                <Button variant="danger" onClick={() => setDeleteOpen(true)} disabled={isBusy} className="max-sm:w-full">
                  Delete
                </Button>
              )}
            </div>
          )
        }
      />
      <AttachmentsPanel record={withFiles} canChange={canEdit} onChanged={attachmentsChanged} />
      {/* Outside the order's form: the dialog has a form of its own. */}
      <DeleteOrderDialog orderId={base.id} open={isDeleteOpen} onClose={() => setDeleteOpen(false)} onDeleted={goBack} />
      {isDuplicateOpen && <DuplicateOrderDialog fields={values} open onClose={() => setDuplicateOpen(false)} />}
      {customerChoice.dialog}
    </>
  );
}
