import { rounds } from '#domain/collections/rounds';
import { vehicles } from '#domain/collections/vehicles';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';
import type { Row } from '../record-store';

/** The sentence staff and viewers get for any change to the fleet or the rounds. */
export const FLEET_KEEPERS_ONLY = 'Only office staff and admins can change vehicles and rounds. Ask one of them to do it.';
const KEEPERS = membersWithRole(['admin', 'office'], FLEET_KEEPERS_ONLY);

/**
 * Every member of a nursery reads its vehicles and rounds (a driver sees the fleet, a viewer the
 * week's capacity); office staff and admins add, change and delete them, to Deleted
 * (docs/decisions/076).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: KEEPERS, condition: null },
  update: { gate: KEEPERS, condition: IN_NURSERY },
  delete: { gate: KEEPERS, condition: IN_NURSERY },
};

/** The nursery's vehicles (fields: src/domain/collections/vehicles.ts). */
export const vehiclesCollection = serverCollection(vehicles, { rules, needsDeletePassword: false });
/** How many customers a refusal to delete a round names before "and N more". */
const NAMED_CUSTOMERS = 3;

/**
 * The sentence refusing to delete a round customers are still on (docs/decisions/076): deleting it
 * would leave them on a round nobody can see, and clearing their round would not come back with a
 * restore from Deleted. So the planner moves them first, knowing which.
 */
export function roundInUseSentence(names: readonly string[], total: number): string {
  const more = total - names.length;
  const listed =
    more > 0
      ? `${names.join(', ')} and ${more} more`
      : names.length > 1
        ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
        : names[0];
  const them = total === 1 ? 'it' : 'them';
  return `${listed} ${total === 1 ? 'is' : 'are'} still on this round. Give ${them} another round, or none, before deleting it.`;
}

async function refuseRoundInUse(row: Row, db: Kysely<Database>): Promise<void> {
  const onRound = db
    .selectFrom('customers')
    .where('nursery', '=', String(row.nursery ?? ''))
    .where('round', '=', String(row.id));
  const { total } = await onRound.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow();
  if (Number(total) === 0) return;
  const named = await onRound.select('name').orderBy('name').limit(NAMED_CUSTOMERS).execute();
  throw new ApiError(
    400,
    roundInUseSentence(
      named.map((customer) => customer.name),
      Number(total),
    ),
  );
}

/** The nursery's delivery rounds (fields: src/domain/collections/rounds.ts). */
export const roundsCollection = serverCollection(rounds, { rules, needsDeletePassword: false, checkRemove: refuseRoundInUse });
