// The one list of the collections (docs/decisions/060). Everything that must know every collection
// is read from it: the collection names (COLLECTIONS, CollectionName), the database's row types
// (src/server/db/schema.ts), the server's registry (whose type refuses a collection without its
// access rules), and the tests that must cover every collection (nursery isolation, the access
// rules' twins, the schema-drift test). A new collection is its declaration, one line here, its
// server part, its migration and its screens (docs/how-to-add.md).
//
// This module sits above every declaration: nothing under src/domain/collections imports it.

import type { CollectionDeclaration } from './fields';
import { COLLECTIONS as NAMES } from './names';
import { customers } from './customers';
import { invitations } from './invitations';
import { nurseries } from './nurseries';
import { plantLabels } from './plant-labels';
import { poolStatements } from './pool-statements';
import { runDrops } from './run-drops';
import { standingOrders } from './standing-orders';
import { tasks } from './tasks';
import { trolleyExports } from './trolley-exports';
import { trolleyMovements } from './trolley-movements';
import { userSettings } from './user-settings';
import { users } from './users';
import { vehicles } from './vehicles';
import { rounds } from './rounds';
import { customerContacts } from './customer-contacts';
import { customerMail } from './customer-mail';
import { balanceReplies } from './balance-replies';

/** Every collection's declaration, under the name code calls it by (`COLLECTIONS.userSettings`). */
export const REGISTRY = {
  nurseries,
  invitations,
  users,
  tasks,
  userSettings,
  trolleyExports,
  customers,
  trolleyMovements,
  poolStatements,
  standingOrders,
  runDrops,
  plantLabels,
  vehicles,
  rounds,
  customerContacts,
  customerMail,
  balanceReplies,
} as const;

export type Registry = typeof REGISTRY;
/** A collection's name in code (`userSettings`). */
export type CollectionKey = keyof Registry;
/** A collection's name in the API and the database (`user_settings`). */
export type CollectionName = Registry[CollectionKey]['name'];
/** The declaration of the collection called `N`. */
export type DeclarationOf<N extends CollectionName> = Extract<Registry[CollectionKey], { name: N }>;

/**
 * The collections' names in the API and the database, by their names in code (names.ts, kept light
 * for the screens): the same collections as the registry, under the same names, or no compile.
 */
export const COLLECTIONS: { readonly [K in CollectionKey]: Registry[K]['name'] } = NAMES satisfies {
  readonly [K in CollectionKey]: Registry[K]['name'];
};
const NAMES_REGISTERED: [Exclude<keyof typeof NAMES, CollectionKey>] extends [never] ? true : never = true;
void NAMES_REGISTERED;

/** Every declaration, in the registry's order. */
export const DECLARATIONS: ReadonlyArray<Registry[CollectionKey]> = Object.values(REGISTRY);

/** Every collection's name, in the registry's order. */
export const COLLECTION_NAMES: readonly CollectionName[] = DECLARATIONS.map((declaration) => declaration.name);

// A relation names its collection as a plain string (fields.ts sits below this list); here the
// compiler refuses one naming a collection the registry does not hold.
type RelationTargets<D> =
  D extends CollectionDeclaration<infer Fields>
    ? { [K in keyof Fields]: Fields[K] extends { kind: 'relation'; collection: infer C } ? C : never }[keyof Fields]
    : never;
type UnregisteredTargets = Exclude<RelationTargets<Registry[CollectionKey]>, CollectionName>;
/** `true`, or a compile error naming the relations' collections that are not registered. */
export const RELATIONS_REGISTERED: [UnregisteredTargets] extends [never] ? true : { unregistered: UnregisteredTargets } = true;
