// `npm run bench:nurseries`: the board figure of issue 15 alone, `board_100_nurseries_over_1` (also
// part of `npm run bench`): one nursery's week board with 100 nurseries × 20,000 orders stored, ÷
// the same with that nursery's 20,000 alone. Sizes: BENCH_NURSERIES (100), BENCH_NURSERY_ORDERS
// (20000), BENCH_ROUNDS (30).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBoardAcrossNurseries } from './lib/nurseries';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-bench-nurseries-'));
try {
  const figures = await measureBoardAcrossNurseries(tmp, {
    nurseries: Number(process.env.BENCH_NURSERIES ?? 100),
    ordersEach: Number(process.env.BENCH_NURSERY_ORDERS ?? 20_000),
    rounds: Number(process.env.BENCH_ROUNDS ?? 30),
    log: (line) => console.log(line),
  });
  console.log(`board_100_nurseries_over_1 = ${(figures.manyMs / figures.oneMs).toFixed(3)} (target <= 1.2)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
