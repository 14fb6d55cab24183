import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '#domain/accounts/invitations';
import type { UserRecord } from '#domain/records';
import { openStream, order, postSubscriptions, waitFor } from '../../../tests/support/realtime-client';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The Team page's operations through the server (docs/decisions/035): admins of a nursery, and
// only of their own, list their people, make yard accounts, change roles, give temporary
// passwords, disable and remove; the last admin stays. Driven with the official SDK, as the web
// app does (`pb.send` for the team's own routes).

const NEW_PASSWORD = 'yard-screen-2026';

function send<T>(pb: PocketBase, path: string, method: string, body?: unknown): Promise<T> {
  return pb.send<T>(path, { method, ...(body === undefined ? {} : { body }) });
}

describe('the Team page through the server', () => {
  let server: TestServer;
  let admin: TestAccount;
  let staff: TestAccount;
  let viewer: TestAccount;
  let otherAdmin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAccount(server);
    [staff, viewer, otherAdmin] = await Promise.all([
      createAccount(server, { nursery: admin.nursery, role: 'staff' }),
      createAccount(server, { nursery: admin.nursery, role: 'viewer' }),
      createAccount(server),
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists everyone in the nursery with role and sign-in; e-mail addresses and last sign-ins to admins only', async () => {
    const seen = await admin.pb.collection('users').getFullList<UserRecord>({ sort: 'username' });
    expect(seen.map((u) => u.id).sort()).toEqual([admin.id, staff.id, viewer.id].sort());
    const staffSeenByAdmin = seen.find((u) => u.id === staff.id);
    expect(staffSeenByAdmin).toMatchObject({ role: 'staff', email: staff.email, verified: true, disabled: false });
    // Signed in once (createAccount does): the admin sees when.
    expect(staffSeenByAdmin?.lastSignIn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const seenByStaff = await staff.pb.collection('users').getFullList<UserRecord>();
    const adminSeenByStaff = seenByStaff.find((u) => u.id === admin.id);
    expect(adminSeenByStaff).toMatchObject({ username: admin.username, role: 'admin' });
    expect(adminSeenByStaff).not.toHaveProperty('email');
    expect(adminSeenByStaff).not.toHaveProperty('lastSignIn');
    // Their own record shows them everything of theirs.
    expect(seenByStaff.find((u) => u.id === staff.id)).toMatchObject({ email: staff.email, lastSignIn: expect.any(String) });

    // Another nursery sees none of them.
    const others = await otherAdmin.pb.collection('users').getFullList<UserRecord>();
    expect(others.map((u) => u.id)).toEqual([otherAdmin.id]);
  });

  it('makes yard accounts: username and password, no e-mail, verified, in the nursery; several of them', async () => {
    const first = await send<UserRecord>(admin.pb, TEAM_API.yardAccounts, 'POST', {
      username: `yard${process.pid}a`,
      name: 'Dispatch screen',
      role: 'viewer',
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(first).toMatchObject({ username: `yard${process.pid}a`, name: 'Dispatch screen', email: '', verified: true, role: 'viewer' });
    expect(first.nursery).toBe(admin.nursery);
    // Two accounts without an address: the unique rule holds for addresses only.
    const second = await send<UserRecord>(admin.pb, TEAM_API.yardAccounts, 'POST', {
      username: `yard${process.pid}b`,
      role: 'staff',
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(second.email).toBe('');
    const yard = server.client();
    const signedIn = await yard.collection('users').authWithPassword(`yard${process.pid}a`, NEW_PASSWORD);
    expect(signedIn.record).toMatchObject({ id: first.id, verified: true, role: 'viewer' });

    const taken = await failure(
      send(admin.pb, TEAM_API.yardAccounts, 'POST', {
        username: staff.username,
        role: 'viewer',
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      }),
    );
    expect(taken.status).toBe(400);
    expect(taken.response.data).toMatchObject({ username: { code: 'validation_not_unique' } });
    const badRole = await failure(
      send(admin.pb, TEAM_API.yardAccounts, 'POST', {
        username: `yard${process.pid}c`,
        role: 'owner',
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      }),
    );
    expect(badRole.response.data).toMatchObject({ role: { message: expect.stringMatching(/roles/) } });
  });

  it('refuses every team operation to anyone but an admin of the nursery, with a sentence', async () => {
    const body = { username: `nope${process.pid}`, role: 'viewer', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD };
    for (const caller of [staff, viewer]) {
      for (const attempt of [
        () => send(caller.pb, TEAM_API.yardAccounts, 'POST', body),
        () => send(caller.pb, TEAM_API.member(viewer.id), 'PATCH', { role: 'admin' }),
        () => send(caller.pb, TEAM_API.temporaryPassword(admin.id), 'POST', { password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }),
        () => send(caller.pb, TEAM_API.member(admin.id), 'DELETE'),
      ]) {
        const refused = await failure(attempt());
        expect(refused.status).toBe(403);
        expect(refused.message).toBe('Only admins of your nursery can manage its people.');
      }
    }
    const visitor = await failure(send(server.client(), TEAM_API.member(viewer.id), 'PATCH', { role: 'admin' }));
    expect(visitor.status).toBe(401);
    // Another nursery's admin: our people are nobody there.
    for (const attempt of [
      () => send(otherAdmin.pb, TEAM_API.member(staff.id), 'PATCH', { role: 'viewer' }),
      () => send(otherAdmin.pb, TEAM_API.temporaryPassword(staff.id), 'POST', { password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }),
      () => send(otherAdmin.pb, TEAM_API.member(staff.id), 'DELETE'),
    ])
      expect((await failure(attempt())).status).toBe(404);
    expect((await admin.pb.collection('users').getOne<UserRecord>(staff.id)).role).toBe('staff');
  });

  it('changes a role; the new role counts at once', async () => {
    const person = await createAccount(server, { nursery: admin.nursery, role: 'viewer' });
    const refused = await failure(person.pb.collection('tasks').create(order('Viewer tries')));
    expect(refused.status).toBe(403);
    const changed = await send<UserRecord>(admin.pb, TEAM_API.member(person.id), 'PATCH', { role: 'staff' });
    expect(changed.role).toBe('staff');
    const made = await person.pb.collection('tasks').create(order('Now staff'));
    expect(made.nursery).toBe(admin.nursery);
    const bad = await failure(send(admin.pb, TEAM_API.member(person.id), 'PATCH', { role: 'owner' }));
    expect(bad.status).toBe(400);
    const both = await failure(send(admin.pb, TEAM_API.member(person.id), 'PATCH', { role: 'staff', disabled: true }));
    expect(both.status).toBe(400);
  });

  it('never leaves a nursery without an admin: the last one cannot be demoted, disabled or removed', async () => {
    const solo = await createAccount(server);
    const helper = await createAccount(server, { nursery: solo.nursery, role: 'office' });
    for (const [method, body, what] of [
      ['PATCH', { role: 'office' }, /changing their role/],
      ['PATCH', { disabled: true }, /disabling them/],
      ['DELETE', undefined, /removing them/],
    ] as const) {
      const refused = await failure(send(solo.pb, TEAM_API.member(solo.id), method, body));
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/only admin/);
      expect(refused.message).toMatch(what);
    }
    expect((await solo.pb.collection('users').getOne<UserRecord>(solo.id)).role).toBe('admin');
    // With a second admin, the first may step down.
    await send(solo.pb, TEAM_API.member(helper.id), 'PATCH', { role: 'admin' });
    expect((await send<UserRecord>(solo.pb, TEAM_API.member(solo.id), 'PATCH', { role: 'office' })).role).toBe('office');
  });

  it('two admins demoting each other at the same moment: one of them stays admin', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server, { nursery: first.nursery, role: 'admin' });
    const outcomes = await Promise.allSettled([
      send(first.pb, TEAM_API.member(second.id), 'PATCH', { role: 'staff' }),
      send(second.pb, TEAM_API.member(first.id), 'PATCH', { role: 'staff' }),
    ]);
    const members = await first.pb
      .collection('users')
      .getFullList<UserRecord>()
      .catch(() => second.pb.collection('users').getFullList<UserRecord>());
    expect(members.filter((m) => m.role === 'admin')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeLessThanOrEqual(1);
  });

  it('disables: sign-in refused with a sentence, sessions end, live streams end within seconds; enabling lets them back', async () => {
    const person = await createAccount(server, { nursery: admin.nursery, role: 'staff' });
    const stream = await openStream(server.url);
    const subscribed = await postSubscriptions(
      server.url,
      { clientId: stream.clientId, subscriptions: ['tasks/*'] },
      person.pb.authStore.token,
    );
    expect(subscribed.status).toBe(204);

    const disabled = await send<UserRecord>(admin.pb, TEAM_API.member(person.id), 'PATCH', { disabled: true });
    expect(disabled.disabled).toBe(true);
    await waitFor(() => (stream.ended() ? true : undefined), 'the disabled person’s stream ends', 10_000);
    const stale = await failure(person.pb.collection('tasks').getList(1, 1));
    expect(stale.status).toBe(401);
    const signIn = await failure(server.client().collection('users').authWithPassword(person.username, person.password));
    expect(signIn.status).toBe(403);
    expect(signIn.message).toBe('This account has been disabled by an admin of your nursery. Ask them if you need it again.');
    await stream.close();

    await send(admin.pb, TEAM_API.member(person.id), 'PATCH', { disabled: false });
    const back = await server.client().collection('users').authWithPassword(person.username, person.password);
    expect(back.record.disabled).toBe(false);
  });

  it('gives a temporary password: sessions end, it signs in, and writes wait until the person chose their own', async () => {
    const person = await createAccount(server, { nursery: admin.nursery, role: 'staff' });
    const temporary = 'temporary-fern-11';
    const answer = await send<UserRecord>(admin.pb, TEAM_API.temporaryPassword(person.id), 'POST', {
      password: temporary,
      passwordConfirm: temporary,
    });
    expect(answer.mustChangePassword).toBe(true);
    expect((await failure(person.pb.collection('tasks').getList(1, 1))).status).toBe(401);

    const pb = server.client();
    const signedIn = await pb.collection('users').authWithPassword(person.username, temporary);
    expect(signedIn.record.mustChangePassword).toBe(true);
    const refused = await failure(pb.collection('tasks').create(order('Before choosing')));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Choose your own password first: an admin gave you a temporary one.');

    const same = await failure(
      pb.collection('users').update(person.id, { oldPassword: temporary, password: temporary, passwordConfirm: temporary }),
    );
    expect(same.response.data).toMatchObject({ password: { message: expect.stringMatching(/temporary/) } });
    const chosen = 'my-own-hedge-77';
    const updated = await pb
      .collection('users')
      .update<UserRecord>(person.id, { oldPassword: temporary, password: chosen, passwordConfirm: chosen });
    expect(updated.mustChangePassword).toBe(false);
    await pb.collection('users').authWithPassword(person.username, chosen);
    expect((await pb.collection('tasks').create(order('After choosing'))).title).toBe('After choosing');
  });

  it('removes people: a yard account is deleted, an account with an address leaves the nursery signed out', async () => {
    const yard = await send<UserRecord>(admin.pb, TEAM_API.yardAccounts, 'POST', {
      username: `gone${process.pid}`,
      role: 'viewer',
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    await send(admin.pb, TEAM_API.member(yard.id), 'DELETE');
    expect((await failure(server.client().collection('users').authWithPassword(`gone${process.pid}`, NEW_PASSWORD))).status).toBe(400);

    const person = await createAccount(server, { nursery: admin.nursery, role: 'office' });
    await send(admin.pb, TEAM_API.member(person.id), 'DELETE');
    expect((await failure(person.pb.collection('tasks').getList(1, 1))).status).toBe(401);
    const again = await server.client().collection('users').authWithPassword(person.username, person.password);
    expect(again.record).toMatchObject({ nursery: '', role: 'viewer' });
    const ids = (await admin.pb.collection('users').getFullList<UserRecord>()).map((u) => u.id);
    expect(ids).not.toContain(person.id);
    expect(ids).not.toContain(yard.id);
  });
});
