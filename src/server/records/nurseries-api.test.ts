import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, order, waitFor } from '../../../tests/support/realtime-client';
import { createAccount, failure, startTestServer, TEST_DELETE_PASSWORD, type TestServer } from '../../../tests/support/server';

// Nurseries through the official SDK (docs/decisions/036): sign-up makes a nursery with its first
// person as admin; the signed-in record carries nursery and role; clients never choose them;
// teammates see each other's names, never each other's addresses unless admin; admins set the
// nursery's name, headings and deletion password, which every member's delete then needs.

/** A nursery's row as stored. */
const nurseryRow = (server: TestServer, id: string) =>
  server.built.database.db.selectFrom('nurseries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

let counter = 0;
function newPerson(extra: Record<string, unknown> = {}) {
  const n = `${process.pid}n${++counter}n${Math.floor(Math.random() * 1e6)}`;
  return {
    username: `grower${n}`,
    email: `grower${n}@nursery.test`,
    password: 'potting-shed-7',
    passwordConfirm: 'potting-shed-7',
    termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
    ...extra,
  };
}

describe('signing up makes a nursery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('with the name given, its first person as admin; sign-in and refresh answer with nursery and role', async () => {
    const person = newPerson({ nurseryName: '  Hill Top Nurseries ', name: 'Sam Hill' });
    const created = await server.client().collection('users').create(person);
    expect(created).toMatchObject({ username: person.username, name: 'Sam Hill', role: 'admin', verified: false });
    expect(created.nursery).toMatch(/^[a-z0-9]{15}$/);
    const nursery = await nurseryRow(server, created.nursery);
    expect(nursery).toMatchObject({ name: 'Hill Top Nurseries' });

    // Verified by the mailed link, then signed in: the record the app keeps says where and what.
    await server.client().collection('users').requestVerification(person.email);
    const link = await server.waitForLink(person.email, '/auth/confirm-verification/');
    await server
      .client()
      .collection('users')
      .confirmVerification(link.split('/auth/confirm-verification/')[1] ?? '');
    const pb = server.client();
    const signedIn = await pb.collection('users').authWithPassword(person.username, person.password);
    expect(signedIn.record).toMatchObject({ id: created.id, nursery: created.nursery, role: 'admin', email: person.email });
    const refreshed = await pb.collection('users').authRefresh();
    expect(refreshed.record).toMatchObject({ nursery: created.nursery, role: 'admin' });
    await expect(pb.collection('nurseries').getOne(created.nursery)).resolves.toMatchObject({ name: 'Hill Top Nurseries', headings: {} });
  });

  it("without a nursery name, the spec's own call still works and names the nursery after the person", async () => {
    const person = newPerson();
    const created = await server.client().collection('users').create(person);
    const row = await nurseryRow(server, created.nursery);
    expect(row.name).toBe(`${person.username}'s nursery`);
    // Two sign-ups, two nurseries.
    const other = await server.client().collection('users').create(newPerson());
    expect(other.nursery).not.toBe(created.nursery);
  });

  it('refuses an invitation that is not valid, and makes nothing', async () => {
    const person = newPerson({ invite: 'not-an-invitation' });
    const refused = await failure(server.client().collection('users').create(person));
    expect(refused.status).toBe(400);
    expect(refused.response.data.invite).toMatchObject({ message: expect.stringMatching(/invitation link is not valid/) });
    expect(await server.built.users.findByUsername(person.username)).toBeUndefined();
  });

  it.each([
    ['nursery', 'abcdefghijklmno'],
    ['role', 'admin'],
    ['disabled', false],
    ['mustChangePassword', false],
  ])('never lets a client set %s, on sign-up or on its own account: 400 naming it', async (field, value) => {
    const refused = await failure(
      server
        .client()
        .collection('users')
        .create(newPerson({ [field]: value })),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.response.data)).toEqual([field]);
    const account = await createAccount(server);
    const other = field === 'nursery' ? 'abcdefghijklmno' : field === 'role' ? 'viewer' : true;
    const change = await failure(account.pb.collection('users').update(account.id, { [field]: other }));
    expect(change.status).toBe(400);
    expect(Object.keys(change.response.data)).toEqual([field]);
    await expect(account.pb.collection('users').getOne(account.id)).resolves.toMatchObject({ nursery: account.nursery, role: 'admin' });
  });

  it('keeps usernames unique across every nursery', async () => {
    const first = newPerson();
    await server.client().collection('users').create(first);
    const again = await failure(
      server
        .client()
        .collection('users')
        .create(newPerson({ username: first.username.toUpperCase() })),
    );
    expect(again.response.data.username).toMatchObject({ message: 'This username is already taken.' });
  });
});

