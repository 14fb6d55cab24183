import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeletedEntry } from '#domain/history/record-history';
import { canPurge, canRestore } from '#domain/history/trail-permissions';
import { COUNTS } from '#domain/ledger/balance';
import { countInWords } from '#domain/ledger/count-words';
import { plainDate } from '#domain/ledger/iso-dates';
import { valueWords } from '#domain/collections/field-words';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { dayLabel } from '#domain/orders/format';
import { LABEL_STATES, labelStateLabel } from '#domain/plant-labels/plant-labels';
import type { Day, VehicleInfo } from '#domain/records';
import { vehicleKindAndSize } from '#domain/trolleys/vehicle-layouts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import { purgeRecord, restoreRecord, type TrailCollection } from '../../lib/trail/trail-mutations';
import { deletedQuery } from '../../lib/trail/trail-queries';
import { shortWhen } from '../../lib/trail/when';
import { useCurrentUser } from '../../lib/use-current-user';

/** What a deleted record is, in staff's words: its kind, its name and a line that tells it apart. */
interface Described {
  collection: TrailCollection;
  kind: 'Order' | 'Run' | 'Trolley movement' | 'Standing order' | 'Plant' | 'Vehicle' | 'Round';
  name: string;
  detail: string;
}

function describe(entry: DeletedEntry, thisYear: number): Described {
  const record = entry.record;
  if (entry.collectionName === 'tasks') {
    const detail = [`Week ${String(record.weekNumber)}, ${dayLabel(record.day as Day)}`, String(record.orderNumber ?? '')].filter(Boolean);
    return { collection: 'tasks', kind: 'Order', name: String(record.title), detail: detail.join(' · ') };
  }
  if (entry.collectionName === 'trolley_movements') {
    const counts = COUNTS.map((count) => countInWords(Number(record[count]), count));
    return {
      collection: 'trolley_movements',
      kind: 'Trolley movement',
      // "Returned on Sat 28 Nov", never "in on 2026-11-28" (docs/glossary.md#retired-words).
      name: `${valueWords(trolleyMovements, 'kind', record.kind)} on ${plainDate(String(record.date), thisYear)}`,
      detail: counts.join(', '),
    };
  }
  if (entry.collectionName === 'standing_orders') {
    const detail = `${dayLabel(record.day as Day)}, from week ${String(record.fromWeek)} of ${String(record.fromYear)}`;
    return { collection: 'standing_orders', kind: 'Standing order', name: String(record.title), detail };
  }
  if (entry.collectionName === 'plant_labels') {
    const state = LABEL_STATES.find((s) => s === record.has_labels) ?? 'new';
    return { collection: 'plant_labels', kind: 'Plant', name: String(record.plant_name), detail: labelStateLabel(state) };
  }
  if (entry.collectionName === 'vehicles') {
    const detail = [vehicleKindAndSize(String(record.vehicleType), Number(record.trolleyNumber)), String(record.reg ?? '')].filter(Boolean);
    return { collection: 'vehicles', kind: 'Vehicle', name: String(record.name), detail: detail.join(' · ') };
  }
  if (entry.collectionName === 'rounds') return { collection: 'rounds', kind: 'Round', name: String(record.name), detail: '' };
  const vehicle = (record.vehicleInfo ?? {}) as Partial<VehicleInfo>;
  const detail = [vehicle.driver, vehicle.date].filter(Boolean).join(' · ');
  return { collection: 'trolley_exports', kind: 'Run', name: String(record.name ?? '').trim() || 'Untitled Export', detail };
}

const dayMonth = (timestamp: string) =>
  new Date(timestamp.replace(' ', 'T')).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** /deleted: deleted orders and runs, newest first, with who deleted them; Restore and Purge (docs/product.md#deleted). */
export default function DeletedPage() {
  useDocumentTitle('Deleted');
  const deleted = useQuery(deletedQuery());
  const user = useCurrentUser();
  const [purging, setPurging] = useState<{ entry: DeletedEntry; described: Described } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const now = new Date();

  const restore = async (described: Described, id: string) => {
    setBusy(id);
    try {
      await restoreRecord(described.collection, id);
      notify.success(`${described.kind} restored.`);
    } catch (err) {
      notify.error(describeError(err, `The ${described.kind.toLowerCase()} could not be restored. Try again.`));
    } finally {
      setBusy(null);
    }
  };

  const purge = async () => {
    if (!purging) return;
    const { entry, described } = purging;
    const id = String(entry.record.id);
    setPurging(null);
    setBusy(id);
    try {
      await purgeRecord(described.collection, id);
      notify.success(`${described.kind} purged for good.`);
    } catch (err) {
      notify.error(describeError(err, `The ${described.kind.toLowerCase()} could not be purged. Try again.`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="mx-auto max-w-3xl px-3 py-5 sm:px-4" aria-labelledby="deleted-title">
      <h1 id="deleted-title" className="text-2xl font-bold text-slate-900">
        Deleted
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Deleted orders and runs wait here until they are purged for good. Restore brings one back as it was.
      </p>
      {deleted.isPending && <LoadingScreen />}
      {deleted.isError && (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Deleted could not be loaded. Check your connection and{' '}
          <button type="button" className="font-semibold underline" onClick={() => void deleted.refetch()}>
            try again
          </button>
          .
        </div>
      )}
      {deleted.isSuccess &&
        (deleted.data.items.length === 0 ? (
          <p className="mt-6 rounded-md border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-500">
            Nothing has been deleted.
          </p>
        ) : (
          <>
            <ul
              className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              aria-label="Deleted orders and runs"
            >
              {deleted.data.items.map((entry) => {
                const described = describe(entry, now.getFullYear());
                const id = String(entry.record.id);
                return (
                  <li
                    key={`${entry.collectionName}/${id}`}
                    className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-4"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="flex min-w-0 items-baseline gap-2">
                        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                          {described.kind}
                        </span>
                        <span className="truncate font-semibold text-slate-900">{described.name}</span>
                      </p>
                      {described.detail && <p className="mt-0.5 truncate text-sm text-slate-600">{described.detail}</p>}
                      <p className="mt-0.5 text-sm text-slate-500">
                        Deleted by {entry.deletedByName}, {shortWhen(entry.deleted, now)} · kept until {dayMonth(entry.purgeAfter)}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      {canRestore(user) && (
                        <Button
                          size="sm"
                          variant="primary"
                          className="max-sm:flex-1"
                          aria-label={`Restore ${described.name}`}
                          disabled={busy === id}
                          onClick={() => void restore(described, id)}
                        >
                          Restore
                        </Button>
                      )}
                      {canPurge(user) && (
                        <Button
                          size="sm"
                          variant="secondary"
                          className="text-red-700! hover:bg-red-50! max-sm:flex-1"
                          aria-label={`Purge ${described.name}`}
                          disabled={busy === id}
                          onClick={() => setPurging({ entry, described })}
                        >
                          Purge
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            {deleted.data.totalItems > deleted.data.items.length && (
              <p className="mt-3 text-sm text-slate-500">
                Showing the {deleted.data.items.length} most recently deleted of {deleted.data.totalItems}.
              </p>
            )}
          </>
        ))}
      <Dialog
        open={purging !== null}
        onClose={() => setPurging(null)}
        title="Purge for good?"
        description={
          purging && (
            <>
              {purging.described.kind} “{purging.described.name}” and its history will be removed for good. This cannot be undone.
            </>
          )
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setPurging(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void purge()}>
            Purge
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
