import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNS_API } from '#domain/runs/runs-api';
import { createTeam, startTestServer, type TestServer } from '../../../tests/support/server';

// Another process writing to the server's SQLite file (the admin CLI, a second server on the same
// DATA_DIR, a backup tool): a write transaction that began by reading must not fail because that
// process committed between its first read and its first write. A deferred BEGIN would take a read
// snapshot and then fail with SQLITE_BUSY_SNAPSHOT (a 500) when upgrading to a write; the server
// begins its write transactions IMMEDIATE instead (docs/decisions/073), so they wait their turn.

const WRITES = 25;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A separate Node process committing a small write to `file` about every millisecond until stopped. */
function startOtherWriter(file: string): ChildProcess {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const code = `
    const SQLite = require(${JSON.stringify(sqlite)});
    const db = new SQLite(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS other_process_writes (n INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO other_process_writes (n) VALUES (?)');
    let n = 0;
    let stopped = false;
    process.stdin.on('end', () => { stopped = true; });
    process.stdin.resume();
    const tick = () => {
      if (stopped) { db.close(); process.exit(0); }
      insert.run(n++);
      if (n === 1) process.stdout.write('writing\\n');
      setTimeout(tick, 1);
    };
    tick();
  `;
  return spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite written by another process meanwhile', () => {
  it('answers every run state change and record update 200, never a 500 SQLITE_BUSY_SNAPSHOT', async () => {
    const { office } = await createTeam(server);
    const customer = await office.pb.collection('customers').create({ name: 'Green Garden Centre' });
    const runs: string[] = [];
    for (let i = 0; i < WRITES; i++) {
      const run = await office.pb.collection('trolley_exports').create({
        name: `Run ${i}`,
        data: [{ id: '', title: 'Hand-written stop', postcode: '', trollies: '1', extras: '', orderNumber: '' }],
        vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
      });
      runs.push(run.id);
    }

    const writer = startOtherWriter(path.join(server.config.dataDir, 'trolleyboard.db'));
    const send = (url: string, method: string, body: unknown) =>
      fetch(`${server.url}${url}`, {
        method,
        headers: { authorization: office.pb.authStore.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      await once(writer.stdout!, 'data'); // the other process has committed its first write
      const answers: Array<{ what: string; status: number; body: string }> = [];
      for (const [i, run] of runs.entries()) {
        // Reads the run, then writes its new state: one transaction that starts by reading.
        const moved = await send(RUNS_API.state(run), 'POST', { state: 'loading' });
        answers.push({ what: `run ${i}`, status: moved.status, body: await moved.text() });
        const updated = await send(`/api/collections/customers/records/${customer.id}`, 'PATCH', { name: `Green Garden Centre ${i}` });
        answers.push({ what: `customer ${i}`, status: updated.status, body: await updated.text() });
      }
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      for (const run of runs) expect((await office.pb.collection('trolley_exports').getOne(run)).state).toBe('loading');
    } finally {
      writer.stdin!.end();
      if (writer.exitCode === null) await once(writer, 'exit');
    }
  });
});
