import { ExportCsvButton } from '../../components/export-csv-button';
import { Link } from '../../lib/router/links';
import { formatPostcode } from '#domain/orders/format';
import { customerTypeColour } from '#domain/orders/line-colours';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { lineTextClass } from '../../lib/line-colour-classes';
import { useHoldingOrders } from '../../lib/orders/use-holding-orders';

/**
 * The holding list (/holdingPage): every order with board type holding, whatever its week. Each
 * links to its edit page; the order info shows on wide screens.
 */
export default function HoldingPage() {
  useDocumentTitle('Holding');
  const orders = useHoldingOrders();
  useReportFetchingOrders(orders.isPending);

  return (
    <section className="mx-auto max-w-5xl px-3 py-4 sm:px-4" aria-labelledby="holding-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="holding-title" className="text-2xl font-semibold text-slate-900">
          Holding
        </h1>
        <ExportCsvButton
          disabled={!orders.data}
          make={(csv) => (orders.data ? { text: csv.ordersCsv(orders.data), fileName: csv.csvFileName('holding') } : null)}
        />
      </div>
      <p className="mt-1 text-sm text-slate-600">Orders waiting for a day. Open one to give it a week and day.</p>
      {orders.data && orders.data.length === 0 && <p className="mt-6 text-slate-500">No orders on hold.</p>}
      {orders.isError && !orders.data && (
        <p className="mt-6 text-slate-600">The holding list could not be loaded. It will try again shortly.</p>
      )}
      {orders.data && orders.data.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
          {orders.data.map((order) => (
            <li key={order.id} data-order-id={order.id}>
              <Link
                to={paths.editOrder(order.id)}
                className="grid min-h-11 grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-0.5 px-4 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 md:grid-cols-[minmax(12rem,1.2fr)_8rem_8rem_2fr]"
              >
                <span className={`font-semibold ${lineTextClass[customerTypeColour(order.customerType)]}`}>{order.title}</span>
                <span className="text-sm font-medium text-slate-700">{formatPostcode(order.postcode)}</span>
                <span className="text-sm text-slate-500 max-md:col-span-2">{order.orderNumber}</span>
                <span className="text-sm whitespace-pre-wrap text-slate-600 max-md:hidden">{order.orderInfo}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
