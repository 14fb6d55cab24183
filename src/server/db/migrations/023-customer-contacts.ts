import type { Kysely } from 'kysely';
import { customerContacts } from '#domain/collections/customer-contacts';
import { customerMail } from '#domain/collections/customer-mail';
import { nurseries } from '#domain/collections/nurseries';
import { addField, createCollectionTable } from './declared-tables';

// Customers' contacts, the customer mail log and the nurseries' "Remind after N days" (issue 34, docs/decisions/077): one table each,
// made from their declarations on both databases. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await createCollectionTable(db, customerContacts);
  await createCollectionTable(db, customerMail);
  // "Remind after N days": every nursery starts with the default.
  await addField(db, nurseries, 'remindAfterDays');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nurseries').dropColumn('remindAfterDays').execute();
  await db.schema.dropTable('customer_mail').execute();
  await db.schema.dropTable('customer_contacts').execute();
}
