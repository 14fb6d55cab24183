import { poolStatements } from '#domain/collections/pool-statements';
import { IN_NURSERY, MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The sentence staff and viewers get for importing or deleting a pool statement. */
export const POOL_IMPORTERS_ONLY = 'Only office staff and admins can import pool statements. Ask one of them to import this one.';
const IMPORTERS = membersWithRole(['admin', 'office'], POOL_IMPORTERS_ONLY);

/**
 * Every member of a nursery reads its pool statements and their comparison; office staff and
 * admins import, correct and delete them (docs/decisions/040). Another nursery's is answered as
 * missing, as every record (docs/decisions/036).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: IMPORTERS, condition: null },
  update: { gate: IMPORTERS, condition: IN_NURSERY },
  delete: { gate: IMPORTERS, condition: IN_NURSERY },
};

/** Pool statements (fields: src/domain/collections/pool-statements.ts). */
export const poolStatementsCollection = serverCollection(poolStatements, { rules, needsDeletePassword: false });
