import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

/** bench/results.json (ignored by git): every bench that measures a figure of it writes there. */
export const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json');

/** What bench/results.json holds now ({} when there is none or it is not JSON). */
export function readResults(): Record<string, number | null> {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, number | null>;
  } catch {
    return {};
  }
}

/** Sets some keys of bench/results.json, leaving the others as they are. */
export function mergeResults(values: Record<string, number | null>): void {
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...readResults(), ...values }, null, 2)}\n`);
}

/**
 * How a bench records its figures: `set` keeps a key's value (to three decimals; null when it is
 * not a number) and prints it, `skip` prints why keys were not measured and adds that to `notes`.
 */
export function figureRecorder<Key extends string>(results: Partial<Record<Key, number | null>>) {
  const notes: string[] = [];
  return {
    notes,
    set(key: Key, value: number): void {
      results[key] = Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null;
      console.log(`  ${key} = ${results[key]}`);
    },
    skip(keys: Key[], why: string): void {
      for (const key of keys) console.log(`  skipped: ${key}: ${why}`);
      notes.push(`${keys.join(', ')}: skipped: ${why}`);
    },
  };
}
