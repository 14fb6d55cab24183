// A saved run's states (docs/decisions/042): the value, the word the Runs screen, the board and
// the server's sentences use, and the tone of its badge. The moves between them live in
// runs/run-states.ts. A state without its row does not compile (docs/decisions/059).

import type { Tone } from './tone';

export const RUN_STATES = ['new', 'loading', 'dispatched', 'delivered', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface RunStateEntry {
  label: string;
  tone: Tone;
}

export const RUN_STATE_TABLE = {
  new: { label: 'New', tone: 'neutral' },
  loading: { label: 'Loading', tone: 'warning' },
  dispatched: { label: 'Dispatched', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
} as const satisfies Readonly<Record<RunState, RunStateEntry>>;
