// A saved run's states (docs/decisions/042): the value and the word the Runs screen, the board
// and the server's sentences use. The moves between them live in runs/run-states.ts. A state
// without its row does not compile (docs/decisions/059).

export const RUN_STATES = ['new', 'loading', 'dispatched', 'delivered', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface RunStateEntry {
  label: string;
}

export const RUN_STATE_TABLE = {
  new: { label: 'New' },
  loading: { label: 'Loading' },
  dispatched: { label: 'Dispatched' },
  delivered: { label: 'Delivered' },
  cancelled: { label: 'Cancelled' },
} as const satisfies Readonly<Record<RunState, RunStateEntry>>;
