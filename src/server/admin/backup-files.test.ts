import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, test } from 'vitest';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { PDF_BYTES, pdfFile, PNG_BYTES, pngFile } from '../../../tests/support/files';
import { createStaffWithCli, runAdmin, startServerProcess, type ServerProcess } from '../../../tests/support/server-process';
import { filesFolder } from '../files/file-store';

// `npm run admin -- backup/restore` with attachments (docs/decisions/043): the backup, one file,
// holds the files; restoring brings back the files as they were at the backup, and the folder as
// it was is kept beside.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-backup-files-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir });
  cleanups.push(() => server.kill('SIGKILL'));
  return server;
}

async function signedIn(server: ServerProcess, account: { username: string; password: string }): Promise<PocketBase> {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(account.username, account.password);
  return pb;
}

async function served(
  pb: PocketBase,
  record: { id: string; collectionId: string },
  name: string,
): Promise<{ status: number; bytes: Uint8Array }> {
  const token = await pb.files.getToken();
  const response = await fetch(pb.files.getURL(record, name, { token }));
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore with files', () => {
  test('a restore brings back the files of the backup, and only those', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const backupFile = path.join(tempDir(), 'nightly.db');
    const account = await createStaffWithCli({ dataDir }, 'filesbackup');
    let server = await started(dataDir);
    let pb = await signedIn(server, account);
    const kept = await pb
      .collection('tasks')
      .create({ title: 'Kept', weekNumber: 12, year: FUTURE_YEAR, attachments: [pngFile(), pdfFile()] });

    const backup = await runAdmin(['backup', backupFile], { dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain('The backup holds 2 attached files.');

    // After the backup: one file removed, a new order with a file.
    const [photo, pdf] = kept.attachments as [string, string];
    await pb.collection('tasks').update(kept.id, { 'attachments-': photo });
    const later = await pb.collection('tasks').create({ title: 'Later', weekNumber: 12, year: FUTURE_YEAR, attachments: [pngFile()] });
    expect((await served(pb, kept, photo)).status).toBe(404);

    server.kill('SIGTERM');
    await server.exited;
    const restored = await runAdmin(['restore', backupFile], { dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Restored 2 attached files.');
    expect(fs.readdirSync(path.dirname(filesFolder(dataDir))).some((name) => name.startsWith('storage.before-restore-'))).toBe(true);

    server = await started(dataDir);
    pb = await signedIn(server, account);
    const back = await pb.collection('tasks').getOne(kept.id);
    expect(back.attachments).toEqual([photo, pdf]);
    expect(await served(pb, kept, photo)).toEqual({ status: 200, bytes: PNG_BYTES });
    expect(await served(pb, kept, pdf)).toEqual({ status: 200, bytes: PDF_BYTES });
    expect((await served(pb, later, later.attachments[0] as string)).status).toBe(404);
  }, 120_000);
});