describe("a nursery's people", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("see each other's username and name; only admins their e-mail addresses; other nurseries' people not at all", async () => {
    const admin = await createAccount(server);
    const office = await createAccount(server, { nursery: admin.nursery, role: 'office' });
    const viewer = await createAccount(server, { nursery: admin.nursery, role: 'viewer' });
    const stranger = await createAccount(server);
    await office.pb.collection('users').update(office.id, { name: 'Olive Office' });

    const byAdmin = await admin.pb.collection('users').getFullList({ sort: 'created' });
    expect(byAdmin.map((u) => [u.username, u.email])).toEqual([
      [admin.username, admin.email],
      [office.username, office.email],
      [viewer.username, viewer.email],
    ]);
    const byViewer = await viewer.pb.collection('users').getFullList({ sort: 'created' });
    expect(byViewer.map((u) => [u.username, u.name, u.email])).toEqual([
      [admin.username, '', undefined],
      [office.username, 'Olive Office', undefined],
      [viewer.username, '', viewer.email],
    ]);
    await expect(viewer.pb.collection('users').getOne(office.id)).resolves.not.toHaveProperty('email');
    // No filter or sort reveals an address: the field cannot be named.
    const probe = await failure(viewer.pb.collection('users').getList(1, 5, { filter: `email ~ "${office.email.slice(0, 4)}"` }));
    expect(probe.status).toBe(400);
    // Another nursery's people are not there at all.
    expect((await stranger.pb.collection('users').getFullList()).map((u) => u.id)).toEqual([stranger.id]);
    expect((await failure(stranger.pb.collection('users').getOne(office.id))).status).toBe(404);
    // And nobody changes a teammate's account here.
    expect((await failure(admin.pb.collection('users').update(office.id, { name: 'Renamed' }))).status).toBe(404);
  });
});

