import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_API,
  DRIVER_LINK_HEADER,
  type DriverLinkView,
  type DriverLinksAnswer,
  type DriverOpenAnswer,
  type DriverRunAnswer,
} from '#domain/driver/driver-link';
import { order as orderBody } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The driver's link (docs/decisions/044) through the SDK and raw HTTP: who makes and revokes one,
// opening it by short code or QR secret, what it can read, and that it stops working.

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = Date.parse('2026-11-24T07:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await server.close();
});

const stops = [
  { id: '', title: 'First Garden Centre', postcode: 'AB1 2CD', trollies: '3', extras: '', orderNumber: '' },
  { id: '', title: 'Second Nursery', postcode: 'EF3 4GH', trollies: '1.5', extras: '2 shelves', orderNumber: '' },
];

async function runOf(account: TestAccount, name = 'Tuesday north') {
  const order = await account.pb.collection('tasks').create(
    orderBody('First Garden Centre', {
      postcode: 'AB1 2CD',
      trollies: '3',
      orderNumber: 'A-101',
      orderInfo: 'Ring the bell at the back gate',
    }),
  );
  return account.pb.collection('trolley_exports').create({
    name,
    data: [{ ...stops[0]!, id: order.id, orderNumber: 'A-101' }, stops[1]],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 8, grid: [] },
  });
}

const makeLink = (account: TestAccount, runId: string) => account.pb.send<DriverLinkView>(DRIVER_API.runLinks(runId), { method: 'POST' });

async function open(code: string): Promise<{ status: number; body: DriverOpenAnswer & { message?: string } }> {
  const response = await fetch(server.url + DRIVER_API.open, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as DriverOpenAnswer & { message?: string } };
}

