import type { Kysely } from 'kysely';
import { customers } from '#domain/collections/customers';
import { defaultsOf } from '#domain/collections/fields';
import { CUSTOMERS_IMPORT_API, markDuplicates, readCustomersCsvInSteps } from '#domain/csv/customer-import';
import { rowsOrRefusal, type CsvImport } from '../csv-import/csv-import';
import type { Database } from '../db/schema';
import { CUSTOMER_EDITORS_ONLY, customersCollection } from '../records/collections/customers';
import { inSlices } from '../slices';

const CUSTOMER_DEFAULTS = defaultsOf(customers);

/**
 * Customers from a CSV file (docs/decisions/049): whoever may add customers (office staff and
 * admins, docs/decisions/037) may import them. Each is checked by the customers' declaration, and
 * a name and postcode the book already has (or an earlier row has) is a problem of its row. During
 * the import the book is read inside the import's transaction.
 */
export function customersImport(): CsvImport {
  return {
    api: CUSTOMERS_IMPORT_API,
    roles: ['admin', 'office'],
    refusal: CUSTOMER_EDITORS_ONLY,
    async check(user, csv, db: Kysely<Database>) {
      // A round is named in the file and found among the nursery's own, so another nursery's is never matched.
      const rounds = await db.selectFrom('rounds').select(['id', 'name']).where('nursery', '=', user.nursery).execute();
      const rows = rowsOrRefusal(await inSlices(readCustomersCsvInSteps(csv, rounds)));
      const book = await db.selectFrom('customers').select(['name', 'postcode']).where('nursery', '=', user.nursery).execute();
      return markDuplicates(rows, book);
    },
    collection: 'customers',
    rowOf(user, values) {
      return customersCollection.toRow({ ...CUSTOMER_DEFAULTS, ...values, nursery: user.nursery });
    },
  };
}