describe("a nursery's settings", () => {
  let server: TestServer;
  beforeAll(async () => {
    // No DELETE_PASSWORD: each nursery gets a generated one when it is made (docs/decisions/036).
    server = await startTestServer({ deletePassword: null });
  });
  afterAll(async () => {
    await server.close();
  });

  it("admins change the name, headings and deletion password; other roles are told why not; another nursery's is not found", async () => {
    const admin = await createAccount(server);
    const office = await createAccount(server, { nursery: admin.nursery, role: 'office' });
    const stranger = await createAccount(server);
    const nurseries = admin.pb.collection('nurseries');
    const saved = await nurseries.update(admin.nursery, { name: 'Willow Nurseries', headings: { monday_heading: 'North Wales' } });
    expect(saved).toMatchObject({ name: 'Willow Nurseries', headings: { monday_heading: 'North Wales' } });
    await expect(office.pb.collection('nurseries').getOne(admin.nursery)).resolves.toMatchObject({ name: 'Willow Nurseries' });
    const refused = await failure(office.pb.collection('nurseries').update(admin.nursery, { name: 'Mine now' }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Only an admin of the nursery can change its settings.');
    expect((await failure(stranger.pb.collection('nurseries').update(admin.nursery, { name: 'Mine now' }))).status).toBe(404);
    expect((await failure(stranger.pb.collection('nurseries').getOne(admin.nursery))).status).toBe(404);
    expect((await stranger.pb.collection('nurseries').getFullList()).map((n) => n.id)).toEqual([stranger.nursery]);
    const bad = await failure(nurseries.update(admin.nursery, { headings: { holiday_heading: 'x' } }));
    expect(bad.response.data).toHaveProperty('headings');
    expect((await failure(nurseries.delete(admin.nursery))).status).toBe(403);
    expect((await failure(nurseries.create({ name: 'Another' }))).status).toBe(403);
  });

  it('shows its generated deletion password to its admins only; deletes need it, then the one an admin chooses', async () => {
    const admin = await createAccount(server);
    const office = await createAccount(server, { nursery: admin.nursery, role: 'office' });
    const generated = String((await admin.pb.collection('nurseries').getOne(admin.nursery)).generatedDeletePassword);
    expect(generated).toMatch(/^[a-z]+-[a-z]+-[a-z]+-[a-z]+-\d{3}$/);
    const asOffice = await office.pb.collection('nurseries').getOne(admin.nursery);
    expect(asOffice).not.toHaveProperty('generatedDeletePassword');
    expect(JSON.stringify(asOffice)).not.toContain(generated);
    // Another nursery's generated password deletes nothing here.
    const stranger = await createAccount(server);
    const theirs = String((await stranger.pb.collection('nurseries').getOne(stranger.nursery)).generatedDeletePassword);
    expect(theirs).not.toBe(generated);

    const doomed = await office.pb.collection('tasks').create(order('Deleted with the generated password'));
    const wrong = await failure(office.pb.collection('tasks').delete(doomed.id, { headers: { 'X-Confirm-Password': theirs } }));
    expect(wrong.message).toBe('Incorrect password.');
    await office.pb.collection('tasks').delete(doomed.id, { headers: { 'X-Confirm-Password': ` ${generated.toUpperCase()} ` } });

    const chosen = await admin.pb.collection('nurseries').update(admin.nursery, { deletePassword: 'Prune the Roses' });
    expect(chosen).not.toHaveProperty('deletePassword');
    expect(chosen.generatedDeletePassword).toBe('');
    const next = await office.pb.collection('tasks').create(order('Deleted with the chosen password'));
    expect((await failure(office.pb.collection('tasks').delete(next.id, { headers: { 'X-Confirm-Password': generated } }))).status).toBe(
      403,
    );
    await office.pb.collection('tasks').delete(next.id, { headers: { 'X-Confirm-Password': 'prune the roses' } });
    const tooShort = await failure(admin.pb.collection('nurseries').update(admin.nursery, { deletePassword: 'abc' }));
    expect(tooShort.response.data.deletePassword).toMatchObject({ message: expect.stringMatching(/6 to 72 characters/) });
  });

  it('reaches open boards live: a change of headings is an event to its members, never to another nursery', async () => {
    const admin = await createAccount(server);
    const member = await createAccount(server, { nursery: admin.nursery, role: 'staff' });
    const stranger = await createAccount(server);
    const mine = await listen(member.pb, 'nurseries', admin.nursery);
    const theirs = await listen(stranger.pb, 'nurseries', '*');
    const guess = await listen(stranger.pb, 'nurseries', admin.nursery);
    await admin.pb.collection('nurseries').update(admin.nursery, { headings: { tuesday_heading: 'Chester' } });
    const event = await waitFor(() => mine.events.find((e) => e.action === 'update'), 'the headings event');
    expect(event.record).toMatchObject({ id: admin.nursery, headings: { tuesday_heading: 'Chester' } });
    expect(event.record).not.toHaveProperty('generatedDeletePassword');
    // The stranger's own nursery changes after it: once that arrives, nothing of the other came first.
    await stranger.pb.collection('nurseries').update(stranger.nursery, { name: 'Elsewhere' });
    await waitFor(() => theirs.events.find((e) => e.record.id === stranger.nursery), "the stranger's own event");
    expect(theirs.events.map((e) => e.record.id)).toEqual([stranger.nursery]);
    expect(guess.events).toEqual([]);
    for (const account of [member, stranger]) await account.pb.realtime.unsubscribe();
  });
});

describe('records of a nursery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('belong to the nursery of whoever makes them; a body naming another is refused, its own is fine', async () => {
    const staff = await createAccount(server);
    const stranger = await createAccount(server);
    const made = await staff.pb.collection('tasks').create(order('Ours'));
    expect(made.nursery).toBe(staff.nursery);
    await expect(staff.pb.collection('tasks').create({ ...order('Named'), nursery: staff.nursery })).resolves.toMatchObject({
      nursery: staff.nursery,
    });
    for (const collection of ['tasks', 'trolley_exports', 'user_settings'] as const) {
      const body =
        collection === 'tasks'
          ? order('Theirs')
          : collection === 'user_settings'
            ? { settings_json: {} }
            : { name: 'Run', data: [], vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-03-02', vehicleType: 'lorry' } };
      const refused = await failure(staff.pb.collection(collection).create({ ...body, nursery: stranger.nursery }));
      expect(refused.status).toBe(400);
      expect(refused.response.data.nursery).toMatchObject({
        message: 'Records belong to your own nursery; another nursery cannot be named here.',
      });
    }
    const moved = await failure(staff.pb.collection('tasks').update(made.id, { nursery: stranger.nursery }));
    expect(moved.status).toBe(400);
    await expect(staff.pb.collection('tasks').getOne(made.id)).resolves.toMatchObject({ nursery: staff.nursery });
    expect((await failure(stranger.pb.collection('tasks').getOne(made.id))).status).toBe(404);
  });

  it("a deletion with the server's DELETE_PASSWORD works for a nursery without its own", async () => {
    const office = await createAccount(server);
    const row = await nurseryRow(server, office.nursery);
    expect(row).toMatchObject({ deletePasswordHash: '', generatedDeletePassword: '' });
    const doomed = await office.pb.collection('tasks').create(order('Deleted with the operator password'));
    await expect(
      office.pb.collection('tasks').delete(doomed.id, { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } }),
    ).resolves.toBe(true);
  });
});
