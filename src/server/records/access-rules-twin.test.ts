import fc from 'fast-check';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { AuthContext } from '../auth/auth-context';
import type { Database, UsersTable } from '../db/schema';
import { accessOf, canRead, type Action } from './access-rules';
import type { Collection } from './collection';
import { ALL_COLLECTIONS } from './collections/all-collections';
import { formatTimestamp, newRecordId } from './ids';
import { RecordStore, type Row } from './record-store';

// One rule, two forms: the SQL a list or lookup runs and the predicate realtime and deleted records
// use must give the same answer for every caller and record. Generated callers (visitor,
// unverified, no terms, admin A and office B of one nursery, a viewer there, staff of another
// nursery, an account in none) and records go through both, against the real table.

const ACTIONS: readonly Action[] = ['list', 'view', 'update', 'delete'];
const STAMP = formatTimestamp(new Date('2026-03-02T08:00:00Z'));
const TERMS = (version: string) => JSON.stringify({ agreed: true, version, timestamp: '2026-03-02T08:00:00.000Z' });

const NURSERY_1 = newRecordId();
const NURSERY_2 = newRecordId();

function userRow(name: string, verified: boolean, terms: string, nursery = NURSERY_1, role = 'staff'): UsersTable {
  // UsersTable spells booleans as Kysely column types; the row itself holds plain booleans.
  return {
    id: newRecordId(),
    created: STAMP,
    updated: STAMP,
    username: `${name}${Math.floor(Math.random() * 1e9)}`,
    email: `${name}${Math.floor(Math.random() * 1e9)}@nursery.test`,
    emailVisibility: false,
    verified,
    passwordHash: 'not-a-hash',
    tokenKey: 'key',
    termsAgreement: terms,
    name: '',
    nursery,
    role,
    disabled: false,
    mustChangePassword: false,
  } as unknown as UsersTable;
}

