import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#domain/records';
import { STANDING_API } from '#domain/standing-orders/requests';
import { currentIsoWeek, shiftIsoWeek } from '#domain/weeks';
import { order } from '../../../tests/support/realtime-client';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Every role against every action, through the official SDK (docs/decisions/036): what each may
// do, and the sentence a person gets for what they may not. Viewers look; staff also add and change
// orders, statuses and runs; office also delete (with the deletion password); admins also change
// the nursery's settings and see its generated deletion password and its people's addresses.

const ROLES: readonly Role[] = ['admin', 'office', 'staff', 'viewer'];
const VIEWERS_ORDERS = 'Viewers can look but not change orders.';
const VIEWERS_RUNS = 'Viewers can look but not change runs.';
const DELETE_ORDERS = 'Only office staff and admins can delete orders. Ask one of them to delete it.';
const DELETE_RUNS = 'Only office staff and admins can delete runs. Ask one of them to delete it.';
const STANDING = 'Only office staff and admins can change standing orders or fill a week from them. Ask one of them to do it.';
// Next week: open for new orders whatever the day.
const NEXT_WEEK = shiftIsoWeek(currentIsoWeek(new Date()), 1);
const SETTINGS = 'Only an admin of the nursery can change its settings.';
const RESTORE = 'Only office staff and admins can restore deleted orders and runs.';
const PURGE = 'Only admins can purge deleted orders and runs.';
const CUSTOMERS = 'Only office staff and admins can change customers. Ask one of them to add or change this customer.';
const VIEWERS_TROLLEYS = 'Viewers can look but not record trolleys. Ask a member of staff to record it.';
const RETURNS_ONLY = 'Staff can record returns only. Ask office staff or an admin to book trolleys out or adjust a balance.';
const LEDGER = 'Only office staff and admins can change or delete trolley movements. Ask one of them to correct it.';

const run = () => ({
  name: 'Monday run',
  data: [],
  vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
});

/** What happened: 'ok', or the status and message of the refusal. */
async function outcome(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
    return 'ok';
  } catch (error) {
    const refused = await failure(Promise.reject(error));
    return `${refused.status} ${refused.message}`;
  }
}

type Action = (pb: PocketBase, me: TestAccount) => Promise<unknown>;

