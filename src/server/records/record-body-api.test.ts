import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../../../tests/support/files';
import { rawRequest } from '../../../tests/support/raw-http';
import { order } from '../../../tests/support/realtime-client';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// Where a record's body becomes a RecordBody (record-body.ts): the records routes read it and
// check that it is an object before any part of the RecordService sees it. A JSON body that is no
// object is a 400 with PocketBase's sentence, and a multipart body's @jsonPayload must be an
// object too; nothing is stored or changed. An empty body is `{}`, as the SDK sends one.

let server: TestServer;
let staff: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  staff = await createAccount(server);
});

afterAll(async () => {
  await server.close();
});

const INVALID_FORMATTING = 'Failed to load the submitted data due to invalid formatting.';
const NOT_OBJECTS = ['[]', '[{"title":"In a list"}]', 'null', '"Greenfields"', '5', 'true'];

async function send(method: string, path: string, body: string | undefined): Promise<{ status: number; answer: Record<string, unknown> }> {
  const headers: Record<string, string> = { authorization: staff.pb.authStore.token };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await rawRequest(`${server.url}${path}`, { method, headers, body });
  return { status: response.status, answer: JSON.parse(response.body.toString('utf8')) as Record<string, unknown> };
}

async function orderCount(): Promise<number> {
  return (await staff.pb.collection('tasks').getList(1, 1)).totalItems;
}

describe('a body that is no object', () => {
  it('is refused on create with 400 and the sentence, storing nothing', async () => {
    const before = await orderCount();
    for (const body of [...NOT_OBJECTS, undefined]) {
      const { status, answer } = await send('POST', '/api/collections/tasks/records', body);
      expect({ body, status, message: answer.message, data: answer.data }).toEqual({
        body,
        status: 400,
        message: INVALID_FORMATTING,
        data: {},
      });
    }
    expect(await orderCount()).toBe(before);
  });

  it('is refused on update with 400 and the sentence, changing nothing', async () => {
    const made = await staff.pb.collection('tasks').create(order('Body shapes'));
    for (const body of [...NOT_OBJECTS, undefined]) {
      const { status, answer } = await send('PATCH', `/api/collections/tasks/records/${made.id}`, body);
      expect({ body, status, message: answer.message }).toEqual({ body, status: 400, message: INVALID_FORMATTING });
    }
    expect(await staff.pb.collection('tasks').getOne(made.id)).toEqual(made);
  });

  it('is read as {} when empty: a create says what is missing, an update changes no field', async () => {
    const created = await send('POST', '/api/collections/tasks/records', '');
    expect(created.status).toBe(400);
    expect(created.answer.data).toMatchObject({ title: { code: 'validation_required' } });
    const made = await staff.pb.collection('tasks').create(order('Empty body'));
    const updated = await send('PATCH', `/api/collections/tasks/records/${made.id}`, '');
    expect(updated.status).toBe(200);
    expect(updated.answer).toMatchObject({ id: made.id, title: made.title, day: made.day, weekNumber: made.weekNumber });
  });

  it('is refused as a multipart @jsonPayload with a sentence, storing nothing', async () => {
    const before = await orderCount();
    const form = new FormData();
    form.append('@jsonPayload', '["not", "an", "order"]');
    form.append('attachments', new Blob([PNG_BYTES], { type: 'image/png' }), 'x.png');
    const response = await fetch(`${server.url}/api/collections/tasks/records`, {
      method: 'POST',
      headers: { authorization: staff.pb.authStore.token },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The order could not be read: its @jsonPayload part is not a JSON object.',
    );
    expect(await orderCount()).toBe(before);
  });
});
