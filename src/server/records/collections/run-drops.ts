import { runDrops } from '#domain/collections/run-drops';
import { IN_NURSERY, MEMBER, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The answer for writing a drop through the records API. */
export const DROPS_BY_THEIR_ROUTE =
  "A drop is recorded from its run (the Runs screen or the driver's page), which books its returns too; it cannot be written here.";

/**
 * Every member reads the nursery's drops (the Runs screen's progress, the board's delivered
 * marks); they are written only by recording a drop (src/server/runs), never changed or deleted
 * through the records API: each one booked its returns (docs/decisions/042).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: MEMBER, condition: null, deny: DROPS_BY_THEIR_ROUTE },
  update: { gate: MEMBER, condition: IN_NURSERY, deny: DROPS_BY_THEIR_ROUTE },
  delete: { gate: MEMBER, condition: IN_NURSERY, deny: DROPS_BY_THEIR_ROUTE },
};

/** Run drops (fields: src/domain/collections/run-drops.ts). */
export const runDropsCollection = serverCollection(runDrops, { rules, needsDeletePassword: false });
