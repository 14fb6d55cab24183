import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../../tests/support/realtime-client';
import { createTeam, failure, startTestServer, type TestServer } from '../../../tests/support/server';
import { jpegOfSize, PDF_BYTES, pdfFile, PNG_BYTES, pngFile } from '../../../tests/support/files';

// Files as PocketBase has them, through the official SDK (docs/decisions/043): multipart create
// and update, `+`/`-` modifiers and null to delete, limits as readable 400s, protected files served
// only with a file token of someone who may see the record, and files gone when the record is.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const team = () => createTeam(server);

async function fetchFile(url: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

describe('multipart create and update', () => {
  it('stores the files an order is created with, named as PocketBase names them, and serves them with a file token', async () => {
    const { office } = await team();
    const created = await office.pb
      .collection('tasks')
      .create({ ...order('Files Ltd'), attachments: [pngFile('My Photo.PNG'), pdfFile()] });
    expect(created.title).toBe('Files Ltd');
    expect(created.weekNumber).toBe(12);
    expect(created.attachments).toHaveLength(2);
    expect(created.attachments[0]).toMatch(/^my_photo_[a-z0-9]{10}\.png$/);
    expect(created.attachments[1]).toMatch(/^delivery_note_[a-z0-9]{10}\.pdf$/);

    const token = await office.pb.files.getToken();
    const photo = await fetchFile(office.pb.files.getURL(created, created.attachments[0], { token }));
    expect(photo.status).toBe(200);
    expect(photo.bytes).toEqual(PNG_BYTES);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-disposition')).toBe(`inline; filename="${created.attachments[0]}"`);
    expect(photo.headers.get('cache-control')).toContain('private');

    const download = await fetchFile(office.pb.files.getURL(created, created.attachments[1], { token, download: true }));
    expect(download.bytes).toEqual(PDF_BYTES);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);

    // A thumbnail is the original here (no image library on the server).
    const thumb = await fetchFile(office.pb.files.getURL(created, created.attachments[0], { token, thumb: '100x100' }));
    expect(thumb.bytes).toEqual(PNG_BYTES);
  });

  it('appends with field+, removes with field-, replaces with the field, and deletes all with null', async () => {
    const { office } = await team();
    const tasks = office.pb.collection('tasks');
    const created = await tasks.create({ ...order('Modifiers'), attachments: [pngFile('a.png')] });
    const [first] = created.attachments as string[];

    const appended = await tasks.update(created.id, { 'attachments+': [pdfFile('b.pdf')] });
    expect(appended.attachments).toHaveLength(2);
    expect(appended.attachments[0]).toBe(first);

    // The record sent back whole with a title change keeps its files.
    const echoed = await tasks.update(created.id, { ...appended, title: 'Modifiers 2' });
    expect(echoed.attachments).toEqual(appended.attachments);

    const removed = await tasks.update(created.id, { 'attachments-': [first] });
    expect(removed.attachments).toEqual([appended.attachments[1]]);
    const token = await office.pb.files.getToken();
    expect((await fetchFile(office.pb.files.getURL(created, first!, { token }))).status).toBe(404);

    const replaced = await tasks.update(created.id, { attachments: [pngFile('c.png')] });
    expect(replaced.attachments).toHaveLength(1);
    expect(replaced.attachments[0]).toMatch(/^c_/);
    expect((await fetchFile(office.pb.files.getURL(created, removed.attachments[0], { token }))).status).toBe(404);

    const cleared = await tasks.update(created.id, { attachments: null });
    expect(cleared.attachments).toEqual([]);
    expect((await fetchFile(office.pb.files.getURL(created, replaced.attachments[0], { token }))).status).toBe(404);
  });

  it('reads a @jsonPayload part and plain form fields as PocketBase does', async () => {
    const { office } = await team();
    const form = new FormData();
    form.append('@jsonPayload', JSON.stringify({ ...order('Raw form'), weekNumber: 13 }));
    form.append('orderInfo', 'sent as a form field');
    form.append('attachments', new Blob([PNG_BYTES], { type: 'image/png' }), 'x.png');
    const created = await office.pb.collection('tasks').create(form);
    expect(created).toMatchObject({ title: 'Raw form', weekNumber: 13, orderInfo: 'sent as a form field' });
    expect(created.attachments).toHaveLength(1);
  });
});

