import { customers } from '#domain/collections/customers';
import { CUSTOMERS_IMPORT_API } from '#domain/csv/customer-import';
import { customerTypeLabel, dayLabel } from '#domain/orders/format';
import { isDay } from '#domain/orders/order-lists';
import { CUSTOMER_TYPES, type CustomerType } from '#domain/records';
import { ImportCsvDialog, shown, type PreviewColumn } from '../../components/import-csv-dialog';
import { customerKeys } from '../../lib/customers/customer-queries';
import { queryClient } from '../../lib/query-client';

// Importing customers from a CSV file (docs/decisions/049), in the shared import dialog. The
// Customers screen reads the book again afterwards, as after each change of its own.

const customersWord = (n: number) => (n === 1 ? '1 customer' : `${n} customers`);

const isCustomerType = (value: unknown): value is CustomerType => CUSTOMER_TYPES.includes(value as CustomerType);

const COLUMNS: readonly PreviewColumn[] = [
  { heading: 'Name', cell: (customer) => shown(customer.name) },
  { heading: 'Postcode', cell: (customer) => shown(customer.postcode) },
  // A file without the column makes customers of the declared default type.
  {
    heading: 'Type',
    cell: ({ customerType = customers.fields.customerType.default }) =>
      isCustomerType(customerType) ? customerTypeLabel(customerType) : '—',
  },
  {
    heading: 'Usual day',
    cell: (customer) => (typeof customer.usualDay === 'string' && isDay(customer.usualDay) ? dayLabel(customer.usualDay) : '—'),
  },
  { heading: 'Active', cell: (customer) => (customer.active === false ? 'No' : 'Yes') },
];

export function ImportCustomersDialog({ onClose }: { onClose: () => void }) {
  return (
    <ImportCsvDialog
      title="Import customers from CSV"
      description="Use the columns of an exported customer book. A customer the book already has (same name and postcode) is shown as a problem. Nothing is written until you choose Import."
      fileLabel="CSV file of customers"
      api={CUSTOMERS_IMPORT_API}
      count={customersWord}
      columns={COLUMNS}
      onImported={() => void queryClient.invalidateQueries({ queryKey: customerKeys.all })}
      onClose={onClose}
    />
  );
}
