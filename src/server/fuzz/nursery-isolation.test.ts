import fs from 'node:fs';
import fc from 'fast-check';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_API } from '#domain/ledger/pool-statement';
import { BALANCE_API, BALANCE_LINK_HEADER, BALANCE_PAGE_PREFIX } from '#domain/customers/balance-link';
import { COLLECTION_NAMES, type CollectionName } from '#domain/collections/registry';
import type { Role } from '#domain/records';
import { RUNS_API } from '#domain/runs/runs-api';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { waitFor, type RecordEvent } from '../../../tests/support/realtime-client';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { newRecordId } from '../records/ids';

// Nothing crosses nurseries (docs/decisions/036), tried the way an attacker would: generated
// requests by members of every role of one nursery at another's records, by every route — ids
// (view, update, delete), filters and searches, expand and fields, creates naming the other
// nursery, cached lists and their ETags, realtime topics and their options. A leak is any record
// of another nursery in an answer or an event, any of its ids or texts in a successful answer, or
// an answer about its record that differs from the answer about a record that does not exist.
// FUZZ_RUNS scales the number of cases (1 = the default of a few thousand); FUZZ_REPORT names a
// file that gets the counts as JSON (`npm run bench` reads `isolation_cases` from it).

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const counts = { byId: 0, lists: 0, creates: 0, etags: 0, realtime: 0, trail: 0 };

const ROLES: readonly Role[] = ['admin', 'office', 'staff', 'viewer'];
// Every registered collection (src/domain/collections/registry.ts): one registered later is tried
// too, and `records` below, a Record over its names, does not compile without its records.
const COLLECTIONS = COLLECTION_NAMES;

interface Nursery {
  id: string;
  /** A word in every text of this nursery's records, and only there. */
  tag: string;
  members: Record<Role, TestAccount>;
  password: string;
  records: Record<CollectionName, string[]>;
  /** An order and a run of it in Deleted, with their history. */
  deleted: { tasks: string; trolley_exports: string };
  /** Its ids, its word and its password: a stranger must never see any of them. */
  secrets: string[];
}

let server: TestServer;
let nurseries: Nursery[];

const vehicleInfo = { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8, grid: [] };

