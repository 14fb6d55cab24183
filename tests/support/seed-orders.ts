// Realistic order history for benchmarks and bench-style tests: customer names as nurseries
// write them, order numbers, several years of weeks, and now and then a long note. Inserted
// straight into the database in batches inside one transaction (the API is what gets measured,
// not the seeding). Deterministic: the same count gives the same rows.
import type { Kysely } from 'kysely';
import { DAYS } from '../../src/domain/records';
import type { Database } from '../../src/server/db/schema';
import { formatTimestamp } from '../../src/server/records/ids';

const NAMES = [
  'Greenfields',
  'Oakwood',
  'Willow Brook',
  'Hawthorn',
  'Bramble',
  'Foxglove',
  'Primrose',
  'Ashdown',
  'Birchwood',
  'Cedar',
  'Elmstead',
  'Fernhill',
  'Hazelmere',
  'Ivy Lane',
  'Juniper',
  'Kingsley',
  'Larkspur',
  'Meadowsweet',
  'Nettlebed',
  'Orchard',
  'Pinewood',
  'Quarry Hill',
  'Rosebank',
  'Sycamore',
  'Thornbury',
  'Upton',
  'Valley',
  'Westbrook',
  'Yew Tree',
  'Bloom & Co',
  "O'Brien",
  'Tŷ Gwŵr',
  'Müller',
  'Café Émile',
  'Patel',
  'Nowak',
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Clarke',
];
const KINDS = [
  'Garden Centre',
  'Nurseries',
  'Landscapes Ltd',
  'Plants',
  'Garden Services',
  'Farm Shop',
  'Florist',
  'Estates',
  '& Sons',
  'Trading',
];
const PLACES = ['Cirencester', 'Stroud', 'Cheltenham', 'Bath', 'Bristol', 'Swindon', 'Oxford', 'Gloucester', 'Hereford', 'Worcester'];
const NOTE_WORDS =
  'back door pallets trays perennials shrubs compost deliver before nine call on arrival two trolleys ring the bell leave by the gate invoice monthly fragile pots'.split(
    ' ',
  );

/** A note of about `words` words, deterministic from `seed`. */
function note(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(NOTE_WORDS[(seed * 31 + i * 17) % NOTE_WORDS.length] ?? 'pots');
  return out.join(' ');
}

/** The i-th order's title, e.g. "Hawthorn Garden Centre (Stroud)". */
export function orderTitle(i: number): string {
  const name = NAMES[(i * 7) % NAMES.length] ?? 'Greenfields';
  const kind = KINDS[(i * 3) % KINDS.length] ?? 'Nurseries';
  return i % 3 === 0 ? `${name} ${kind} (${PLACES[i % PLACES.length]})` : `${name} ${kind}`;
}

/**
 * Inserts `count` orders of `owner`'s nursery, created by them one every ~15 minutes from 2020 on
 * (so they spread over the years up to 2026), in one transaction. Every 20th has a long note
 * (~4,000 characters).
 */
export async function seedOrders(db: Kysely<Database>, owner: { id: string; nursery: string }, count: number): Promise<void> {
  const start = Date.UTC(2020, 0, 6);
  const step = Math.floor((Date.UTC(2026, 10, 1) - start) / count);
  const BATCH = 500;
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < count; first += BATCH) {
      const rows = [];
      for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
        const created = new Date(start + i * step);
        const stamp = formatTimestamp(created);
        const year = created.getUTCFullYear();
        rows.push({
          id: `seed${String(i).padStart(11, '0')}`,
          created: stamp,
          updated: stamp,
          title: orderTitle(i),
          day: DAYS[i % 7] ?? 'monday',
          postcode: 'GL7 2QA',
          orderNumber: i % 11 === 0 ? '' : String(100000 + i),
          customerType: 'wholesale',
          other: i % 10 === 0 ? 'holding' : 'none',
          weekNumber: 1 + (i % 52),
          year,
          orderInfo: i % 20 === 0 ? note(i, 700) : i % 4 === 0 ? note(i, 12) : '',
          status: '',
          trollies: String(1 + (i % 6)),
          extras: '',
          customer: '',
          standingOrder: '',
          standingWeek: '',
          user: owner.id,
          created_by: owner.id,
          updated_by: owner.id,
          nursery: owner.nursery,
        });
      }
      await trx.insertInto('tasks').values(rows).execute();
    }
  });
}