describe('limits', () => {
  it('refuses a file over the size limit and one of a type not accepted with sentences, saving nothing', async () => {
    const { office } = await team();
    const tasks = office.pb.collection('tasks');
    const big = await failure(
      tasks.create({ ...order('Too big'), attachments: [new File([jpegOfSize(10 * 1024 * 1024 + 1)], 'IMG_1.jpg')] }),
    );
    expect(big.status).toBe(400);
    expect(big.response.data.attachments.message).toBe('The attachment "IMG_1.jpg" is larger than 10 MB. Choose a smaller one.');
    const text = await failure(
      tasks.create({ ...order('Wrong type'), attachments: [new File(['<html>'], 'page.jpg', { type: 'image/jpeg' })] }),
    );
    expect(text.status).toBe(400);
    expect(text.response.data.attachments.message).toMatch(
      /^The attachment "page.jpg" is a file of another kind; attachments must be a JPEG photo, /,
    );
    const list = await tasks.getFullList({ filter: 'title = "Too big" || title = "Wrong type"' });
    expect(list).toEqual([]);
  });

  it('refuses more files than the field holds', async () => {
    const { office } = await team();
    const files = Array.from({ length: 11 }, (_, i) => pngFile(`p${i}.png`));
    const error = await failure(office.pb.collection('tasks').create({ ...order('Eleven'), attachments: files }));
    expect(error.status).toBe(400);
    expect(error.response.data.attachments.message).toBe('Attachments can hold at most 10 files. Remove one before adding another.');
  });

  it('refuses a file under a name that is no file field', async () => {
    const { office } = await team();
    const error = await failure(office.pb.collection('tasks').create({ ...order('Wrong field'), title: 'x', photo: pngFile() }));
    expect(error.status).toBe(400);
    expect(error.response.data.photo.code).toBe('validation_unknown_field');
  });
});

describe('protected files', () => {
  it('are not served without a token, nor with a token of another nursery', async () => {
    const { office } = await team();
    const other = await team();
    const created = await office.pb.collection('tasks').create({ ...order('Private'), attachments: [pngFile()] });
    const name = created.attachments[0] as string;
    expect((await fetchFile(office.pb.files.getURL(created, name))).status).toBe(404);
    expect((await fetchFile(office.pb.files.getURL(created, name, { token: 'not-a-token' }))).status).toBe(404);
    const otherToken = await other.office.pb.files.getToken();
    expect((await fetchFile(office.pb.files.getURL(created, name, { token: otherToken }))).status).toBe(404);
    // An auth token is not a file token.
    expect((await fetchFile(office.pb.files.getURL(created, name, { token: office.pb.authStore.token }))).status).toBe(404);
  });

  it('gives a file token only to someone signed in', async () => {
    const error = await failure(server.client().files.getToken());
    expect(error.status).toBe(401);
  });

  it('lets a viewer see the files but not add one', async () => {
    const { office, viewer } = await team();
    const created = await office.pb.collection('tasks').create({ ...order('Viewer'), attachments: [pngFile()] });
    const token = await viewer.pb.files.getToken();
    expect((await fetchFile(viewer.pb.files.getURL(created, created.attachments[0], { token }))).status).toBe(200);
    const error = await failure(viewer.pb.collection('tasks').update(created.id, { 'attachments+': pngFile() }));
    expect(error.status).toBe(403);
  });
});

describe('files and deleting', () => {
  it('keeps the files of a record in Deleted, so a restore brings them back, and removes them at the purge', async () => {
    const { admin } = await team();
    const tasks = admin.pb.collection('tasks');
    const created = await tasks.create({ ...order('Deleted with files'), attachments: [pngFile()] });
    const name = created.attachments[0] as string;
    await tasks.delete(created.id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    const stored = () => server.built.records.files.get({ collection: created.collectionId, record: created.id, name });
    expect(await stored()).not.toBeNull();

    await admin.pb.send(`/api/deleted/tasks/${created.id}/restore`, { method: 'POST' });
    const token = await admin.pb.files.getToken();
    const back = await fetchFile(admin.pb.files.getURL(created, name, { token }));
    expect(back.status).toBe(200);
    expect(back.bytes).toEqual(PNG_BYTES);

    await tasks.delete(created.id, { headers: { 'X-Confirm-Password': 'Prune-The-Roses' } });
    await admin.pb.send(`/api/deleted/tasks/${created.id}`, { method: 'DELETE' });
    expect(await stored()).toBeNull();
  });
});