async function makeNursery(tag: string): Promise<Nursery> {
  const admin = await createAccount(server);
  const members = { admin } as Record<Role, TestAccount>;
  for (const role of ['office', 'staff', 'viewer'] as const) members[role] = await createAccount(server, { nursery: admin.nursery, role });
  const tasks = [];
  for (const [i, who] of (['admin', 'office', 'staff'] as const).entries())
    tasks.push(
      await members[who].pb.collection('tasks').create({
        title: `Common ${tag} Garden Centre ${i}`,
        orderNumber: `SO-${tag}-${i}`,
        postcode: `${tag} 1AA`,
        orderInfo: `Common note ${tag}`,
        day: 'monday',
        year: FUTURE_YEAR,
        weekNumber: 12,
      }),
    );
  const settings = [];
  for (const role of ROLES)
    settings.push(await members[role].pb.collection('user_settings').create({ settings_json: { monday_heading: `Common ${tag}` } }));
  const run = await admin.pb.collection('trolley_exports').create({ name: `Common ${tag} run`, data: [], vehicleInfo });
  const customer = await members.office.pb
    .collection('customers')
    .create({ name: `Common ${tag} Garden Centre`, postcode: `${tag} 1AA`, notes: `Common note ${tag}` });
  // Its ledger, a standing order and an imported pool statement (docs/decisions/038-040); booked
  // out first, so the returns below never take it below zero (docs/decisions/065).
  await members.office.pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-03-01', trolleys: 999 });
  const movement = await members.staff.pb
    .collection('trolley_movements')
    .create({ customer: customer.id, kind: 'in', date: '2026-03-02', trolleys: 2, note: `Common note ${tag}` });
  const standing = await members.office.pb
    .collection('standing_orders')
    .create({ customer: customer.id, title: `Common ${tag} standing`, day: 'tuesday', fromYear: FUTURE_YEAR, fromWeek: 12 });
  const pool = await members.office.pb.send<{ id: string }>(POOL_API.import, {
    method: 'POST',
    body: {
      csv: `Account;Trolleys\nCC-${tag};4\n`,
      fileName: `common-${tag}.csv`,
      statementDate: '2026-03-02',
      mapping: { account: 'Account', trolleys: 'Trolleys' },
    },
  });
  // A plant on its plant-label list (docs/decisions/057).
  const plant = await members.staff.pb.collection('plant_labels').create({ plant_name: `Common ${tag} Lavandula`, has_labels: 'print' });
  // A vehicle of its fleet and a delivery round (docs/decisions/076).
  const vehicle = await members.office.pb
    .collection('vehicles')
    .create({ name: `Common ${tag} lorry`, reg: `${tag} LRY`, vehicleType: 'lorry', trolleyNumber: 12 });
  const round = await members.office.pb.collection('rounds').create({ name: `Common ${tag} round` });
  // A contact of its customer and a line of its mail log, which only the server writes (docs/decisions/077).
  const contact = await members.office.pb
    .collection('customer_contacts')
    .create({ customer: customer.id, name: `Common ${tag}`, email: `common-${tag}@customer.test` });
  const mailLine = await server.built.records.systemBatch((batch) =>
    batch.insert('customer_mail', {
      nursery: admin.nursery,
      customer: customer.id,
      contact: contact.id,
      kind: 'deliveryNotices',
      status: 'sent',
      to: `common-${tag}@customer.test`,
      subject: `Common ${tag} on its way`,
      note: '',
    }),
  );
  // A dispute the customer sent through its balance link (docs/decisions/078).
  const balanceLink = await members.office.pb.send<{ url: string }>(BALANCE_API.customerLinks(customer.id), { method: 'POST' });
  const dispute = await members.office.pb.send<{ id: string }>(BALANCE_API.replies, {
    method: 'POST',
    headers: { [BALANCE_LINK_HEADER]: balanceLink.url.split(BALANCE_PAGE_PREFIX)[1] ?? '' },
    body: { kind: 'dispute', trolleys: 1, note: `Common note ${tag}` },
  });
  // An invitation its admin sent (docs/decisions/035): only the nursery's admins see it.
  const invitation = await admin.pb.collection('invitations').create({ email: `common-${tag}@nursery.test`, role: 'staff' });
  // A dispatched run's drop (docs/decisions/042).
  const stop = { id: '', title: `Common ${tag} stop`, postcode: `${tag} 1AA`, trollies: '1', extras: '', orderNumber: '' };
  const dispatched = await admin.pb.collection('trolley_exports').create({ name: `Common ${tag} dispatched`, data: [stop], vehicleInfo });
  for (const state of ['loading', 'dispatched'])
    await members.office.pb.send(RUNS_API.state(dispatched.id), { method: 'POST', body: { state } });
  const drop = await members.office.pb.send<{ id: string }>(RUNS_API.drops(dispatched.id), {
    method: 'POST',
    body: { stop: '#1', outcome: 'not_delivered', reason: `Common note ${tag}`, receivedBy: `Common ${tag}`, clientId: `client-${tag}` },
  });
  await admin.pb.collection('nurseries').update(admin.nursery, { name: `Common ${tag} Nurseries`, headings: { monday_heading: tag } });
  const password = String((await admin.pb.collection('nurseries').getOne(admin.nursery)).generatedDeletePassword);
  // An order and a run deleted with the nursery's password: in Deleted, history kept.
  const deletedOrder = await admin.pb
    .collection('tasks')
    .create({ title: `Deleted ${tag} order`, day: 'monday', year: FUTURE_YEAR, weekNumber: 12 });
  await admin.pb.collection('tasks').update(deletedOrder.id, { orderInfo: `Deleted note ${tag}` });
  await admin.pb.collection('tasks').delete(deletedOrder.id, { headers: { 'X-Confirm-Password': password } });
  const deletedRun = await admin.pb.collection('trolley_exports').create({ name: `Deleted ${tag} run`, data: [], vehicleInfo });
  await admin.pb.collection('trolley_exports').delete(deletedRun.id, { headers: { 'X-Confirm-Password': password } });
  const deleted = { tasks: deletedOrder.id, trolley_exports: deletedRun.id };
  const records: Record<CollectionName, string[]> = {
    tasks: tasks.map((t) => t.id),
    user_settings: settings.map((s) => s.id),
    trolley_exports: [run.id, dispatched.id],
    users: ROLES.map((role) => members[role].id),
    nurseries: [admin.nursery],
    customers: [customer.id],
    trolley_movements: [movement.id],
    standing_orders: [standing.id],
    pool_statements: [pool.id],
    run_drops: [drop.id],
    plant_labels: [plant.id],
    vehicles: [vehicle.id],
    rounds: [round.id],
    customer_contacts: [contact.id],
    customer_mail: [String(mailLine.id)],
    balance_replies: [dispute.id],
    invitations: [invitation.id],
  };
  return {
    id: admin.nursery,
    tag,
    members,
    password,
    records,
    deleted,
    secrets: [...Object.values(records).flat(), ...Object.values(deleted), tag, password],
  };
}

