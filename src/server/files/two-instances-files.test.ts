import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../../tests/support/realtime-client';
import { createAccount, startTestServer, type TestServer } from '../../../tests/support/server';
import { PDF_BYTES, pdfFile } from '../../../tests/support/files';

// Two instances on one PostgreSQL (docs/decisions/043): a file uploaded through one is served by
// the other, and removed through the other. Runs in the PostgreSQL pass.

describe.skipIf(!process.env.TEST_DATABASE_URL)('files across two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves on B a file uploaded through A, and forgets it when B removes it', async () => {
    const account = await createAccount(a);
    const created = await account.pb.collection('tasks').create({ ...order('Shared file'), attachments: [pdfFile()] });
    const onB = b.client();
    onB.authStore.save(account.pb.authStore.token, account.pb.authStore.record);
    const token = await onB.files.getToken();
    const name = created.attachments[0] as string;
    const served = await fetch(onB.files.getURL(created, name, { token }));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF_BYTES);

    await onB.collection('tasks').update(created.id, { 'attachments-': name });
    expect((await fetch(account.pb.files.getURL(created, name, { token }))).status).toBe(404);
    expect(await a.built.records.files.get({ collection: created.collectionId, record: created.id, name })).toBeNull();
  });
});
