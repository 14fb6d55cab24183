import { useQuery } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { Link } from '../../lib/router/links';
import { COLLECTIONS, type Role } from '#domain/records';
import { RUN_STATE_LABELS, RUN_STATES, type RunState } from '#domain/runs/run-states';
import { filterRuns } from '#domain/runs/run-filter';
import { dayMonthYear } from '#domain/trolleys/run-name';
import { paths } from '../../lib/paths';
import { announceDeleted } from '../../components/trail/announce-deleted';
import { buttonClass } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/fields';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { DELETION_PASSWORD_HINT, PasswordDialog, type PasswordOutcome } from '../../components/ui/password-dialog';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { runKeys } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { runsQuery, type RunSummary } from '../../lib/runs/run-queries';
import { useRunsLive } from '../../lib/runs/runs-live';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { canChangeLedger } from '#domain/ledger/ledger-api';
import { BookRunOutDialog } from './book-run-out';
import { RunDrops } from './run-drops';
import { RunStateBadge, RunStepButtons } from './run-steps';
import { DriverLinkButton } from './driver-link-dialog';
import { LabelsMenu } from '../../components/labels-menu';
import type { TrolleyExportRecord } from '#domain/records';

/** A run without a name is listed as "Untitled Export" (docs/product.md#runs). */
const displayName = (run: RunSummary) => run.name.trim() || 'Untitled Export';

/** PocketBase time ("2026-11-21 10:04:05.123Z") in the reader's own time and words. */
function readableTime(timestamp: string): string {
  const date = new Date(timestamp.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const STATE_OPTIONS: ReadonlyArray<{ value: RunState | ''; label: string }> = [
  { value: '', label: 'Any state' },
  ...RUN_STATES.map((state) => ({ value: state, label: RUN_STATE_LABELS[state] })),
];

/**
 * /runs: the saved runs, newest first, each opening in the mapper, with its state and the next
 * steps the person's role allows; a dispatched run's drops live (docs/decisions/042). Filters by
 * state and by the run's date. Delete asks for the password.
 */
export default function RunsPage() {
  const runs = useQuery(runsQuery());
  useRunsLive();
  const [deleting, setDeleting] = useState<RunSummary | null>(null);
  const [booking, setBooking] = useState<RunSummary | null>(null);
  const [state, setState] = useState<RunState | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const user = useCurrentUser();
  const role = (user?.role ?? '') as Role | '';
  const canEdit = useCan('edit');
  const canDelete = useCan('delete');
  const canBook = canChangeLedger(user?.role);
  useDocumentTitle('Runs');

  const confirmDelete = async (run: RunSummary, password: string): Promise<PasswordOutcome> => {
    try {
      await pb.collection(COLLECTIONS.trolleyExports).delete(run.id, { headers: { 'X-Confirm-Password': password } });
      queryClient.setQueryData<RunSummary[]>(runKeys.list(), (current) => current?.filter((r) => r.id !== run.id));
      announceDeleted('trolley_exports', run.id, 'Run deleted.', user);
    } catch (err) {
      // A wrong guess stays in the dialog, under the field, so the person simply types again (docs/decisions/072).
      if (err instanceof ClientResponseError && err.status === 403) return { retry: 'Incorrect password.' };
      notify.error(describeError(err));
      void runs.refetch();
    }
  };

  const shown = runs.data ? filterRuns(runs.data, { state, from, to }) : [];
  return (
    <section className="mx-auto max-w-3xl px-3 py-5 sm:px-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Runs</h1>
        {canEdit && (
          <Link to={paths.trolleyMapper} className={buttonClass({ variant: 'primary' })}>
            New Run
          </Link>
        )}
      </div>
      <div className="mt-3 grid grid-cols-3 gap-2" role="group" aria-label="Filter runs">
        <SelectField label="State" value={state} options={STATE_OPTIONS} onChange={(e) => setState(e.target.value as RunState | '')} />
        <TextField label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      {runs.isPending && <LoadingScreen />}
      {runs.isError && (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          The saved runs could not be loaded. Check your connection and{' '}
          <button type="button" className="font-semibold underline" onClick={() => void runs.refetch()}>
            try again
          </button>
          .
        </div>
      )}
      {runs.isSuccess &&
        (shown.length === 0 ? (
          <p className="mt-6 rounded-md border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-500">
            {runs.data.length === 0 ? 'No runs found.' : 'No runs match these filters.'}
          </p>
        ) : (
          <ul
            className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            aria-label="Saved runs"
          >
            {shown.map((run) => (
              <li key={run.id} className="px-3 py-2.5 sm:px-4" aria-label={displayName(run)}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <Link
                    to={paths.runView(run.id)}
                    // At least 16rem before the buttons give way and wrap under the name, so it is never cut to a letter on a phone.
                    className="min-w-0 flex-[1_1_16rem] rounded-md py-1 focus-visible:outline-2 focus-visible:outline-emerald-600"
                  >
                    <span className="block truncate font-semibold text-emerald-800 hover:underline">{displayName(run)}</span>
                    <span className="block text-sm text-slate-500">
                      {run.vehicleInfo.date ? `For ${dayMonthYear(run.vehicleInfo.date)} · saved ` : 'Saved '}
                      <time dateTime={run.created.replace(' ', 'T')}>{readableTime(run.created)}</time>
                    </span>
                  </Link>
                  <RunStateBadge run={run} />
                  <RunStepButtons run={run} name={displayName(run)} role={role} />
                  <LabelsMenu
                    label={`Labels for ${displayName(run)}`}
                    kind="run"
                    name={displayName(run)}
                    load={async () => {
                      // The list holds only names; the stops are read when labels are asked for.
                      const saved = await pb.collection(COLLECTIONS.trolleyExports).getOne<TrolleyExportRecord>(run.id);
                      return { sources: saved.data, date: saved.vehicleInfo.date };
                    }}
                  />
                  <DriverLinkButton runId={run.id} name={displayName(run)} />
                  {canBook && (run.state === 'new' || run.state === 'loading') && (
                    <button
                      type="button"
                      className={`${buttonClass({ variant: 'secondary', size: 'sm' })} shrink-0`}
                      aria-label={`Book trolleys out for ${displayName(run)}`}
                      onClick={() => setBooking(run)}
                    >
                      Book trolleys out
                    </button>
                  )}
                  {canDelete && (
                    <button
                      type="button"
                      className={`${buttonClass({ variant: 'secondary', size: 'sm' })} shrink-0 text-red-700! hover:bg-red-50!`}
                      aria-label={`Delete ${displayName(run)}`}
                      onClick={() => setDeleting(run)}
                    >
                      Delete
                    </button>
                  )}
                </div>
                {(run.state === 'dispatched' || run.state === 'delivered') && (
                  <RunDrops run={run} name={displayName(run)} canRecord={canEdit} />
                )}
              </li>
            ))}
          </ul>
        ))}
      <BookRunOutDialog run={booking?.id ?? null} name={booking ? displayName(booking) : ''} onClose={() => setBooking(null)} />
      <PasswordDialog
        open={deleting !== null}
        title="Confirm Delete"
        prompt={`Enter password to delete ${deleting ? displayName(deleting) : 'this run'}:`}
        confirmLabel="Confirm"
        hint={DELETION_PASSWORD_HINT}
        onConfirm={(password) => (deleting ? confirmDelete(deleting, password) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