beforeAll(async () => {
  // Each nursery its own generated deletion password; a client address per request (below).
  server = await startTestServer({ deletePassword: null, trustProxy: true, authRateLimitPerMinute: 1_000_000 });
  nurseries = [await makeNursery('alphatag'), await makeNursery('bravotag'), await makeNursery('charlietag')];
}, 120_000);

afterAll(async () => {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  // A leak fails its test (and Vitest's report says which); this line only says how much was tried.
  console.log(
    `nursery isolation: ${total} cases (${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  );
  if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ cases: total, counts }));
  await server?.close();
});

interface Answer {
  status: number;
  json: unknown;
  text: string;
  etag: string | null;
}

let addressCounter = 0;
/** A client address of its own, so that throttles (wrong deletion passwords) never decide an answer. */
const freshAddress = () => `198.18.${Math.floor(++addressCounter / 250) % 250}.${addressCounter % 250}`;

async function call(
  method: string,
  path: string,
  token: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: token, ...options.headers };
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, json, text, etag: response.headers.get('etag') };
}

/** Every record in an answer or event, expanded ones included. */
function recordsIn(value: unknown, found: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) recordsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (typeof object.collectionName === 'string' && typeof object.id === 'string') found.push(object);
    for (const child of Object.values(object)) recordsIn(child, found);
  }
  return found;
}

/** Fails the test on anything of another nursery in a successful answer or an event. */
function expectNothingForeign(body: unknown, text: string, caller: TestAccount, own: Nursery, context: string): void {
  for (const record of recordsIn(body)) {
    const nursery = record.collectionName === 'nurseries' ? record.id : record.nursery;
    if (nursery !== caller.nursery)
      throw new Error(`LEAK ${context}: a ${String(record.collectionName)} record of another nursery: ${text.slice(0, 300)}`);
  }
  for (const other of nurseries) {
    if (other === own) continue;
    const seen = other.secrets.find((secret) => text.includes(secret));
    if (seen) throw new Error(`LEAK ${context}: "${seen}" of another nursery in ${text.slice(0, 300)}`);
  }
}

const member = fc.record({ nursery: fc.nat(2), role: fc.constantFrom(...ROLES) });
/** Another nursery than `own`, by a number. */
const otherOf = (own: number, pick: number) => (own + 1 + (pick % 2)) % 3;

describe('nothing crosses nurseries', { timeout: 300_000 }, () => {
  it('by id: view, update and delete of another nursery’s record answer exactly as for a record that does not exist', async () => {
    const body = fc.constantFrom<Record<string, unknown>>(
      {},
      { title: 'Taken over' },
      { status: 'loaded' },
      { name: 'Taken over' },
      { settings_json: { monday_heading: 'Taken over' } },
      { headings: { monday_heading: 'Taken over' } },
      { deletePassword: 'taken-over-42' },
      { emailVisibility: true },
    );
    const query = fc.constantFrom(
      '',
      '?expand=user',
      '?expand=nursery',
      '?expand=user.nursery,nursery',
      '?fields=id,nursery,email',
      '?fields=*',
    );
    await fc.assert(
      fc.asyncProperty(
        member,
        fc.nat(),
        fc.constantFrom(...COLLECTIONS),
        fc.nat(),
        fc.constantFrom('GET', 'PATCH', 'DELETE'),
        body,
        query,
        fc.constantFrom('own', 'theirs', 'none'),
        async (who, pick, collection, index, method, patch, params, password) => {
          counts.byId++;
          const own = nurseries[who.nursery] as Nursery;
          const other = nurseries[otherOf(who.nursery, pick)] as Nursery;
          const caller = own.members[who.role];
          const ids = other.records[collection];
          const target = ids[index % ids.length] as string;
          const typed = password === 'own' ? own.password : password === 'theirs' ? other.password : '';
          const ask = async (id: string) =>
            call(method, `/api/collections/${collection}/records/${id}${method === 'GET' ? params : ''}`, caller.pb.authStore.token, {
              body: method === 'PATCH' ? patch : undefined,
              headers: { 'x-forwarded-for': freshAddress(), ...(method === 'DELETE' ? { 'x-confirm-password': typed } : {}) },
            });
          const answer = await ask(target);
          const control = await ask(newRecordId());
          const context = `${who.role} of ${own.tag}: ${method} ${collection}/${other.tag}${params}`;
          const seen = (a: Answer) => ({
            status: a.status,
            message: (a.json as { message?: unknown } | null)?.message,
            data: (a.json as { data?: unknown } | null)?.data,
          });
          expect(seen(answer), context).toEqual(seen(control));
          expect(answer.status, context).toBeGreaterThanOrEqual(400);
          expectNothingForeign(answer.json, answer.text, caller, own, context);
        },
      ),
      { numRuns: runs(1500) },
    );
  });

  it('by history and Deleted: another nursery’s history, deleted records, restore and purge answer as for none', async () => {
    await fc.assert(
      fc.asyncProperty(
        member,
        fc.nat(),
        fc.constantFrom('tasks', 'trolley_exports'),
        fc.constantFrom('history of a live record', 'history of a deleted record', 'restore', 'purge', 'Deleted'),
        fc.constantFrom('', '&collection=tasks', '&collection=trolley_exports', '&page=2'),
        async (who, pick, collection, route, query) => {
          counts.trail++;
          const own = nurseries[who.nursery] as Nursery;
          const other = nurseries[otherOf(who.nursery, pick)] as Nursery;
          const caller = own.members[who.role];
          const token = caller.pb.authStore.token;
          const context = `${who.role} of ${own.tag}: ${route} ${collection} of ${other.tag}${query}`;
          if (route === 'Deleted') {
            const answer = await call('GET', `/api/deleted?perPage=500${query}`, token);
            expect(answer.status, context).toBe(200);
            expectNothingForeign(answer.json, answer.text, caller, own, context);
            return;
          }
          const ask = async (id: string) => {
            if (route === 'restore') return call('POST', `/api/deleted/${collection}/${id}/restore`, token);
            if (route === 'purge') return call('DELETE', `/api/deleted/${collection}/${id}`, token);
            return call('GET', `/api/collections/${collection}/records/${id}/history`, token);
          };
          const target = route === 'history of a live record' ? (other.records[collection][0] as string) : other.deleted[collection];
          const answer = await ask(target);
          const control = await ask(newRecordId());
          const seen = (a: Answer) => ({ status: a.status, message: (a.json as { message?: unknown } | null)?.message });
          expect(seen(answer), context).toEqual(seen(control));
          expect(answer.status, context).toBeGreaterThanOrEqual(400);
          expectNothingForeign(answer.json, answer.text, caller, own, context);
        },
      ),
      { numRuns: runs(600) },
    );
    // Still there for their own nursery: nothing above restored or purged them.
    for (const nursery of nurseries) {
      const listed = await call('GET', '/api/deleted?perPage=500', nursery.members.admin.pb.authStore.token);
      const ids = recordsIn(listed.json).map((record) => record.id);
      expect(ids).toEqual(expect.arrayContaining(Object.values(nursery.deleted)));
    }
  });

  it('by filter, search, sort, expand and fields: lists hold their own nursery’s records only', async () => {
    const atom = fc.constantFrom(
      'id = "{REC}"',
      'id != "{REC}"',
      'nursery = "{NUR}"',
      'nursery != "{OWN}"',
      'nursery ~ "{NUR}"',
      'nursery = @request.auth.nursery',
      'user = "{USER}"',
      'user != ""',
      'title ~ "{TAG}"',
      'title ~ "Common"',
      'orderNumber ~ "SO-{TAG}"',
      'postcode ~ "{TAG}"',
      'orderInfo ~ "Common note"',
      'name ~ "{TAG}"',
      'name ~ "Common"',
      'username ~ "staff"',
      'username = "{UNAME}"',
      'role = "admin"',
      'created > "2000-01-01 00:00:00.000Z"',
      'id ~ ""',
      'year = {YEAR} && weekNumber = 12',
    );
    const filter = fc
      .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.constantFrom(' && ', ' || '), fc.boolean())
      .map(([atoms, join, group]) => (group && atoms.length > 1 ? `(${atoms.join(join)})` : atoms.join(join)));
    const params = fc.record(
      {
        sort: fc.constantFrom('created', '-created', 'nursery', '-id', 'title', 'user', '@random'),
        expand: fc.constantFrom('user', 'nursery', 'user.nursery', 'user,nursery'),
        fields: fc.constantFrom('*', 'id,nursery,user', 'id,expand.user.email'),
        perPage: fc.constantFrom('1', '30', '500'),
        skipTotal: fc.constantFrom('1', '0'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        member,
        fc.nat(),
        fc.constantFrom(...COLLECTIONS),
        filter,
        params,
        fc.nat(),
        async (who, pick, collection, template, extra, index) => {
          counts.lists++;
          const own = nurseries[who.nursery] as Nursery;
          const other = nurseries[otherOf(who.nursery, pick)] as Nursery;
          const caller = own.members[who.role];
          const all = Object.values(other.records).flat();
          const text = template
            .replaceAll('{REC}', all[index % all.length] as string)
            .replaceAll('{NUR}', other.id)
            .replaceAll('{OWN}', own.id)
            .replaceAll('{USER}', other.records.users[index % 4] as string)
            .replaceAll('{UNAME}', other.members[ROLES[index % 4] as Role].username)
            .replaceAll('{TAG}', other.tag)
            .replaceAll('{YEAR}', String(FUTURE_YEAR));
          const search = new URLSearchParams({ filter: text, ...extra }).toString();
          const answer = await call('GET', `/api/collections/${collection}/records?${search}`, caller.pb.authStore.token);
          const context = `${who.role} of ${own.tag}: list ${collection} ?${decodeURIComponent(search)}`;
          expect(answer.status, `${context}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
          if (answer.status === 200) expectNothingForeign(answer.json, answer.text, caller, own, context);
          else {
            // A refusal says the same whichever nursery's ids and words the filter named.
            const control = await call(
              'GET',
              `/api/collections/${collection}/records?${search.replaceAll(encodeURIComponent(other.id), encodeURIComponent(newRecordId()))}`,
              caller.pb.authStore.token,
            );
            expect(answer.status, context).toBe(control.status);
          }
        },
      ),
      { numRuns: runs(1500) },
    );
  });

  it('by create: a body naming another nursery, its people or its records is refused, and stores nothing there', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        member,
        fc.nat(),
        fc.constantFrom(
          'tasks',
          'user_settings',
          'trolley_exports',
          'trolley_movements',
          'standing_orders',
          'plant_labels',
          'vehicles',
          'rounds',
        ),
        fc.constantFrom('nursery', 'user', 'both', 'customer'),
        async (who, pick, collection, choice) => {
          counts.creates++;
          const own = nurseries[who.nursery] as Nursery;
          const other = nurseries[otherOf(who.nursery, pick)] as Nursery;
          const caller = own.members[who.role];
          const ownCustomer = own.records.customers[0];
          // Movements and standing orders have no owner: what they can name is a nursery or a customer.
          const hasCustomer = collection === 'trolley_movements' || collection === 'standing_orders';
          const named = hasCustomer && choice !== 'nursery' ? 'customer' : choice;
          const base =
            collection === 'tasks'
              ? { title: 'Planted', day: 'monday', year: FUTURE_YEAR, weekNumber: 12 }
              : collection === 'user_settings'
                ? { settings_json: {} }
                : collection === 'trolley_movements'
                  ? { customer: ownCustomer, kind: 'in', date: '2026-03-02', trolleys: 1 }
                  : collection === 'standing_orders'
                    ? { customer: ownCustomer, title: 'Planted', day: 'monday', fromYear: FUTURE_YEAR, fromWeek: 12 }
                    : collection === 'plant_labels'
                      ? { plant_name: 'Planted', has_labels: 'print' }
                      : collection === 'vehicles'
                        ? { name: 'Planted', vehicleType: 'lorry', trolleyNumber: 8 }
                        : collection === 'rounds'
                          ? { name: 'Planted' }
                          : { name: 'Planted', data: [], vehicleInfo };
          const body = {
            ...base,
            ...(named === 'nursery' || named === 'both' ? { nursery: other.id } : {}),
            ...(named === 'user' || named === 'both' ? { user: other.members.admin.id } : {}),
            // An order of one's own nursery for another nursery's customer (docs/decisions/037).
            ...(named === 'customer' ? { customer: other.records.customers[0] } : {}),
          };
          const answer = await call('POST', `/api/collections/${collection}/records`, caller.pb.authStore.token, { body });
          const context = `${who.role} of ${own.tag}: create ${collection} naming ${named} of ${other.tag}`;
          expect(answer.status, context).toBeGreaterThanOrEqual(400);
          expectNothingForeign(answer.json, answer.text, caller, own, context);
        },
      ),
      { numRuns: runs(400) },
    );
    // Every record of every nursery is as it was.
    expect(await snapshot()).toEqual(before);
  });

  it('by cached list and ETag: the same question from another nursery gets its own answer, never a 304 for theirs', async () => {
    const query = fc.constantFrom(
      'perPage=500&skipTotal=1&sort=created',
      `filter=${encodeURIComponent(`year = ${FUTURE_YEAR} && weekNumber = 12`)}&sort=created&skipTotal=1`,
      `filter=${encodeURIComponent('title ~ "Common"')}&sort=-created`,
      'expand=user,nursery&sort=created',
    );
    await fc.assert(
      fc.asyncProperty(member, member, fc.constantFrom(...COLLECTIONS), query, async (first, second, collection, q) => {
        fc.pre(first.nursery !== second.nursery);
        counts.etags++;
        const a = nurseries[first.nursery] as Nursery;
        const b = nurseries[second.nursery] as Nursery;
        const path = `/api/collections/${collection}/records?${q}`;
        const caller = b.members[second.role];
        // Theirs first (cached now), then the same question from the other nursery with their tag.
        const theirs = await call('GET', path, a.members[first.role].pb.authStore.token);
        const mine = await call('GET', path, caller.pb.authStore.token, { headers: { 'if-none-match': String(theirs.etag) } });
        const fresh = await call('GET', path, caller.pb.authStore.token);
        const context = `${second.role} of ${b.tag} after ${first.role} of ${a.tag}: ${path}`;
        expectNothingForeign(fresh.json, fresh.text, caller, b, context);
        if (fresh.status !== 200) expect(mine.status, context).toBe(fresh.status);
        // A 304 only ever stands for an answer that is the same to the byte (two lists both refused or empty).
        else if (fresh.text !== theirs.text) {
          expect(mine.status, context).toBe(200);
          expect(mine.text, context).toBe(fresh.text);
          expect(fresh.etag, context).not.toBe(theirs.etag);
        }
      }),
      { numRuns: runs(600) },
    );
  });

  it('by realtime topic and options: events reach their own nursery only', async () => {
    const [alpha, bravo] = nurseries as [Nursery, Nursery];
    const subscribers: Array<{ who: TestAccount; own: Nursery; events: RecordEvent[]; unsubscribe: () => Promise<void> }> = [];
    const topics = (other: Nursery): Array<[string, string, Record<string, unknown>?]> => [
      // Every registered collection, whole and by one of the other nursery's records.
      ...COLLECTIONS.flatMap((collection): Array<[string, string]> => [
        [collection, '*'],
        [collection, other.records[collection][0] as string],
      ]),
      ['tasks', '*', { filter: `nursery = "${other.id}"` }],
      ['tasks', '*', { filter: `title ~ "${other.tag}"`, fields: 'id,nursery,title' }],
      ['tasks', '*', { headers: { Authorization: other.members.admin.pb.authStore.token } }],
    ];
    // Every member of Bravo listens to everything, and to Alpha's records by name, on one stream each.
    for (const role of ROLES) {
      const who = bravo.members[role];
      const pb: PocketBase = server.client();
      pb.authStore.save(who.pb.authStore.token, who.pb.authStore.record);
      const events: RecordEvent[] = [];
      const stops: Array<() => Promise<void>> = [];
      for (const [collection, topic, options] of topics(alpha))
        stops.push(await pb.collection(collection).subscribe(topic, (e) => events.push(e), options));
      const unsubscribe = async () => {
        for (const stop of stops) await stop();
      };
      subscribers.push({ who, own: bravo, events, unsubscribe });
    }
    // Alpha's people change everything they can: a change of each registered collection's record,
    // written as a member may (a collection registered later needs its line here to compile).
    const change: Record<CollectionName, (pb: PocketBase, role: Role, stamp: string) => Promise<unknown>> = {
      tasks: (pb, _role, stamp) =>
        pb
          .collection('tasks')
          .update(alpha.records.tasks[0] as string, { status: 'pulled', orderInfo: `Common note ${alpha.tag} ${stamp}` }),
      trolley_exports: (pb, _role, stamp) =>
        pb.collection('trolley_exports').update(alpha.records.trolley_exports[0] as string, { name: `Common ${alpha.tag} run ${stamp}` }),
      user_settings: (pb, _role, stamp) =>
        pb
          .collection('user_settings')
          .getFullList()
          .then((mine) =>
            pb.collection('user_settings').update(String(mine[0]?.id), { settings_json: { monday_heading: `${alpha.tag} ${stamp}` } }),
          ),
      nurseries: (pb, _role, stamp) =>
        pb.collection('nurseries').update(alpha.id, { headings: { monday_heading: `${alpha.tag} ${stamp}` } }),
      users: (pb, role, stamp) => pb.collection('users').update(alpha.members[role].id, { name: `${alpha.tag} ${stamp}` }),
      invitations: (pb) => pb.collection('invitations').update(alpha.records.invitations[0] as string, { revoked: false }),
      customers: (pb, _role, stamp) =>
        pb.collection('customers').update(alpha.records.customers[0] as string, { notes: `Common note ${alpha.tag} ${stamp}` }),
      trolley_movements: (pb, _role, stamp) =>
        pb
          .collection('trolley_movements')
          .update(alpha.records.trolley_movements[0] as string, { note: `Common note ${alpha.tag} ${stamp}` }),
      standing_orders: (pb, _role, stamp) =>
        pb
          .collection('standing_orders')
          .update(alpha.records.standing_orders[0] as string, { title: `Common ${alpha.tag} standing ${stamp}` }),
      pool_statements: (pb, _role, stamp) =>
        pb
          .collection('pool_statements')
          .update(alpha.records.pool_statements[0] as string, { fileName: `common-${alpha.tag}-${stamp}.csv` }),
      // Drops change by their own route only (docs/decisions/042): the attempt is refused, nothing is sent.
      run_drops: (pb, _role, stamp) =>
        pb.collection('run_drops').update(alpha.records.run_drops[0] as string, { reason: `Common note ${alpha.tag} ${stamp}` }),
      plant_labels: (pb, _role, stamp) =>
        pb
          .collection('plant_labels')
          .update(alpha.records.plant_labels[0] as string, { plant_name: `Common ${alpha.tag} Lavandula ${stamp}` }),
      vehicles: (pb, _role, stamp) =>
        pb.collection('vehicles').update(alpha.records.vehicles[0] as string, { name: `Common ${alpha.tag} lorry ${stamp}` }),
      rounds: (pb, _role, stamp) =>
        pb.collection('rounds').update(alpha.records.rounds[0] as string, { name: `Common ${alpha.tag} round ${stamp}` }),
      customer_contacts: (pb, _role, stamp) =>
        pb.collection('customer_contacts').update(alpha.records.customer_contacts[0] as string, { name: `Common ${alpha.tag} ${stamp}` }),
      // The mail log is written by the server only: the attempt is refused, nothing is sent.
      customer_mail: (pb, _role, stamp) =>
        pb.collection('customer_mail').update(alpha.records.customer_mail[0] as string, { note: `Common ${alpha.tag} ${stamp}` }),
      // Replies are written by the link and resolved by their route (docs/decisions/078): refused here.
      balance_replies: (pb, _role, stamp) =>
        pb.collection('balance_replies').update(alpha.records.balance_replies[0] as string, { note: `Common note ${alpha.tag} ${stamp}` }),
    };
    const changes = fc.sample(fc.tuple(fc.constantFrom(...ROLES), fc.constantFrom(...COLLECTIONS)), {
      numRuns: runs(60),
      seed: 15,
    });
    let written = 0;
    for (const [role, what] of changes) {
      const pb = alpha.members[role].pb;
      const stamp = Math.random().toString(36).slice(2, 8);
      const attempt = change[what](pb, role, stamp);
      // Viewers' and others' refusals are part of the attempt; what is written is what counts.
      await attempt.then(
        () => written++,
        () => undefined,
      );
      const created = await alpha.members.staff.pb
        .collection('tasks')
        .create({ title: `Common ${alpha.tag} new ${stamp}`, day: 'friday', year: FUTURE_YEAR, weekNumber: 12 });
      await alpha.members.office.pb.collection('tasks').delete(created.id, { headers: { 'X-Confirm-Password': alpha.password } });
      written += 2;
    }
    // Then Bravo's own change: delivered in order, so once it is there everything before it was decided.
    const sentinel = await bravo.members.staff.pb
      .collection('tasks')
      .create({ title: `Common ${bravo.tag} sentinel`, day: 'friday', year: FUTURE_YEAR, weekNumber: 12 });
    for (const subscriber of subscribers) {
      await waitFor(() => subscriber.events.find((e) => e.record.id === sentinel.id), `the sentinel for ${subscriber.who.role}`, 10_000);
      // Each of this stream's subscriptions against each change Alpha committed.
      counts.realtime += topics(alpha).length * written;
      for (const event of subscriber.events)
        expectNothingForeign(
          event,
          JSON.stringify(event),
          subscriber.who,
          subscriber.own,
          `event to ${subscriber.who.role} of ${bravo.tag}`,
        );
      await subscriber.unsubscribe();
    }
  });
});

/** Every stored record's id and `updated`, by collection. */
async function snapshot(): Promise<Record<string, string[]>> {
  const { db } = server.built.database;
  const out: Record<string, string[]> = {};
  for (const table of COLLECTION_NAMES) {
    const rows = await db.selectFrom(table).select(['id', 'updated']).orderBy('id').execute();
    out[table] = rows.map((row) => `${row.id}@${row.updated}`);
  }
  return out;
}
