import fs from 'node:fs';
import { sql } from 'kysely';
import { DAYS } from '#domain/records';
import { currentIsoWeek, localCalendarDate } from '#domain/weeks';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { RecordStore } from '../records/record-store';
import { AccountAdmin, AdminError, standaloneEvents, standaloneRecordService } from './accounts';

/**
 * The demo's own nursery, under an id no sign-up can get (ids are random), so the seed finds it
 * again and can never take a real nursery for it (docs/decisions/036).
 */
const DEMO_NURSERY_ID = 'demonursery0000';
const DEMO_NURSERY_NAME = 'Demo nursery';

// Sample customers for trying the product: a mix of days, customer and board types and statuses.
const SAMPLE = [
  ['Greenfields Garden Centre', 'GL7 2QA', 'SO-10231', 'wholesale', 'none', 'pulled', '6', 'Deliver before 9am'],
  ['Hill Top Nursery', 'SN8 1PL', 'SO-10232', 'retail', 'none', 'working', '3', ''],
  ['Meadow Landscapes', 'BA1 5RR', 'SO-10233', 'wholesale', 'collect', '', '2', 'Customer collects at 2pm'],
  ['Oakwood Farm Shop', 'OX29 4DD', 'SO-10234', 'other', 'none', 'loaded', '4', ''],
  ['Riverside Plants', 'RG9 1AB', 'SO-10235', 'missed', 'none', 'missed', '1', 'Check variety of lavender'],
  ['The Potting Shed', 'GL54 3HX', 'SO-10236', 'retail', 'none', '', '2', ''],
  ['Willow & Sage', 'CV37 6BB', 'SO-10237', 'wholesale', 'none', 'pulled', '8', 'Two Danish trolleys of shrubs'],
  ['Bramble Cottage Gardens', 'WR11 7QT', 'SO-10238', 'wholesale', 'holding', '', '', 'Waiting for payment'],
] as const;

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const records = standaloneRecordService(database, config, { events: await standaloneEvents(database) });
    const admin = new AccountAdmin(database, config, { records });
    const store = new RecordStore(database.db, database.dialect);
    const existingDemo = await admin.users.findByUsername('demo');
    if (existingDemo && existingDemo.nursery !== DEMO_NURSERY_ID)
      throw new AdminError('The username "demo" belongs to an account of another nursery; nothing was added.');
    // Its own nursery, made once; nothing is ever written into another.
    if (!(await store.findById('nurseries', DEMO_NURSERY_ID))) {
      await records.systemCreate('nurseries', { name: DEMO_NURSERY_NAME }, { id: DEMO_NURSERY_ID });
    }
    const demo =
      existingDemo ??
      (await admin.createUser({
        username: 'demo',
        email: 'demo@trolleyboard.local',
        password: 'demo-password',
        verified: true,
        acceptTerms: true,
        nursery: DEMO_NURSERY_ID,
        role: 'admin',
      }));
    const { year, week } = currentIsoWeek(localCalendarDate(new Date()));
    const existing = await store.list('tasks', {
      where: [sql`${sql.ref('nursery')} = ${DEMO_NURSERY_ID}`, sql`${sql.ref('year')} = ${year}`, sql`${sql.ref('weekNumber')} = ${week}`],
      sort: [],
      page: 1,
      perPage: 1,
      skipTotal: true,
    });
    if (existing.rows.length > 0) {
      console.log(`Week ${week} of ${year} already has demo orders; nothing added. Sign in as demo / demo-password.`);
      return;
    }
    let added = 0;
    for (const [i, [title, postcode, orderNumber, customerType, other, status, trollies, orderInfo]] of SAMPLE.entries()) {
      // Through the one write path, validated like an order from the board, owned by the demo user.
      await records.systemCreate('tasks', {
        title,
        postcode,
        orderNumber,
        customerType,
        other,
        status,
        trollies,
        orderInfo,
        day: DAYS[i % 6],
        weekNumber: week,
        year,
        user: demo.id,
        nursery: DEMO_NURSERY_ID,
      });
      added++;
    }
    console.log(`Added ${added} demo orders to week ${week} of ${year} in the "${DEMO_NURSERY_NAME}". Sign in as demo / demo-password.`);
    const nursery = await store.findById('nurseries', DEMO_NURSERY_ID);
    if (nursery?.generatedDeletePassword) console.log(`Its deletion password: ${String(nursery.generatedDeletePassword)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
