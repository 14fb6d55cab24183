import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEAM_API, type InvitationPreview } from '#domain/accounts/invitations';
import type { UserRecord } from '#domain/records';
import { parseMail, type ParsedMail } from '../../../tests/support/mail';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../../tests/support/smtp';

// Invitations end to end through the server (docs/decisions/035): an admin invites by e-mail, the
// mail goes over real SMTP (a loopback server here) with a link that works once for seven days,
// and the invitee signs up with `invite` = its token (the spec's users create) or, signed in
// already, accepts. Used, expired, withdrawn and made-up tokens are refused with a sentence.

const PASSWORD = 'glasshouse-21';
const terms = () => ({ agreed: true, version: 'v1.0', timestamp: new Date().toISOString() });
const APP_URL = 'https://board.nursery.test';

let counter = 0;
const address = (name: string) => `${name}${process.pid}${++counter}@nursery.test`;
const uniqueName = (name: string) => `${name}${process.pid}${++counter}`;

describe('invitations by e-mail over SMTP', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let admin: TestAccount;
  let staff: TestAccount;
  let clock = new Date();

  /** The invitation link mailed to `to` (waits for the mail, as a person checks their inbox). */
  async function linkFor(to: string): Promise<{ token: string; mail: ParsedMail }> {
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received
          .filter((m) => m.to.includes(to))
          .map((m) => parseMail(m.raw))
          .pop();
        if (!found) throw new Error(`no mail to ${to} yet`);
        return found;
      },
      { timeout: 10_000 },
    );
    const link = mail.links.find((l) => l.startsWith(`${APP_URL}/invite/`)) ?? '';
    return { token: link.slice(`${APP_URL}/invite/`.length), mail };
  }

  async function invite(pb: PocketBase, email: string, role = 'staff'): Promise<{ id: string; token: string; mail: ParsedMail }> {
    const record = await pb.collection('invitations').create({ email, role });
    return { id: record.id, ...(await linkFor(email.toLowerCase())) };
  }

  const signUp = (email: string, invite: string, username = uniqueName('invitee')) =>
    server.client().collection('users').create<UserRecord>({
      email,
      username,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      termsAgreement: terms(),
      invite,
    });

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL }, { now: () => clock });
    admin = await createAccount(server);
    staff = await createAccount(server, { nursery: admin.nursery, role: 'staff' });
    await admin.pb.collection('nurseries').update(admin.nursery, { name: 'Greenfields Nursery' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails a link naming the nursery; the invitee signs up with it and joins with the role, verified by the link', async () => {
    const email = address('colleague');
    const { token, mail } = await invite(admin.pb, email, 'office');
    expect(mail.subject).toContain('Greenfields Nursery');
    expect(mail.text).toMatch(/as Office/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const preview = await server.client().send<InvitationPreview>(TEAM_API.invitation(token), { method: 'GET' });
    expect(preview).toMatchObject({ nurseryName: 'Greenfields Nursery', email, role: 'office', invitedBy: admin.username });

    const created = await signUp(email, token);
    expect(created).toMatchObject({ nursery: admin.nursery, role: 'office', verified: true });
    const pb = server.client();
    await pb.collection('users').authWithPassword(email, PASSWORD);
    // A member at once: the nursery's settings and its people are theirs to see.
    expect((await pb.collection('nurseries').getOne(admin.nursery)).name).toBe('Greenfields Nursery');
    expect((await admin.pb.collection('users').getFullList<UserRecord>()).map((u) => u.id)).toContain(created.id);

    const invitations = await admin.pb.collection('invitations').getFullList();
    const used = invitations.find((i) => i.email === email);
    expect(used).toMatchObject({ usedBy: created.id, used: expect.stringMatching(/Z$/), revoked: false });
    expect(used).not.toHaveProperty('tokenHash');
  });

  it('refuses a link used once, with a sentence; nothing is made', async () => {
    const email = address('twice');
    const { token } = await invite(admin.pb, email);
    await signUp(email, token);
    const again = await failure(signUp(address('thief'), token));
    expect(again.status).toBe(400);
    expect(again.response.data).toMatchObject({ invite: { message: expect.stringMatching(/already been used/) } });
    const preview = await failure(server.client().send(TEAM_API.invitation(token), { method: 'GET' }));
    expect(preview.message).toMatch(/already been used/);
  });

  it('refuses an expired link (seven days), a withdrawn one and a made-up one, each with its sentence', async () => {
    const late = await invite(admin.pb, address('late'));
    const withdrawn = await invite(admin.pb, address('withdrawn'));
    await admin.pb.collection('invitations').update(withdrawn.id, { revoked: true });
    const back = await failure(admin.pb.collection('invitations').update(withdrawn.id, { revoked: false }));
    expect(back.response.data).toMatchObject({ revoked: { message: expect.stringMatching(/stays withdrawn/) } });

    const opened = await server.client().send<InvitationPreview>(TEAM_API.invitation(late.token), { method: 'GET' });
    expect(opened.email).toMatch(/^late/);
    clock = new Date(clock.getTime() + 7 * 24 * 3600 * 1000);
    try {
      for (const [token, sentence] of [
        [late.token, /expired/],
        [withdrawn.token, /withdrawn by an admin/],
        ['made-up-token', /not valid/],
      ] as const) {
        const preview = await failure(server.client().send(TEAM_API.invitation(token), { method: 'GET' }));
        expect(preview.status).toBe(400);
        expect(preview.message).toMatch(sentence);
        const refused = await failure(signUp(address('nobody'), token));
        expect(refused.response.data).toMatchObject({ invite: { message: expect.stringMatching(sentence) } });
      }
    } finally {
      clock = new Date(clock.getTime() - 7 * 24 * 3600 * 1000);
    }
  });

  it('lets someone signed in accept: their account moves to the nursery with the role', async () => {
    const elsewhere = await createAccount(server);
    const { token } = await invite(admin.pb, elsewhere.email, 'viewer');
    const answer = await elsewhere.pb.send<{ record: UserRecord }>(TEAM_API.acceptInvitation(token), { method: 'POST' });
    expect(answer.record).toMatchObject({ id: elsewhere.id, nursery: admin.nursery, role: 'viewer' });
    await elsewhere.pb.collection('users').authRefresh();
    expect((await elsewhere.pb.collection('nurseries').getFullList()).map((n) => n.id)).toEqual([admin.nursery]);
    const twice = await failure(elsewhere.pb.send(TEAM_API.acceptInvitation(token), { method: 'POST' }));
    expect(twice.status).toBe(400);
  });

  it('refuses to let the only admin of a nursery with people in it walk away by accepting', async () => {
    const owner = await createAccount(server);
    await createAccount(server, { nursery: owner.nursery, role: 'staff' });
    const { token } = await invite(admin.pb, owner.email);
    const refused = await failure(owner.pb.send(TEAM_API.acceptInvitation(token), { method: 'POST' }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/only admin of your nursery/);
    // The invitation still works once they have handed over.
    expect((await server.client().send<InvitationPreview>(TEAM_API.invitation(token), { method: 'GET' })).email).toBe(owner.email);
  });

  it('verifies by mail someone who signs up at another address than the one invited', async () => {
    const { token } = await invite(admin.pb, address('invited'));
    const other = address('personal');
    const created = await signUp(other, token);
    expect(created).toMatchObject({ nursery: admin.nursery, verified: false });
  });

  it('lets only admins see and send invitations, and only their own nursery’s', async () => {
    const refused = await failure(staff.pb.collection('invitations').create({ email: address('x'), role: 'staff' }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Only admins of your nursery can see and send its invitations.');
    expect((await failure(staff.pb.collection('invitations').getFullList())).status).toBe(403);
    const other = await createAccount(server);
    expect(await other.pb.collection('invitations').getFullList()).toEqual([]);
    const already = await failure(admin.pb.collection('invitations').create({ email: staff.email, role: 'viewer' }));
    expect(already.response.data).toMatchObject({ email: { message: 'This person is already in your nursery.' } });
    const badRole = await failure(admin.pb.collection('invitations').create({ email: address('y'), role: 'owner' }));
    expect(badRole.status).toBe(400);
  });
});

describe('SIGNUP=invite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ signup: 'invite' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a sign-up without an invitation with a sentence, says so in app-config, and takes one with an invitation', async () => {
    const config = await server.client().send<{ signup: string }>('/api/app-config', { method: 'GET' });
    expect(config.signup).toBe('invite');
    const refused = await failure(
      server
        .client()
        .collection('users')
        .create({
          email: `closed${process.pid}@nursery.test`,
          username: `closed${process.pid}`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          termsAgreement: terms(),
          nurseryName: 'Uninvited Nursery',
        }),
    );
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Sign-up on this server is by invitation only. Ask an admin of your nursery to invite you.');

    const admin = await createAccount(server);
    const email = `welcome${process.pid}@nursery.test`;
    await admin.pb.collection('invitations').create({ email, role: 'staff' });
    const link = await server.waitForLink(email, '/invite/');
    const token = link.split('/invite/')[1] ?? '';
    const created = await server
      .client()
      .collection('users')
      .create<UserRecord>({
        email,
        username: `welcome${process.pid}`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        termsAgreement: terms(),
        invite: token,
      });
    expect(created).toMatchObject({ nursery: admin.nursery, role: 'staff' });
  });
});
