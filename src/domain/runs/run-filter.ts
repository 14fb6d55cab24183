// The Runs screen's filters (docs/decisions/042): by state, and by the run's own date (the day
// it goes out, `vehicleInfo.date`), from and to, both days included. Pure.

import type { RunState } from './run-states';

export interface RunFilter {
  /** '' for any state. */
  state: RunState | '';
  /** yyyy-mm-dd, or '' for no bound. */
  from: string;
  to: string;
}

export function filterRuns<R extends { state: RunState; vehicleInfo: { date?: string } }>(runs: readonly R[], filter: RunFilter): R[] {
  return runs.filter((run) => {
    if (filter.state !== '' && run.state !== filter.state) return false;
    const date = run.vehicleInfo.date ?? '';
    // A run without a date is left out once a date bound is chosen: it cannot be said to be in range.
    if (filter.from !== '' && (date === '' || date < filter.from)) return false;
    if (filter.to !== '' && (date === '' || date > filter.to)) return false;
    return true;
  });
}