describe('access rules: the SQL form and the predicate agree', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let store: RecordStore;
  const people = {
    unverified: userRow('unverified', false, TERMS('v1.0')),
    noTerms: userRow('noterms', true, TERMS('v0.9')),
    declined: userRow('declined', true, JSON.stringify({ agreed: false, version: 'v1.0', timestamp: '' })),
    staffA: userRow('staffa', true, TERMS('v1.0'), NURSERY_1, 'admin'),
    staffB: userRow('staffb', true, TERMS('v1.0'), NURSERY_1, 'office'),
    viewer: userRow('viewer', true, TERMS('v1.0'), NURSERY_1, 'viewer'),
    otherNursery: userRow('othernursery', true, TERMS('v1.0'), NURSERY_2, 'admin'),
    noNursery: userRow('nonursery', true, TERMS('v1.0'), '', ''),
  };
  const callers: Array<[string, AuthContext]> = [
    ['visitor', { user: null }],
    ...Object.entries(people).map(([name, user]): [string, AuthContext] => [name, { user }]),
  ];

  beforeAll(async () => {
    server = await startTestServer();
    db = server.built.database.db;
    store = new RecordStore(db, server.built.database.dialect);
    for (const user of Object.values(people)) await store.insert('users', { ...user });
    for (const id of [NURSERY_1, NURSERY_2])
      await store.insert('nurseries', { id, created: STAMP, updated: STAMP, name: id, deletePasswordHash: '' });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Whether the SQL form lets `auth` at the stored row `id` through `action` (gate, deny, condition). */
  async function inSql(collection: Collection, action: Action, auth: AuthContext, id: string): Promise<boolean> {
    const access = accessOf(collection, server.built.database.dialect);
    if (access.refusal(action, auth)) return false;
    const scope = access.sqlScope(action, auth);
    const where = [sql<SqlBool>`${sql.ref('id')} = ${id}`, ...(scope ? [scope] : [])];
    const { rows } = await store.list(collection.table, { where, sort: [], page: 1, perPage: 1, skipTotal: true });
    return rows.length === 1;
  }

  const owner = fc.constantFrom<keyof typeof people | 'stranger' | 'nobody'>(
    ...(Object.keys(people) as Array<keyof typeof people>),
    'stranger',
    'nobody',
  );
  const ownerId = (who: keyof typeof people | 'stranger' | 'nobody'): string =>
    who === 'stranger' ? newRecordId() : who === 'nobody' ? '' : people[who].id;

  /** A row of `collection` owned by `who`, stored (user_settings keeps one per user). */
  async function storeRecord(collection: Collection, who: keyof typeof people | 'stranger' | 'nobody'): Promise<Row> {
    // A stranger belongs to a nursery nobody here is in; nobody's records to none.
    const nursery = who === 'stranger' ? newRecordId() : who === 'nobody' ? '' : String(people[who].nursery);
    if (collection.name === 'users') {
      const row = who === 'stranger' || who === 'nobody' ? userRow('someone', who === 'stranger', TERMS('v1.0'), nursery) : people[who];
      if (who === 'stranger' || who === 'nobody') await store.insert('users', { ...row });
      return { ...row };
    }
    if (collection.name === 'nurseries') {
      // The owner's nursery, or one of nobody here.
      const existing = nursery === '' ? undefined : await store.findById('nurseries', nursery);
      if (existing) return existing;
      const row: Row = { id: nursery || newRecordId(), created: STAMP, updated: STAMP, name: 'Elsewhere', deletePasswordHash: '' };
      await store.insert('nurseries', row);
      return row;
    }
    const base: Row = { id: newRecordId(), created: STAMP, updated: STAMP, user: ownerId(who), nursery };
    if (collection.name === 'tasks') Object.assign(base, { title: 'Greenfields', weekNumber: 12, year: 2026 });
    // An invitation's owner is the admin who sent it.
    if (collection.name === 'invitations') {
      Object.assign(base, { invitedBy: base.user, email: 'someone@nursery.test', tokenHash: String(base.id) });
      delete base.user;
    }
    // A customer has no owner: the nursery's.
    if (collection.name === 'customers') {
      Object.assign(base, { name: 'Greenfields' });
      delete base.user;
    }
    // A trolley movement has no owner either: the nursery's.
    if (collection.name === 'trolley_movements') {
      Object.assign(base, { customer: 'c'.repeat(15), kind: 'in', date: '2026-11-24', trolleys: 1 });
      delete base.user;
    }
    // A pool statement is the nursery's too.
    if (collection.name === 'pool_statements') {
      Object.assign(base, { statementDate: '2026-11-20' });
      delete base.user;
    }
    // A standing order has no owner either, and a schedule of its own.
    if (collection.name === 'standing_orders') {
      Object.assign(base, { customer: newRecordId(), title: 'Greenfields', fromYear: 2026, fromWeek: 50, created_by: base.user });
      delete base.user;
    }
    // A run's drop belongs to the nursery too (docs/decisions/042).
    if (collection.name === 'run_drops') {
      Object.assign(base, { run: newRecordId(), stop: String(base.id), outcome: 'delivered', recordedBy: base.user });
      delete base.user;
    }
    // Vehicles and rounds are the nursery's, kept by its office (docs/decisions/076).
    if (collection.name === 'vehicles' || collection.name === 'rounds') {
      Object.assign(base, { name: 'Greenfields', created_by: base.user }, collection.name === 'vehicles' ? { trolleyNumber: 8 } : {});
      delete base.user;
    }
    // A customer's contacts and its mail log are the nursery's (docs/decisions/077).
    if (collection.name === 'customer_contacts' || collection.name === 'customer_mail') {
      Object.assign(base, { customer: newRecordId() }, collection.name === 'customer_contacts' ? { email: 'jo@customer.test' } : {});
      delete base.user;
    }
    // A customer's confirmation or dispute is the nursery's (docs/decisions/078).
    if (collection.name === 'balance_replies') {
      Object.assign(base, { customer: newRecordId(), kind: 'dispute', asOf: '2026-11-24', trolleys: 2 });
      delete base.user;
    }
    if (collection.name === 'user_settings') await db.deleteFrom('user_settings').where('user', '=', String(base.user)).execute();
    await store.insert(collection.table, base);
    return (await store.findById(collection.table, String(base.id))) ?? base;
  }

  it.each(ALL_COLLECTIONS.map((c) => [c.name, c] as const))('%s', async (_name, collection) => {
    await fc.assert(
      fc.asyncProperty(owner, async (who) => {
        const row = await storeRecord(collection, who);
        const record = collection.toRecord(row);
        for (const [, auth] of callers) {
          for (const action of ACTIONS) {
            const predicate = accessOf(collection, server.built.database.dialect).allows(action, auth, record);
            expect({ action, who, caller: auth.user?.username ?? 'visitor', allowed: predicate }).toEqual({
              action,
              who,
              caller: auth.user?.username ?? 'visitor',
              allowed: await inSql(collection, action, auth, String(row.id)),
            });
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("canRead: a nursery's members read its orders, runs and people, only the owner reads settings; the gate shuts out the rest", () => {
    const byName = Object.fromEntries(ALL_COLLECTIONS.map((c) => [c.name, c]));
    const a = { user: people.staffA };
    const b = { user: people.staffB };
    const other = { user: people.otherNursery };
    const order = { id: 'o1', user: people.staffB.id, title: 'x', nursery: NURSERY_1 };
    expect(canRead(byName.tasks!, 'view', a, order)).toBe(true);
    expect(canRead(byName.tasks!, 'view', { user: people.viewer }, order)).toBe(true);
    expect(canRead(byName.tasks!, 'view', other, order)).toBe(false);
    expect(canRead(byName.tasks!, 'view', { user: people.noNursery }, { ...order, nursery: '' })).toBe(false);
    expect(canRead(byName.trolley_exports!, 'list', b, { id: 'r1', user: people.staffA.id, nursery: NURSERY_1 })).toBe(true);
    expect(canRead(byName.trolley_exports!, 'list', other, { id: 'r1', user: people.staffA.id, nursery: NURSERY_1 })).toBe(false);
    expect(canRead(byName.user_settings!, 'view', a, { id: 's1', user: people.staffA.id, nursery: NURSERY_1 })).toBe(true);
    expect(canRead(byName.user_settings!, 'view', b, { id: 's1', user: people.staffA.id, nursery: NURSERY_1 })).toBe(false);
    expect(canRead(byName.users!, 'view', a, { id: people.staffA.id, nursery: NURSERY_1 })).toBe(true);
    expect(canRead(byName.users!, 'view', a, { id: people.staffB.id, nursery: NURSERY_1 })).toBe(true);
    expect(canRead(byName.users!, 'view', other, { id: people.staffB.id, nursery: NURSERY_1 })).toBe(false);
    expect(canRead(byName.nurseries!, 'view', b, { id: NURSERY_1 })).toBe(true);
    expect(canRead(byName.nurseries!, 'view', other, { id: NURSERY_1 })).toBe(false);
    for (const user of [null, people.unverified, people.noTerms, people.declined]) {
      expect(canRead(byName.tasks!, 'list', { user }, order)).toBe(false);
      expect(canRead(byName.user_settings!, 'list', { user }, { id: 's2', user: user?.id ?? '', nursery: NURSERY_1 })).toBe(false);
      expect(canRead(byName.users!, 'view', { user }, { id: people.staffA.id, nursery: NURSERY_1 })).toBe(false);
    }
    // Their own account stays readable to a signed-in user whatever the gate of staff data says (docs/decisions/005).
    expect(canRead(byName.users!, 'view', { user: people.unverified }, { id: people.unverified.id })).toBe(true);
  });
});
