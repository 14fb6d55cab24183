// `npm run bench:order-customer`: what giving a new order its customer costs (issue 30,
// docs/decisions/062). Creates orders through the SDK, in turn: an order alone, and an order with
// `newCustomer: true` and a name the book does not have (the server reads the nursery's customers,
// finds none of that name and makes one, in the order's transaction), with BENCH_CUSTOMERS
// customers in the book. Prints both rates and their ratio (target <= 1.5). A benchmark, not a
// test: it prints figures and exits 0. On PostgreSQL: scripts/with-postgres.sh npm run bench:order-customer.
import { performance } from 'node:perf_hooks';
import { createAccount, startTestServer } from '../tests/support/server';
import { order } from '../tests/support/realtime-client';
import { customers } from '../src/domain/collections/customers';
import { defaultsOf } from '../src/domain/collections/fields';
import { customersCollection } from '../src/server/records/collections/customers';
import { newRecordId, formatTimestamp } from '../src/server/records/ids';
import { RecordStore } from '../src/server/records/record-store';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CUSTOMER_DEFAULTS = defaultsOf(customers);

const server = await startTestServer();
try {
  const staff = await createAccount(server);
  const { db, dialect } = server.built.database;
  // The book, straight into the store: the API's path is what is measured, not the seeding.
  await db.transaction().execute(async (trx) => {
    const store = new RecordStore(trx, dialect);
    const stamp = formatTimestamp(new Date());
    for (let i = 0; i < CUSTOMERS; i++)
      await store.insert('customers', {
        id: newRecordId(),
        created: stamp,
        updated: stamp,
        ...customersCollection.toRow({ ...CUSTOMER_DEFAULTS, nursery: staff.nursery, name: `Garden Centre ${i}`, postcode: 'GL7 2QA' }),
      });
  });
  const tasks = staff.pb.collection('tasks');
  // Warm up both paths.
  for (let i = 0; i < 10; i++) {
    await tasks.create(order(`Warm ${i}`));
    await tasks.create(order(`Warm new ${i}`, { newCustomer: true }));
  }
  // In turn, so a busy moment of the machine weighs on both alike.
  let aloneMs = 0;
  let withCustomerMs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let start = performance.now();
    await tasks.create(order(`Order ${i}`, { postcode: 'SN1 1AA' }));
    aloneMs += performance.now() - start;
    start = performance.now();
    await tasks.create(order(`New customer ${i}`, { postcode: 'SN1 1AA', newCustomer: true }));
    withCustomerMs += performance.now() - start;
  }
  const aloneRate = (ROUNDS * 1000) / aloneMs;
  const withCustomerRate = (ROUNDS * 1000) / withCustomerMs;
  console.log(`${ROUNDS} creates each, ${CUSTOMERS} customers in the book (${dialect})`);
  console.log(`order_create_per_s = ${aloneRate.toFixed(1)}`);
  console.log(`order_create_new_customer_per_s = ${withCustomerRate.toFixed(1)}`);
  console.log(`order_new_customer_over_alone = ${(aloneRate / withCustomerRate).toFixed(3)} (target <= 1.5)`);
} finally {
  await server.close();
}
