import { ORDERS_IMPORT_API } from '#domain/csv/order-import';
import { dayLabel } from '#domain/orders/format';
import { isDay } from '#domain/orders/order-lists';
import { ImportCsvDialog, shown, type PreviewColumn } from '../../components/import-csv-dialog';

// Importing orders from a CSV file (docs/decisions/049), in the shared import dialog. The new
// orders reach the board through realtime, as any other write does.

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

const COLUMNS: readonly PreviewColumn[] = [
  { heading: 'Customer', cell: (order) => shown(order.title) },
  { heading: 'Day', cell: (order) => (typeof order.day === 'string' && isDay(order.day) ? dayLabel(order.day) : '—') },
  { heading: 'Week', cell: (order) => `${shown(order.weekNumber)} / ${shown(order.year)}`, numeric: true },
  { heading: 'Trolleys', cell: (order) => shown(order.trollies), numeric: true },
];

export function ImportOrdersDialog({ week, onClose }: { week: number; onClose: () => void }) {
  return (
    <ImportCsvDialog
      title="Import orders from CSV"
      description={`Orders go into the weeks the file names (an exported week, such as week ${week}, names its own). Nothing is written until you choose Import.`}
      fileLabel="CSV file of orders"
      api={ORDERS_IMPORT_API}
      count={orders}
      columns={COLUMNS}
      onClose={onClose}
    />
  );
}