describe('roles × actions', () => {
  let server: TestServer;
  let password: string;
  const members = {} as Record<Role, TestAccount>;
  let admin: TestAccount;

  beforeAll(async () => {
    // Each nursery its own generated deletion password (no DELETE_PASSWORD).
    server = await startTestServer({ deletePassword: null });
    admin = await createAccount(server);
    members.admin = admin;
    for (const role of ['office', 'staff', 'viewer'] as const)
      members[role] = await createAccount(server, { nursery: admin.nursery, role });
    password = String((await admin.pb.collection('nurseries').getOne(admin.nursery)).generatedDeletePassword);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A fresh order and run of the nursery, made by its admin, for each action to work on. */
  const anOrder = () => admin.pb.collection('tasks').create(order('Matrix order'));
  const aCustomer = () => admin.pb.collection('customers').create({ name: 'Matrix customer' });
  const aRun = () => admin.pb.collection('trolley_exports').create(run());
  const movement = (customer: string, kind: string) => ({ customer, kind, date: '2026-11-24', trolleys: 2 });
  const aMovement = async () => admin.pb.collection('trolley_movements').create(movement((await aCustomer()).id, 'out'));
  const confirmed = () => ({ headers: { 'X-Confirm-Password': password } });
  /** An order of the nursery in Deleted (its admin deleted it). */
  const aDeletedOrder = async () => {
    const deleted = await anOrder();
    await admin.pb.collection('tasks').delete(deleted.id, confirmed());
    return deleted;
  };

  const actions: Record<string, Action> = {
    'list orders': (pb) => pb.collection('tasks').getList(1, 5),
    'view an order': async (pb) => pb.collection('tasks').getOne((await anOrder()).id),
    'add an order': (pb) => pb.collection('tasks').create(order('Added')),
    'change an order': async (pb) => pb.collection('tasks').update((await anOrder()).id, { title: 'Changed' }),
    "change an order's status": async (pb) => pb.collection('tasks').update((await anOrder()).id, { status: 'loaded' }),
    'delete an order': async (pb) => pb.collection('tasks').delete((await anOrder()).id, confirmed()),
    'list runs': (pb) => pb.collection('trolley_exports').getList(1, 5),
    'save a run': (pb) => pb.collection('trolley_exports').create(run()),
    'change a run': async (pb) => pb.collection('trolley_exports').update((await aRun()).id, { name: 'Tuesday run' }),
    'delete a run': async (pb) => pb.collection('trolley_exports').delete((await aRun()).id, confirmed()),
    'set own headings': async (pb, me) => {
      const mine = await pb.collection('user_settings').getFullList();
      if (mine[0]) return pb.collection('user_settings').update(mine[0].id, { settings_json: { monday_heading: 'Mine' } });
      return pb.collection('user_settings').create({ user: me.id, settings_json: { monday_heading: 'Mine' } });
    },
    'view the nursery': (pb, me) => pb.collection('nurseries').getOne(me.nursery),
    'rename the nursery': (pb, me) => pb.collection('nurseries').update(me.nursery, { name: `Renamed by ${me.role}` }),
    "set the nursery's headings": (pb, me) => pb.collection('nurseries').update(me.nursery, { headings: { friday_heading: 'Leeds' } }),
    'choose the deletion password': (pb, me) => pb.collection('nurseries').update(me.nursery, { deletePassword: password }),
    'list the people': (pb) => pb.collection('users').getFullList(),
    "read an order's history": async (pb) => pb.send(`/api/collections/tasks/records/${(await anOrder()).id}/history`, {}),
    'list Deleted': (pb) => pb.send('/api/deleted', {}),
    'restore a deleted order': async (pb) => pb.send(`/api/deleted/tasks/${(await aDeletedOrder()).id}/restore`, { method: 'POST' }),
    'purge a deleted order': async (pb) => pb.send(`/api/deleted/tasks/${(await aDeletedOrder()).id}`, { method: 'DELETE' }),
    'list customers': (pb) => pb.collection('customers').getList(1, 5),
    'add a customer': (pb) => pb.collection('customers').create({ name: 'Added' }),
    'change a customer': async (pb) => pb.collection('customers').update((await aCustomer()).id, { phone: '01234 567890' }),
    'delete a customer': async (pb) => pb.collection('customers').delete((await aCustomer()).id, confirmed()),
    'list trolley movements': (pb) => pb.collection('trolley_movements').getList(1, 5),
    'record a return': async (pb) => {
      // Of trolleys it holds: a return below zero is a question of its own (docs/decisions/065).
      const holding = (await aMovement()).customer as string;
      return pb.collection('trolley_movements').create(movement(holding, 'in'));
    },
    'book trolleys out by hand': async (pb) => pb.collection('trolley_movements').create(movement((await aCustomer()).id, 'out')),
    'change a movement': async (pb) => pb.collection('trolley_movements').update((await aMovement()).id, { trolleys: 3 }),
    'delete a movement': async (pb) => pb.collection('trolley_movements').delete((await aMovement()).id),
    'add a standing order': async (pb) =>
      pb
        .collection('standing_orders')
        .create({ customer: (await aCustomer()).id, title: 'Weekly', fromYear: NEXT_WEEK.year, fromWeek: NEXT_WEEK.week }),
    'fill a week': (pb) => pb.send(STANDING_API.fillWeek, { method: 'POST', body: NEXT_WEEK }),
    'copy an order to another week': async (pb) =>
      pb.send(STANDING_API.copy, { method: 'POST', body: { ids: [(await anOrder()).id], to: NEXT_WEEK } }),
  };

  const expected: Record<string, Record<Role, string>> = {
    'list orders': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'view an order': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'add an order': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_ORDERS}` },
    'change an order': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_ORDERS}` },
    "change an order's status": { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_ORDERS}` },
    'delete an order': { admin: 'ok', office: 'ok', staff: `403 ${DELETE_ORDERS}`, viewer: `403 ${DELETE_ORDERS}` },
    'list runs': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'save a run': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_RUNS}` },
    'change a run': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_RUNS}` },
    'delete a run': { admin: 'ok', office: 'ok', staff: `403 ${DELETE_RUNS}`, viewer: `403 ${DELETE_RUNS}` },
    'set own headings': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'view the nursery': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'rename the nursery': { admin: 'ok', office: `403 ${SETTINGS}`, staff: `403 ${SETTINGS}`, viewer: `403 ${SETTINGS}` },
    "set the nursery's headings": { admin: 'ok', office: `403 ${SETTINGS}`, staff: `403 ${SETTINGS}`, viewer: `403 ${SETTINGS}` },
    'choose the deletion password': { admin: 'ok', office: `403 ${SETTINGS}`, staff: `403 ${SETTINGS}`, viewer: `403 ${SETTINGS}` },
    'list the people': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    "read an order's history": { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'list Deleted': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'restore a deleted order': { admin: 'ok', office: 'ok', staff: `403 ${RESTORE}`, viewer: `403 ${VIEWERS_ORDERS}` },
    'purge a deleted order': { admin: 'ok', office: `403 ${PURGE}`, staff: `403 ${DELETE_ORDERS}`, viewer: `403 ${DELETE_ORDERS}` },
    'list customers': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'add a customer': { admin: 'ok', office: 'ok', staff: `403 ${CUSTOMERS}`, viewer: `403 ${CUSTOMERS}` },
    'change a customer': { admin: 'ok', office: 'ok', staff: `403 ${CUSTOMERS}`, viewer: `403 ${CUSTOMERS}` },
    'delete a customer': { admin: 'ok', office: 'ok', staff: `403 ${CUSTOMERS}`, viewer: `403 ${CUSTOMERS}` },
    'list trolley movements': { admin: 'ok', office: 'ok', staff: 'ok', viewer: 'ok' },
    'record a return': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_TROLLEYS}` },
    'book trolleys out by hand': { admin: 'ok', office: 'ok', staff: `403 ${RETURNS_ONLY}`, viewer: `403 ${VIEWERS_TROLLEYS}` },
    'change a movement': { admin: 'ok', office: 'ok', staff: `403 ${LEDGER}`, viewer: `403 ${LEDGER}` },
    'delete a movement': { admin: 'ok', office: 'ok', staff: `403 ${LEDGER}`, viewer: `403 ${LEDGER}` },
    'add a standing order': { admin: 'ok', office: 'ok', staff: `403 ${STANDING}`, viewer: `403 ${STANDING}` },
    'fill a week': { admin: 'ok', office: 'ok', staff: `403 ${STANDING}`, viewer: `403 ${STANDING}` },
    'copy an order to another week': { admin: 'ok', office: 'ok', staff: 'ok', viewer: `403 ${VIEWERS_ORDERS}` },
  };

  it('gives each role exactly its rights, and a sentence for each refusal', async () => {
    const actual: Record<string, Record<Role, string>> = {};
    for (const [name, action] of Object.entries(actions)) {
      actual[name] = {} as Record<Role, string>;
      for (const role of ROLES) actual[name][role] = await outcome(() => action(members[role].pb, members[role]));
    }
    expect(actual).toEqual(expected);
  });

  it('shows the generated deletion password and the e-mail addresses of the people to admins only', async () => {
    const fresh = await createAccount(server);
    const viewer = await createAccount(server, { nursery: fresh.nursery, role: 'viewer' });
    const office = await createAccount(server, { nursery: fresh.nursery, role: 'office' });
    const seen = async (who: TestAccount) => ({
      generated: Boolean((await who.pb.collection('nurseries').getOne(who.nursery)).generatedDeletePassword),
      addresses: (await who.pb.collection('users').getFullList({ sort: 'created' })).map((u) => Boolean(u.email)),
    });
    expect(await seen(fresh)).toEqual({ generated: true, addresses: [true, true, true] });
    expect(await seen(office)).toEqual({ generated: false, addresses: [false, false, true] });
    expect(await seen(viewer)).toEqual({ generated: false, addresses: [false, true, false] });
  });
});
