import { useQuery } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { Link } from '../../lib/router/links';
import { COLLECTIONS } from '#domain/records';
import { paths } from '../../lib/paths';
import { announceDeleted } from '../../components/trail/announce-deleted';
import { buttonClass } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { PasswordDialog } from '../../components/ui/password-dialog';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { runKeys } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { runsQuery, type RunSummary } from '../../lib/runs/run-queries';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { canChangeLedger } from '#domain/ledger/ledger-api';
import { BookRunOutDialog } from './book-run-out';
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

/** /runs: the saved runs, newest first, each opening in the mapper; Delete asks for the password. */
export default function RunsPage() {
  const runs = useQuery(runsQuery());
  const [deleting, setDeleting] = useState<RunSummary | null>(null);
  const [booking, setBooking] = useState<RunSummary | null>(null);
  const user = useCurrentUser();
  const canEdit = useCan('edit');
  const canDelete = useCan('delete');
  const canBook = canChangeLedger(user?.role);
  useDocumentTitle('Runs');

  const confirmDelete = async (run: RunSummary, password: string) => {
    try {
      await pb.collection(COLLECTIONS.trolleyExports).delete(run.id, { headers: { 'X-Confirm-Password': password } });
      queryClient.setQueryData<RunSummary[]>(runKeys.list(), (current) => current?.filter((r) => r.id !== run.id));
      announceDeleted('trolley_exports', run.id, 'Run deleted.', user);
    } catch (err) {
      const wrongPassword = err instanceof ClientResponseError && err.status === 403;
      notify.error(wrongPassword ? 'Incorrect password.' : describeError(err));
      if (!wrongPassword) void runs.refetch();
    }
  };

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
        (runs.data.length === 0 ? (
          <p className="mt-6 rounded-md border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-500">
            No runs found.
          </p>
        ) : (
          <ul
            className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            aria-label="Saved runs"
          >
            {runs.data.map((run) => (
              <li key={run.id} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
                <Link
                  to={paths.runView(run.id)}
                  className="min-w-0 flex-1 rounded-md py-1 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  <span className="block truncate font-semibold text-emerald-800 hover:underline">{displayName(run)}</span>
                  <span className="block text-sm text-slate-500">
                    <time dateTime={run.created.replace(' ', 'T')}>{readableTime(run.created)}</time>
                  </span>
                </Link>
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
                {canBook && (
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
        onConfirm={(password) => (deleting ? confirmDelete(deleting, password) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
