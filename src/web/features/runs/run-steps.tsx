import { useState } from 'react';
import type { Role } from '#domain/records';
import { movesFor, readStateLog, RUN_MOVE_LABELS, RUN_STATE_LABELS, stepOf, type RunState } from '#domain/runs/run-states';
import { RUN_STATE_TABLE } from '#domain/vocabulary/run-state';
import type { Tone } from '#domain/vocabulary/tone';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { queryClient } from '../../lib/query-client';
import { runKeys } from '../../lib/query-keys';
import { ledgerKeys } from '../../lib/ledger/ledger-queries';
import { moveRun } from '../../lib/runs/drop-queries';
import type { RunSummary } from '../../lib/runs/run-queries';
import { DispatchDialog } from './dispatch-dialog';

// A run's state with who moved it there and when, and the buttons for the next steps the
// person's role allows (docs/decisions/042). Dispatch asks first, showing what each stop will book
// (docs/decisions/064), and then says what the server booked, never more.

/** The badge of a state of each tone (the tone is its row's in the run-state table). */
const TONE_CLASSES: Readonly<Record<Tone, string>> = {
  neutral: 'bg-slate-100 text-slate-700',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-sky-100 text-sky-900',
  good: 'bg-emerald-100 text-emerald-900',
  danger: 'bg-red-50 text-red-800',
};

/** "10:42" today, "Tue 24 Nov, 10:42" another day, in the reader's own time. */
export function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' })}, ${time}`;
}

/** The state as a badge, and "by Sam at 10:42" of the step that made it. */
export function RunStateBadge({ run }: { run: RunSummary }) {
  const state = run.state;
  const step = stepOf(readStateLog(run.stateLog), state);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[RUN_STATE_TABLE[state].tone]}`} data-state={state}>
        {RUN_STATE_LABELS[state]}
      </span>
      {step && (
        <span className="text-slate-500">
          {step.name ? `by ${step.name} ` : ''}at {shortTime(step.at)}
        </span>
      )}
    </span>
  );
}

const MOVE_DONE: Readonly<Record<Exclude<RunState, 'new'>, string>> = {
  loading: 'Loading started.',
  dispatched: 'Run dispatched.',
  delivered: 'Run marked delivered.',
  cancelled: 'Run cancelled.',
};

/** The buttons for the next steps `role` may take, with the dispatch confirmation. */
export function RunStepButtons({ run, name, role }: { run: RunSummary; name: string; role: Role | '' }) {
  const [confirming, setConfirming] = useState<'dispatched' | 'cancelled' | null>(null);
  const [busy, setBusy] = useState(false);
  const moves = movesFor(run.state, role);
  if (moves.length === 0) return null;

  /** Makes the move; the toast is the server's own account of what was booked. */
  const move = async (to: Exclude<RunState, 'new'>): Promise<{ text: string; bookedNothing: boolean }> => {
    const answer = await moveRun(run.id, to);
    queryClient.setQueryData<RunSummary[]>(runKeys.list(), (runs) =>
      runs?.map((known) => (known.id === run.id ? { ...known, state: answer.run.state, stateLog: answer.run.stateLog } : known)),
    );
    if (answer.booking) void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    const text = answer.booking ? `${MOVE_DONE[to]} ${answer.booking.message}` : MOVE_DONE[to];
    return { text, bookedNothing: answer.booking !== null && (answer.booking.booked === 0 || answer.booking.skipped > 0) };
  };
  const dispatch = async () => {
    const done = await move('dispatched');
    // Something left unbooked is worth the longer, neutral toast.
    if (done.bookedNothing) notify.info(done.text);
    else notify.success(done.text);
  };
  const press = async (to: Exclude<RunState, 'new'>) => {
    if (to === 'dispatched' || to === 'cancelled') {
      setConfirming(to);
      return;
    }
    setBusy(true);
    try {
      notify.success((await move(to)).text);
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {moves.map((to) => (
        <Button
          key={to}
          size="sm"
          variant={to === 'cancelled' ? 'secondary' : 'primary'}
          className="shrink-0"
          disabled={busy}
          aria-label={`${RUN_MOVE_LABELS[to]}: ${name}`}
          onClick={() => void press(to)}
        >
          {RUN_MOVE_LABELS[to]}
        </Button>
      ))}
      <DispatchDialog
        run={run.id}
        name={name}
        open={confirming === 'dispatched'}
        onDispatch={dispatch}
        onClose={() => setConfirming(null)}
      />
      <FormDialog
        open={confirming === 'cancelled'}
        title={`Cancel ${name}?`}
        description="The run stays in the list as cancelled and cannot be loaded or dispatched any more."
        actionLabel="Cancel run"
        busyLabel="Cancelling…"
        danger
        describeError={describeError}
        onSubmit={async () => (await move('cancelled')).text}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
