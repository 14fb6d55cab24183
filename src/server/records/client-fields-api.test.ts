import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// Honest refusals (docs/decisions/018), through the SDK: a body naming a field the client may not
// set is refused with 400 naming it, in every collection and at sign-up, and nothing is saved. A
// record sent back with its current values, as SDK code often does, is still accepted.

let server: TestServer;
let staff: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  staff = await createAccount(server);
});

afterAll(async () => {
  await server.close();
});

/** Fields clients have sent that no collection lets them set: server-kept columns, and the original app's own. */
const NOT_SETTABLE: Array<[string, unknown]> = [
  ['id', 'abcdefghij12345'],
  ['created', '2020-01-01 00:00:00.000Z'],
  ['updated', '2020-01-01 00:00:00.000Z'],
  ['verified', true],
  ['tokenKey', 'chosen-token-key'],
  ['passwordHash', '$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA'],
  ['deleted', true],
  ['created_by', 'abcdefghij12345'],
  ['org', 'other-nursery'],
  ['dispatch_status', 'dispatched'],
];
/** A create may choose its id, as PocketBase allows (docs/decisions/047: chosen-id-api.test.ts). */
const NOT_SETTABLE_ON_CREATE = NOT_SETTABLE.filter(([field]) => field !== 'id');

const order = () => ({ title: `Greenfields ${Math.random().toString(36).slice(2, 7)}`, day: 'monday', weekNumber: 12, year: FUTURE_YEAR });
const run = () => ({
  name: `Run ${Math.random().toString(36).slice(2, 7)}`,
  data: [],
  vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 4, grid: [] },
});

function expectRefused(error: { status: number; message: string; response: Record<string, unknown> }, field: string): void {
  expect(error.status).toBe(400);
  expect(error.message).toBe(`Nothing was saved: the field ${field} cannot be set here.`);
  expect(error.response.data).toEqual({
    [field]: { code: expect.stringMatching(/^validation_(forbidden|unknown_field)$/), message: expect.stringMatching(/\S/) },
  });
}

describe.each([
  ['tasks', order],
  ['trolley_exports', run],
] as const)('%s', (collection, body) => {
  it.each(NOT_SETTABLE_ON_CREATE)('refuses %s on create and stores nothing', async (field, value) => {
    const sent = body();
    const error = await failure(staff.pb.collection(collection).create({ ...sent, [field]: value }));
    expectRefused(error, field);
    const key = collection === 'tasks' ? 'title' : 'name';
    const name = (sent as Record<string, unknown>)[key] as string;
    const stored = await staff.pb.collection(collection).getList(1, 1, { filter: staff.pb.filter(`${key} = {:name}`, { name }) });
    expect(stored.totalItems).toBe(0);
  });

  it.each(NOT_SETTABLE)('refuses a change of %s and changes nothing', async (field, value) => {
    const record = await staff.pb.collection(collection).create(body());
    const error = await failure(staff.pb.collection(collection).update(record.id, { [field]: value }));
    expectRefused(error, field);
    expect(await staff.pb.collection(collection).getOne(record.id)).toEqual(record);
  });

  it('accepts a record sent back whole with one change; its read-only fields repeat their values', async () => {
    const record = await staff.pb.collection(collection).create(body());
    const change = collection === 'tasks' ? { title: `${String(record.title)} Ltd` } : { name: `${String(record.name)} B` };
    const saved = await staff.pb.collection(collection).update(record.id, { ...record, ...change, expand: {} });
    expect(saved).toMatchObject({ ...change, id: record.id, created: record.created });
    expect(saved.updated).not.toBe(record.updated);
    // The same record with another `created` is no echo.
    const error = await failure(staff.pb.collection(collection).update(record.id, { ...saved, created: '2020-01-01 00:00:00.000Z' }));
    expectRefused(error, 'created');
    expect(error.response.data.created.code).toBe('validation_forbidden');
  });
});

