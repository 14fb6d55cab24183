// `npm run bench:ledger`: the trolley ledger's figures of `npm run bench` on their own
// (bench/lib/ledger.ts): ledger_balances_ms and ledger_5y_over_1y.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureLedgerBalances } from './lib/ledger';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-bench-ledger-'));
try {
  const figures = await measureLedgerBalances(tmp, { rounds: Number(process.env.BENCH_ROUNDS ?? 30), log: (line) => console.log(line) });
  console.log(`ledger_balances_ms = ${figures.fiveYearsMs.toFixed(2)}`);
  console.log(`ledger_5y_over_1y = ${(figures.fiveYearsMs / figures.oneYearMs).toFixed(3)} (target <= 1.5)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
