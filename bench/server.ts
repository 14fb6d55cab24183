// `npm run bench:server`: issue 32's server figures alone (docs/decisions/073), without the rest of
// `npm run bench` (which measures them too): start-up to healthy and idle memory over an empty
// SQLite database, then the board's request rate against a bare node:http server and the memory
// under that load over BENCH_ORDERS orders (200,000). Medians of BENCH_SERVER_RUNS (≥ 5) runs,
// each printed with the load average; the figures are merged into bench/results.json.
//
// dist/ must be built (`npm start` builds it on the first run; the first start is not timed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import PocketBase from 'pocketbase';
import { captureResponse } from './lib/http-load';
import { ROOT, startNpmServer } from './lib/processes';
import { mergeResults } from './lib/results-file';
import { BOARD_WEEK, BOARD_YEAR, createStaffWithCli, migrateSqlite, seedSqliteOrders, sqliteFile } from './lib/seed';
import { rateAgainstBare, SERVER_KEYS, serverFigureLines, startupAndIdle, type ServerKey, type Figure } from './lib/server-figures';

const BIG = Number(process.env.BENCH_ORDERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

const boardFilter = `year = ${BOARD_YEAR} && weekNumber = ${BOARD_WEEK}`;
const boardPath = `/api/collections/tasks/records?page=1&perPage=1000&skipTotal=1&filter=${encodeURIComponent(`(${boardFilter})`)}&sort=created`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-bench-server-'));
const figures: Partial<Record<ServerKey, Figure>> = {};
try {
  console.log(`Server figures: ${BIG} orders, ${SECONDS} s per rate, ${os.cpus().length} cores`);

  // The first start builds dist/ when it is stale; it is not one of the timed ones.
  const emptyDir = path.join(tmp, 'empty');
  await createStaffWithCli({ DATA_DIR: emptyDir }, 1);
  await (await startNpmServer(emptyDir)).stop();
  console.log('\n== npm start on an empty SQLite database: start-up to healthy, then idle memory');
  const { startup, idle } = await startupAndIdle(emptyDir);
  figures['server.startup_ms'] = startup;
  figures['server.rss_idle_mb'] = idle;

  console.log(`\n== the board's week over ${BIG} orders: request rate against bare node:http, memory under load`);
  const bigDir = path.join(tmp, 'history');
  await migrateSqlite(bigDir);
  const staff = await createStaffWithCli({ DATA_DIR: bigDir }, 1);
  const owner = (() => {
    const db = new SQLite(sqliteFile(bigDir), { readonly: true });
    try {
      return db.prepare('SELECT id, nursery FROM users WHERE username = ?').get(staff.username) as { id: string; nursery: string };
    } finally {
      db.close();
    }
  })();
  seedSqliteOrders(sqliteFile(bigDir), 'tasks', 0, BIG, owner);
  const server = await startNpmServer(bigDir);
  try {
    const pb = new PocketBase(server.url);
    await pb.collection('users').authWithPassword(staff.username, staff.password);
    const headers = { authorization: pb.authStore.token, 'content-type': 'application/json' };
    const url = `${server.url}${boardPath}`;
    const captured = await captureResponse(url, headers);
    console.log(`  one answer: ${captured.status}, ${Buffer.byteLength(captured.body)} bytes`);
    const { ratio, peak } = await rateAgainstBare(server, { url, headers }, captured, SECONDS);
    figures['server.rps_vs_bare'] = ratio;
    figures['server.rss_200k_mb'] = peak;
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

console.log('\nResults:');
for (const key of SERVER_KEYS) {
  const figure = figures[key];
  for (const line of serverFigureLines(key, figure?.value ?? null, figure?.load ?? '', figure?.runs ?? [])) console.log(line);
}
mergeResults(Object.fromEntries(SERVER_KEYS.map((key) => [key, figures[key] ? Math.round(figures[key].value * 1000) / 1000 : null])));
console.log(`\nWrote ${path.relative(ROOT, path.join(ROOT, 'bench', 'results.json'))}.`);
