import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { createAccount, createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { ID_TAKEN_MESSAGE } from './chosen-id';
import { ALL_COLLECTIONS } from './collections/all-collections';

// A create may name its record's id, as PocketBase allows; the web app's outbox does so that a
// create sent again after its answer was lost never makes a second order (docs/decisions/047).

let counter = 0;
/** A fresh 15-character id, as the web app makes them. */
function newId(): string {
  counter += 1;
  return `outbox${String(counter).padStart(9, '0')}`;
}

const order = (title: string) => ({
  title,
  day: 'tuesday',
  postcode: 'AB1 2CD',
  orderNumber: 'SO-1',
  year: FUTURE_YEAR,
  weekNumber: 10,
  trollies: 3,
  status: '',
});

describe('a create with a chosen id', () => {
  let server: TestServer;
  let staff: TestAccount;
  let colleague: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createAccount(server);
    colleague = await createAccount(server, { nursery: staff.nursery, role: 'staff' });
    stranger = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  async function countWithTitle(title: string): Promise<number> {
    return (await staff.pb.collection('tasks').getFullList({ filter: staff.pb.filter('title = {:title}', { title }) })).length;
  }

  it('keeps the id, and a resend of the same create answers that record without making another', async () => {
    const id = newId();
    const first = await staff.pb.collection('tasks').create({ id, ...order('Resent once') });
    expect(first.id).toBe(id);
    const again = await staff.pb.collection('tasks').create({ id, ...order('Resent once') });
    expect(again).toMatchObject({ id, title: 'Resent once', created: first.created, updated: first.updated });
    expect(await countWithTitle('Resent once')).toBe(1);
  });

  it('answers the record also when it was changed since it was made (by anyone)', async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Changed since') });
    const changed = await colleague.pb.collection('tasks').update(id, { status: 'pulled', trollies: 5 });
    const again = await staff.pb.collection('tasks').create({ id, ...order('Changed since') });
    expect(again).toMatchObject({ id, status: 'pulled', trollies: '5', updated: changed.updated });
    expect(await countWithTitle('Changed since')).toBe(1);
  });

  it('refuses a different body with a taken id in words, and changes nothing', async () => {
    const id = newId();
    const first = await staff.pb.collection('tasks').create({ id, ...order('Taken id') });
    const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Another order') }));
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ message: ID_TAKEN_MESSAGE, data: { id: { code: 'validation_not_unique' } } });
    expect(await staff.pb.collection('tasks').getOne(id)).toMatchObject({ title: 'Taken id', updated: first.updated });
    expect(await countWithTitle('Another order')).toBe(0);
  });

  it("never answers another nursery's record: its id is taken, in the same words", async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Theirs') });
    const error = await failure(stranger.pb.collection('tasks').create({ id, ...order('Theirs') }));
    expect(error.status).toBe(400);
    expect(error.response.message).toBe(ID_TAKEN_MESSAGE);
    expect(JSON.stringify(error.response)).not.toContain('Theirs');
    expect(await stranger.pb.collection('tasks').getFullList()).toEqual([]);
  });

  it('refuses an id of a deleted record, so Restore never meets a second one', async () => {
    const id = newId();
    await staff.pb.collection('tasks').create({ id, ...order('Deleted one') });
    await staff.pb.collection('tasks').delete(id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Deleted one') }));
    expect(error.status).toBe(400);
    expect(error.response.message).toBe(ID_TAKEN_MESSAGE);
  });

  it('refuses a malformed id on the field', async () => {
    for (const id of ['short', 'UPPERCASEUPPERC', 'with-dash-12345', 12345]) {
      const error = await failure(staff.pb.collection('tasks').create({ id, ...order('Bad id') }));
      expect(error.status).toBe(400);
      expect(error.response.data).toMatchObject({ id: { code: 'validation_invalid_value' } });
    }
    expect(await countWithTitle('Bad id')).toBe(0);
  });

  it('two identical creates at once make one record and both answer it', async () => {
    const id = newId();
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => staff.pb.collection('tasks').create<RecordModel>({ id, ...order('At once') }, { requestKey: null })),
    );
    expect(new Set(sends.map((record) => `${record.id} ${record.created}`)).size).toBe(1);
    expect(await countWithTitle('At once')).toBe(1);
  });
});

type Team = Awaited<ReturnType<typeof createTeam>>;

/** A create of one collection, a different one, and a later change by a teammate (or, for one's own settings, oneself). */
interface Resend {
  creator: keyof Team;
  changer: keyof Team;
  body: (customer: string) => Record<string, unknown>;
  other: (customer: string) => Record<string, unknown>;
  change: Record<string, unknown>;
}

const vehicleInfo = { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 4, grid: [] };

/**
 * Every collection whose create may name its id (the registry's `acceptsChosenId`) has its case
 * here, or says why a client never creates it through the records API; a new one fails the check
 * below until it has.
 */
