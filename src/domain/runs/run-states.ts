// A saved run's lifecycle (docs/decisions/042): new → loading → dispatched → delivered, or
// cancelled before it leaves. Pure: the moves, who may make them, and the log of who made each.
// No imports beyond types: the Runs screen and the board read the labels.

import type { Role } from '../vocabulary/role';

import { RUN_STATE_TABLE, RUN_STATES, type RunState } from '../vocabulary/run-state';

export { RUN_STATES, type RunState };

/** The word for each state, read from its table (docs/decisions/059). */
export const RUN_STATE_LABELS: Readonly<Record<RunState, string>> = Object.fromEntries(
  RUN_STATES.map((state) => [state, RUN_STATE_TABLE[state].label]),
) as Record<RunState, string>;

/** One step of a run's life: the state it moved to, when (ISO time, the server's clock) and who. */
export interface RunStateStep {
  state: RunState;
  at: string;
  /** The person's user id, or `link:<id>` when a driver link's last drop delivered the run. */
  by: string;
  /** Their name when the step was made, so the log reads without a lookup. */
  name: string;
}

/**
 * The moves there are. A dispatched run cannot be cancelled: its trolleys are booked out and the
 * lorry has left, so what did not arrive is a drop "Not delivered" (its trolleys come back as
 * counts back or a return). No step goes back: a run started by mistake is cancelled and saved again.
 */
export const RUN_MOVES: Readonly<Record<RunState, readonly RunState[]>> = {
  new: ['loading', 'cancelled'],
  loading: ['dispatched', 'cancelled'],
  dispatched: ['delivered'],
  delivered: [],
  cancelled: [],
};

/**
 * Who may move a run into each state (docs/decisions/036's roles): the yard (staff) starts
 * loading; dispatch books the trolleys out in the ledger, which office staff and admins do
 * (docs/decisions/038), and so do marking delivered by hand and cancelling.
 */
export const RUN_MOVE_ROLES: Readonly<Record<Exclude<RunState, 'new'>, readonly Role[]>> = {
  loading: ['admin', 'office', 'staff'],
  dispatched: ['admin', 'office'],
  delivered: ['admin', 'office'],
  cancelled: ['admin', 'office'],
};

/** The button for each move, as the Runs screen shows it. */
export const RUN_MOVE_LABELS: Readonly<Record<Exclude<RunState, 'new'>, string>> = {
  loading: 'Start loading',
  dispatched: 'Dispatch',
  delivered: 'Mark delivered',
  cancelled: 'Cancel run',
};

export const isRunState = (value: unknown): value is RunState =>
  typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value);

/** The moves `role` may make from `state`, in the order the screen shows them. */
export function movesFor(state: RunState, role: Role | ''): Array<Exclude<RunState, 'new'>> {
  return RUN_MOVES[state].filter(
    (to): to is Exclude<RunState, 'new'> => to !== 'new' && role !== '' && RUN_MOVE_ROLES[to as Exclude<RunState, 'new'>].includes(role),
  );
}

/** Why the move cannot be made, in a sentence (a role's refusal is 403, a move that does not exist 400); null when it can. */
export function moveProblem(from: RunState, to: RunState, role: Role | ''): { status: 400 | 403; message: string } | null {
  if (to === 'new') return { status: 400, message: 'A run cannot go back to new. Cancel it and save it again instead.' };
  if (role === '' || !RUN_MOVE_ROLES[to].includes(role))
    return {
      status: 403,
      message:
        to === 'loading'
          ? 'Viewers can look but not change runs.'
          : `Only office staff and admins can ${RUN_MOVE_LABELS[to].toLowerCase()}. Ask one of them to do it.`,
    };
  if (RUN_MOVES[from].includes(to)) return null;
  if (from === 'dispatched' && to === 'cancelled')
    return {
      status: 400,
      message: 'A dispatched run cannot be cancelled: its trolleys are booked out. Record each drop that did not arrive as not delivered.',
    };
  if (from === 'delivered' || from === 'cancelled')
    return { status: 400, message: `This run is ${RUN_STATE_LABELS[from].toLowerCase()} already; it cannot change any more.` };
  return {
    status: 400,
    message: `A ${RUN_STATE_LABELS[from].toLowerCase()} run cannot be ${RUN_STATE_LABELS[to].toLowerCase()} yet: ${
      to === 'dispatched' ? 'start loading first' : 'dispatch it first'
    }.`,
  };
}

/** The step of the log that moved the run into `state` last, if any. */
export function stepOf(log: readonly RunStateStep[], state: RunState): RunStateStep | undefined {
  for (let i = log.length - 1; i >= 0; i--) if (log[i]?.state === state) return log[i];
  return undefined;
}

/** The state log as stored; anything unreadable is left out rather than failing the run. */
export function readStateLog(raw: unknown): RunStateStep[] {
  if (!Array.isArray(raw)) return [];
  const steps: RunStateStep[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { state, at, by, name } = item as Record<string, unknown>;
    if (!isRunState(state) || typeof at !== 'string' || typeof by !== 'string') continue;
    steps.push({ state, at, by, name: typeof name === 'string' ? name : '' });
  }
  return steps;
}

/**
 * Why a run's stops and load can no longer be changed, or null while they can: once dispatched
 * its trolleys are booked out stop by stop and drops are recorded against those stops, so a
 * changed plan would no longer be what left the yard (docs/decisions/042). Its name may change.
 */
export function planFixedReason(state: RunState): string | null {
  if (state === 'dispatched') {
    return 'This run has been dispatched: its trolleys are booked out, so its stops and load can no longer be changed. Print it, or plan a new run.';
  }
  if (state === 'delivered')
    return 'This run has been delivered, so its stops and load can no longer be changed. Print it, or plan a new run.';
  // A cancelled run stays in the list as it was planned (docs/decisions/064); a new plan is a new run.
  if (state === 'cancelled') return 'This run was cancelled, so its stops and load can no longer be changed. Print it, or plan a new run.';
  return null;
}