describe('user_settings', () => {
  let owner: TestAccount;
  let settings: RecordModel;
  beforeAll(async () => {
    owner = await createAccount(server);
  });

  it.each(NOT_SETTABLE_ON_CREATE)('refuses %s on create and stores nothing', async (field, value) => {
    const error = await failure(owner.pb.collection('user_settings').create({ settings_json: {}, [field]: value }));
    expectRefused(error, field);
    expect((await owner.pb.collection('user_settings').getList(1, 1)).totalItems).toBe(0);
  });

  it.each(NOT_SETTABLE)('refuses a change of %s and changes nothing', async (field, value) => {
    settings ??= await owner.pb.collection('user_settings').create({ user: owner.id, settings_json: { monday_heading: 'Kent' } });
    const error = await failure(owner.pb.collection('user_settings').update(settings.id, { [field]: value }));
    expectRefused(error, field);
    expect(await owner.pb.collection('user_settings').getOne(settings.id)).toEqual(settings);
  });

  it('accepts its own record sent back with new headings', async () => {
    settings ??= await owner.pb.collection('user_settings').create({ user: owner.id, settings_json: { monday_heading: 'Kent' } });
    const saved = await owner.pb
      .collection('user_settings')
      .update(settings.id, { ...settings, settings_json: { monday_heading: 'Essex' } });
    expect(saved.settings_json).toEqual({ monday_heading: 'Essex' });
  });
});

describe('users', () => {
  const ACCOUNT_FIELDS = NOT_SETTABLE.filter(([field]) => field !== 'verified');

  it.each(ACCOUNT_FIELDS)('refuses a change of %s to one’s own account and changes nothing', async (field, value) => {
    const account = await createAccount(server);
    const before = await account.pb.collection('users').getOne(account.id);
    const error = await failure(account.pb.collection('users').update(account.id, { [field]: value }));
    expectRefused(error, field);
    expect(await account.pb.collection('users').getOne(account.id)).toEqual(before);
    await expect(server.client().collection('users').authWithPassword(account.username, account.password)).resolves.toBeTruthy();
  });

  it('refuses verified: true from an unverified account, saying how an address is verified', async () => {
    const account = await createAccount(server, { verified: false });
    const error = await failure(account.pb.collection('users').update(account.id, { verified: true }));
    expectRefused(error, 'verified');
    expect(error.response.data.verified).toEqual({
      code: 'validation_forbidden',
      message: 'Your email is verified through the link we send you.',
    });
    expect(await account.pb.collection('users').getOne(account.id)).toMatchObject({ verified: false });
  });

  it('refuses a new e-mail address, and names every refused field at once', async () => {
    const account = await createAccount(server);
    const error = await failure(account.pb.collection('users').update(account.id, { email: 'new@nursery.test', deleted: true, org: 'x' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Nothing was saved: the fields email, deleted and org cannot be set here.');
    expect(error.response.data.email).toEqual({
      code: 'validation_forbidden',
      message: 'Your email address cannot be changed here. Please contact support.',
    });
    expect(Object.keys(error.response.data)).toEqual(['email', 'deleted', 'org']);
  });

  it('accepts its own record sent back whole with a change', async () => {
    const account = await createAccount(server);
    const record = await account.pb.collection('users').getOne(account.id);
    const saved = await account.pb.collection('users').update(account.id, { ...record, emailVisibility: true });
    expect(saved).toMatchObject({ id: account.id, email: account.email, verified: true, emailVisibility: true });
  });
});

describe('sign-up', () => {
  const SIGN_UP_FIELDS: Array<[string, unknown]> = [...NOT_SETTABLE, ['oldPassword', 'anything-at-all'], ['collectionName', 'users']];
  const person = () => {
    const name = `grower${Math.random().toString(36).slice(2, 9)}`;
    return {
      username: name,
      email: `${name}@nursery.test`,
      password: 'potting-shed-7',
      passwordConfirm: 'potting-shed-7',
      termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
    };
  };

  it.each(SIGN_UP_FIELDS)('refuses %s and makes no account', async (field, value) => {
    const body = person();
    const error = await failure(
      server
        .client()
        .collection('users')
        .create({ ...body, [field]: value }),
    );
    expectRefused(error, field);
    expect(await server.built.users.findByUsername(body.username)).toBeUndefined();
  });

  it('keeps emailVisibility, which a new account may choose', async () => {
    const pb: PocketBase = server.client();
    const body = person();
    await expect(pb.collection('users').create({ ...body, emailVisibility: true })).resolves.toMatchObject({ emailVisibility: true });
  });
});