const RESENDS: Readonly<Record<string, Resend | string>> = {
  tasks: {
    creator: 'staff',
    changer: 'office',
    body: () => order('Every collection'),
    other: () => order('Another order'),
    change: { status: 'pulled' },
  },
  user_settings: {
    creator: 'staff',
    changer: 'staff',
    body: () => ({ settings_json: { monday_heading: 'Kent' } }),
    other: () => ({ settings_json: { monday_heading: 'Essex' } }),
    change: { settings_json: { monday_heading: 'Sussex' } },
  },
  trolley_exports: {
    creator: 'staff',
    changer: 'office',
    body: () => ({ name: 'Tuesday run', data: [], vehicleInfo }),
    other: () => ({ name: 'Wednesday run', data: [], vehicleInfo }),
    change: { name: 'Tuesday run (late)' },
  },
  invitations: {
    creator: 'admin',
    changer: 'admin',
    body: () => ({ email: 'new.grower@nursery.test', role: 'staff' }),
    other: () => ({ email: 'other.grower@nursery.test', role: 'staff' }),
    change: { revoked: true },
  },
  customers: {
    creator: 'office',
    changer: 'admin',
    body: () => ({ name: 'Greenfields Garden Centre', postcode: 'AB1 2CD' }),
    other: () => ({ name: 'Hillside Nurseries', postcode: 'AB1 2CD' }),
    change: { postcode: 'ZZ9 9ZZ' },
  },
  trolley_movements: {
    creator: 'staff',
    changer: 'office',
    body: (customer) => ({ customer, kind: 'in', date: '2026-03-02', trolleys: 2 }),
    other: (customer) => ({ customer, kind: 'in', date: '2026-03-02', trolleys: 3 }),
    change: { note: 'Counted again' },
  },
  pool_statements: {
    creator: 'office',
    changer: 'admin',
    body: () => ({ statementDate: '2026-03-02', fileName: 'pool.csv', rows: [] }),
    other: () => ({ statementDate: '2026-03-09', fileName: 'pool.csv', rows: [] }),
    change: { fileName: 'pool-march.csv' },
  },
  standing_orders: {
    creator: 'office',
    changer: 'admin',
    body: (customer) => ({ customer, title: 'Every Tuesday', day: 'tuesday', fromYear: FUTURE_YEAR, fromWeek: 12 }),
    other: (customer) => ({ customer, title: 'Every Friday', day: 'friday', fromYear: FUTURE_YEAR, fromWeek: 12 }),
    change: { title: 'Every Tuesday (more)' },
  },
  plant_labels: {
    creator: 'staff',
    changer: 'office',
    body: () => ({ plant_name: 'Rosa Iceberg 10L', has_labels: 'new' }),
    other: () => ({ plant_name: 'Buxus sempervirens 2L', has_labels: 'new' }),
    change: { has_labels: 'print' },
  },
  vehicles: {
    creator: 'office',
    changer: 'admin',
    body: () => ({ name: 'Big lorry', vehicleType: 'lorry', trolleyNumber: 24 }),
    other: () => ({ name: 'Small trailer', vehicleType: 'trailer', trolleyNumber: 3 }),
    change: { driver: 'Sam' },
  },
  rounds: {
    creator: 'office',
    changer: 'admin',
    body: () => ({ name: 'Cotswolds' }),
    other: () => ({ name: 'Tuesday north' }),
    change: { name: 'Cotswolds and Vale' },
  },
  customer_contacts: {
    creator: 'office',
    changer: 'admin',
    body: (customer) => ({ customer, email: 'jo@greenfields.test' }),
    other: (customer) => ({ customer, email: 'sam@greenfields.test' }),
    change: { statements: false },
  },
  customer_mail: 'written by the server as it sends customer mail (docs/decisions/077), never created through the records API',
  run_drops: 'recorded through its run (docs/decisions/042), never created through the records API',
  balance_replies: 'sent through the balance link (docs/decisions/078), never created through the records API',
};

describe('a resent create after a teammate changed the record answers it, in every collection that takes a chosen id', () => {
  let server: TestServer;
  let team: Team;
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer();
    team = await createTeam(server);
    customer = (await team.office.pb.collection('customers').create({ name: 'Resend customer' })).id;
    // Booked out first: the returns resent below never take it below zero (docs/decisions/065).
    await team.office.pb.collection('trolley_movements').create({ customer, kind: 'out', date: '2026-03-01', trolleys: 999 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('has a case for every such collection of the registry', () => {
    const accepting = ALL_COLLECTIONS.filter((collection) => collection.acceptsChosenId).map((collection) => collection.name);
    expect(Object.keys(RESENDS).sort()).toEqual([...accepting].sort());
  });

  it.each(Object.entries(RESENDS))('%s', async (name, resend) => {
    if (typeof resend === 'string') {
      const refused = await failure(team.office.pb.collection(name).create({ id: newId() }));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      return;
    }
    const id = newId();
    const records = (who: keyof Team) => team[who].pb.collection(name);
    const first = await records(resend.creator).create({ id, ...resend.body(customer) });
    expect(first.id).toBe(id);
    const changed = await records(resend.changer).update(id, resend.change);

    const again = await records(resend.creator).create({ id, ...resend.body(customer) });
    expect(again).toMatchObject({ id, created: first.created, updated: changed.updated, ...resend.change });

    const different = await failure(records(resend.creator).create({ id, ...resend.other(customer) }));
    expect(different.status).toBe(400);
    expect(different.response.message).toBe(ID_TAKEN_MESSAGE);
    expect(await records(resend.creator).getOne(id)).toMatchObject({ updated: changed.updated });
  });
});
