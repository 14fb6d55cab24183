// `npm run bench:import`: import_200k_s — a PocketBase 0.22 data.db of 200,000 orders (BENCH_ORDERS)
// imported by `npm run admin -- import-pocketbase` into a fresh SQLite DATA_DIR (target <= 120 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measurePocketBaseImport } from './lib/pocketbase-import';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
try {
  const seconds = await measurePocketBaseImport(tmp, ORDERS, (line) => console.log(line));
  console.log(`import_${ORDERS >= 1000 ? `${Math.round(ORDERS / 1000)}k` : ORDERS}_s = ${seconds.toFixed(1)} (target <= 120 for 200k)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
