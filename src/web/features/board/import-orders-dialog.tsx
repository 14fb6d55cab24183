import { ORDERS_IMPORT_API } from '#domain/csv/order-import';
import { dayLabel } from '#domain/orders/format';
import { isDay } from '#domain/orders/order-lists';
import { useQuery } from '@tanstack/react-query';
import { ImportCsvDialog, shown, type PreviewColumn } from '../../components/import-csv-dialog';
import { buttonClass } from '../../components/ui/button';
import { ordersWithoutCustomerQuery } from '../../lib/customers/orders-without-customer-query';
import { paths } from '../../lib/paths';
import { queryClient } from '../../lib/query-client';
import { orderKeys } from '../../lib/query-keys';
import { Link } from '../../lib/router/links';
import { useCan } from '../../lib/use-role';

// Importing orders from a CSV file (docs/decisions/049), in the shared import dialog. The new
// orders reach the board through realtime, as any other write does. A file names no customers, so
// for office staff and admins the import ends with the linking assistant (docs/decisions/066).

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

const COLUMNS: readonly PreviewColumn[] = [
  { heading: 'Customer', cell: (order) => shown(order.title) },
  { heading: 'Day', cell: (order) => (typeof order.day === 'string' && isDay(order.day) ? dayLabel(order.day) : '—') },
  { heading: 'Week', cell: (order) => `${shown(order.weekNumber)} / ${shown(order.year)}`, numeric: true },
  { heading: 'Trolleys', cell: (order) => shown(order.trollies), numeric: true },
];

/** The import's last step: the way to the linking assistant while any order has no customer. */
function LinkImportedOrders({ onClose }: { onClose: () => void }) {
  const count = useQuery(ordersWithoutCustomerQuery(true));
  if (count.isPending) return <p className="text-sm text-slate-600">Checking which orders have no customer...</p>;
  const orders = count.data?.orders ?? 0;
  if (orders === 0) return null;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        {orders === 1 ? '1 order has no customer yet.' : `${orders} orders have no customer yet.`} Linking them puts them on their
        customers' trolley balances and statements.
      </p>
      <Link to={paths.linkOrders} className={buttonClass({ variant: 'primary' })} onClick={onClose}>
        Link these orders to customers
      </Link>
    </div>
  );
}

export function ImportOrdersDialog({ week, onClose }: { week: number; onClose: () => void }) {
  const mayLink = useCan('customers');
  return (
    <ImportCsvDialog
      title="Import orders from CSV"
      description={`Orders go into the weeks the file names (an exported week, such as week ${week}, names its own). Nothing is written until you choose Import.`}
      fileLabel="CSV file of orders"
      api={ORDERS_IMPORT_API}
      count={orders}
      columns={COLUMNS}
      onImported={() => void queryClient.invalidateQueries({ queryKey: orderKeys.withoutCustomer() })}
      nextStep={mayLink ? () => <LinkImportedOrders onClose={onClose} /> : undefined}
      onClose={onClose}
    />
  );
}
