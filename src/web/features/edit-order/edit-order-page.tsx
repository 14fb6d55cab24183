import { tasks } from '#domain/collections/tasks';
import { LoadingTrolley } from '../../components/orders/order-form';
import { RecordTrail } from '../../components/trail/record-trail';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useOrder } from '../../lib/orders/use-order';
import { useParams } from '../../lib/router/hooks';
import { EditOrderForm } from './edit-order-form';

/** The edit screen (/edit/{id}, docs/product.md#edit-order): loads the order, then shows its form. */
export default function EditOrderPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Edit Order');
  const order = useOrder(id);

  return (
    <section className="mx-auto max-w-3xl px-3 py-4 sm:px-4" aria-labelledby="edit-order-title">
      <h1 id="edit-order-title" className="text-2xl font-semibold text-slate-900">
        Edit Order
      </h1>
      {order.data ? (
        <>
          <EditOrderForm key={order.data.id} order={order.data} />
          <RecordTrail declaration={tasks} record={order.data} noun="order" />
        </>
      ) : order.isError ? (
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
