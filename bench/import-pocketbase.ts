// `npm run bench:import`: import_200k_s — a PocketBase 0.22 data.db of 200,000 orders (BENCH_ORDERS)
// imported by `npm run admin -- import-pocketbase` into a fresh SQLite DATA_DIR (target <= 120 s);
// then the same into a fresh PostgreSQL database (BENCH_SKIP=postgres leaves it out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measurePocketBaseImport } from './lib/pocketbase-import';
import { freshDatabase, startPostgres } from './lib/postgres';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
const key = `import_${ORDERS >= 1000 ? `${Math.round(ORDERS / 1000)}k` : ORDERS}_s`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
try {
  const seconds = await measurePocketBaseImport(tmp, ORDERS, (line) => console.log(line));
  console.log(`${key} = ${seconds.toFixed(1)} (target <= 120 for 200k)`);
  const postgres = SKIP.has('postgres') ? 'BENCH_SKIP=postgres' : await startPostgres();
  if (typeof postgres === 'string') console.log(`skipped: ${key}_postgres: ${postgres}`);
  else
    try {
      const databaseUrl = await freshDatabase(postgres.url, `bench_import_${process.pid}`);
      const onPostgres = await measurePocketBaseImport(tmp, ORDERS, (line) => console.log(line), databaseUrl);
      console.log(`${key}_postgres = ${onPostgres.toFixed(1)} (target <= 120 for 200k)`);
    } finally {
      await postgres.stop();
    }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