async function driverGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(server.url + path, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the driver's link", () => {
  it('office and admins make one for a run; staff, viewers and another nursery cannot', async () => {
    const { admin, office, staff, viewer } = await createTeam(server);
    const run = await runOf(admin);
    const link = await makeLink(office, run.id);
    expect(link).toMatchObject({ run: run.id, active: true, revokedAt: '', createdBy: office.id });
    expect(link.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(link.shortUrl).toBe(`${server.config.appUrl}/d/${link.code}`);
    expect(link.url).toMatch(new RegExp(`^${server.config.appUrl}/d/[\\w-]{43}$`));
    // Three days from now by default.
    expect(Date.parse(link.expires) - clock).toBe(3 * DAY_MS);
    await expect(makeLink(admin, run.id)).resolves.toMatchObject({ active: true });

    for (const account of [staff, viewer]) {
      const refused = await failure(makeLink(account, run.id));
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(/Only office staff and admins can make or cancel a driver's link/);
    }
    const other = await createTeam(server);
    expect((await failure(makeLink(other.office, run.id))).status).toBe(404);
    expect((await failure(other.office.pb.send(DRIVER_API.runLinks(run.id), {}))).status).toBe(404);
    expect((await failure(other.office.pb.send(DRIVER_API.revoke(link.id), { method: 'POST' }))).status).toBe(404);

    // Shown again the same, newest first: the code and address are derived, never stored.
    const { items } = await office.pb.send<DriverLinksAnswer>(DRIVER_API.runLinks(run.id), {});
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.id === link.id)).toEqual(link);
    const rows = await server.built.database.db.selectFrom('driver_links').selectAll().where('id', '=', link.id).execute();
    expect(JSON.stringify(rows)).not.toContain(link.code.replace('-', ''));
    expect(JSON.stringify(rows)).not.toContain(link.url.split('/d/')[1]);
  });

  it('opens by short code (any case, with or without the dash) or QR secret, and reads only its run', async () => {
    const { admin, office } = await createTeam(server);
    const run = await runOf(admin);
    await runOf(admin, 'Another run');
    const link = await makeLink(office, run.id);
    const secret = link.url.split('/d/')[1]!;

    const byCode = await open(link.code.toLowerCase().replace('-', ' '));
    expect(byCode.status).toBe(200);
    expect(byCode.body).toEqual({ token: secret, expires: link.expires, run: run.id });
    expect((await open(secret)).body.token).toBe(secret);

    const read = await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: secret });
    expect(read.status).toBe(200);
    const answer = read.body as unknown as DriverRunAnswer;
    expect(answer.run).toMatchObject({ id: run.id, name: 'Tuesday north', date: '2026-11-24', driver: 'Sam', reg: 'AB12 CDE' });
    expect(answer.stops.map((stop) => [stop.drop, stop.title, stop.postcode, stop.leave.trolleys, stop.notes])).toEqual([
      [1, 'First Garden Centre', 'AB1 2CD', 3, 'Ring the bell at the back gate'],
      [2, 'Second Nursery', 'EF3 4GH', 2, ''],
    ]);

    // The secret opens nothing else: as a sign-in token or in its header, the records API sees a visitor.
    const asHeaders: Array<Record<string, string>> = [{ authorization: `Bearer ${secret}` }, { [DRIVER_LINK_HEADER]: secret }];
    for (const headers of asHeaders) {
      for (const collection of ['tasks', 'trolley_exports', 'customers', 'trolley_movements']) {
        const list = await driverGet(`/api/collections/${collection}/records`, headers);
        expect(list.body.items ?? [], `${collection} ${Object.keys(headers)[0]}`).toEqual([]);
      }
      expect((await driverGet(DRIVER_API.runLinks(run.id), headers)).status).toBe(401);
    }
    // A signed-in member's own token is no driver's link.
    const asMember = await driverGet(DRIVER_API.run, { authorization: `Bearer ${admin.pb.authStore.token}` });
    expect(asMember.status).toBe(401);
  });

  it('stops working when revoked or expired, with a sentence that says so', async () => {
    const { admin, office, staff } = await createTeam(server);
    const run = await runOf(admin);
    const revoked = await makeLink(office, run.id);
    const expiring = await makeLink(office, run.id);
    const revokedSecret = revoked.url.split('/d/')[1]!;
    const expiringSecret = expiring.url.split('/d/')[1]!;
    expect((await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: revokedSecret })).status).toBe(200);

    expect((await failure(staff.pb.send(DRIVER_API.revoke(revoked.id), { method: 'POST' }))).status).toBe(403);
    const after = await admin.pb.send<DriverLinkView>(DRIVER_API.revoke(revoked.id), { method: 'POST' });
    expect(after).toMatchObject({ active: false, revokedAt: new Date(clock).toISOString() });
    for (const attempt of [await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: revokedSecret }), await open(revoked.code)]) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.message).toBe("This driver's link was cancelled by the office. Ask the office for a new one.");
    }

    clock += 3 * DAY_MS - 1000;
    expect((await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: expiringSecret })).status).toBe(200);
    clock += 1000;
    try {
      for (const attempt of [await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: expiringSecret }), await open(expiring.code)]) {
        expect(attempt.status).toBe(403);
        expect(attempt.body.message).toBe("This driver's link has expired. Ask the office for a new one.");
      }
      const { items } = await office.pb.send<DriverLinksAnswer>(DRIVER_API.runLinks(run.id), {});
      expect(items.map((item) => item.active)).toEqual([false, false]);
    } finally {
      clock -= 3 * DAY_MS;
    }
  });

  it('refuses unknown codes and slows an address that keeps guessing', async () => {
    const { admin, office } = await createTeam(server);
    const run = await runOf(admin);
    const link = await makeLink(office, run.id);
    const missing = await driverGet(DRIVER_API.run, {});
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/driver's link is not known/);
    expect((await open('')).status).toBe(401);
    // With the empty one above, ten wrong codes.
    for (let i = 0; i < 9; i++) {
      const wrong = await open(`ABCD-${String(2000 + i).replace(/[01]/g, '2')}`);
      expect(wrong.status).toBe(401);
    }
    const throttled = await open(link.code);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many wrong codes/);
    // The link's secret in its header is no guess: the driver already holding it carries on.
    expect((await driverGet(DRIVER_API.run, { [DRIVER_LINK_HEADER]: link.url.split('/d/')[1]! })).status).toBe(200);
    await server.built.database.db.deleteFrom('throttles').where('key', 'like', 'driver-code|%').execute();
  });
});
