import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_BUILD_HEADER } from '#domain/app-build';
import { listen } from '../../../tests/support/realtime-client';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { APP_OUTDATED_MESSAGE } from './app-build-check';

// The installed app starts from the shell kept on the device (docs/decisions/046): after an
// update, a page can still run the build before. Its changes are refused, its reads are not.

const ENTRY = '/assets/index-New12345.js';
const OLD_ENTRY = '/assets/index-Old67890.js';

function webDirNaming(entry: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-build-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, entry), 'export {};\n');
  return dir;
}

const order = (title: string) => ({ title, year: 2031, weekNumber: 7, day: 'monday', customerType: 'retail', other: 'none' });
const as = (build: string) => ({ headers: { [APP_BUILD_HEADER]: build } });

describe('a change from a page running another build of the app', () => {
  let webDir: string;
  let server: TestServer;
  let staff: TestAccount;

  beforeAll(async () => {
    webDir = webDirNaming(ENTRY);
    server = await startTestServer({ webDir });
    staff = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  test('is refused with a 409 in words, and nothing is written', async () => {
    const tasks = staff.pb.collection('tasks');
    const refused = await tasks.create(order('From an old page'), as(OLD_ENTRY)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ClientResponseError);
    const error = refused as ClientResponseError;
    expect(error.status).toBe(409);
    expect(error.response.message).toBe(APP_OUTDATED_MESSAGE);
    expect(error.response.data).toEqual({ appBuild: { code: 'app_outdated', message: APP_OUTDATED_MESSAGE } });
    expect(await tasks.getFullList({ filter: 'title = "From an old page"' })).toEqual([]);

    const saved = await tasks.create(order('Kept as it was'), as(ENTRY));
    const update = await tasks.update(saved.id, { status: 'loaded' }, as(OLD_ENTRY)).catch((err: unknown) => err);
    expect((update as ClientResponseError).status).toBe(409);
    const remove = await tasks.delete(saved.id, as(OLD_ENTRY)).catch((err: unknown) => err);
    expect((remove as ClientResponseError).status).toBe(409);
    expect((await tasks.getOne(saved.id)).status).toBe('');
  });

  test('the page can still read, refresh its session and listen, until it reloads', async () => {
    const tasks = staff.pb.collection('tasks');
    await tasks.create(order('Readable'), as(ENTRY));
    const list = await tasks.getFullList({ filter: 'title = "Readable"', ...as(OLD_ENTRY) });
    expect(list.map((record) => record.title)).toEqual(['Readable']);
    const refreshed = await staff.pb.collection('users').authRefresh(as(OLD_ENTRY));
    expect(refreshed.record.id).toBe(staff.id);
    const { events, unsubscribe } = await listen(staff.pb, 'tasks', '*', as(OLD_ENTRY));
    await tasks.create(order('Seen live'), as(ENTRY));
    await expect.poll(() => events.map((event) => event.record.title)).toContain('Seen live');
    await unsubscribe();
  });

  test('the current build, and clients that name none (the SDK, scripts), change as before', async () => {
    const tasks = staff.pb.collection('tasks');
    expect((await tasks.create(order('Current page'), as(ENTRY))).title).toBe('Current page');
    expect((await tasks.create(order('A script'))).title).toBe('A script');
  });
});

describe('a server without the built app', () => {
  test('checks no build', async () => {
    const server = await startTestServer();
    try {
      const staff = await createAccount(server);
      const saved = await staff.pb.collection('tasks').create(order('API only'), as(OLD_ENTRY));
      expect(saved.title).toBe('API only');
    } finally {
      await server.close();
    }
  });
});
