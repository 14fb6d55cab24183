import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { stopKey } from '#domain/ledger/booking';
import type { RunDropRecord } from '#domain/records';
import { dropLine, dropProgress } from '#domain/runs/drops';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { countsInWords } from '#domain/ledger/count-words';
import { runDropsQuery, runStopsQuery } from '../../lib/runs/drop-queries';
import { runBookedQuery } from '../../lib/runs/dispatch-queries';
import type { RunSummary } from '../../lib/runs/run-queries';
import { RecordDropDialog, type DropStop } from './record-drop-dialog';
import { shortTime } from './run-steps';

// A dispatched or delivered run's drops (docs/decisions/042): "2 of 5 drops", live, each stop with
// its outcome, its delivery note, and "Record drop" for a driver who phones the office; and what
// the run booked out at each stop (docs/decisions/064).

/** The progress line and the list of stops with what happened at each. */
export function RunDrops({ run, name, canRecord }: { run: RunSummary; name: string; canRecord: boolean }) {
  const stops = useQuery(runStopsQuery(run.id));
  const drops = useQuery(runDropsQuery(run.id));
  const booked = useQuery(runBookedQuery(run.id));
  const [open, setOpen] = useState(run.state === 'dispatched');
  const [recording, setRecording] = useState<DropStop | null>(null);
  if (!stops.data || !drops.data)
    return stops.isError || drops.isError ? (
      <p className="text-sm text-red-700">The drops of this run could not be loaded.</p>
    ) : (
      <p className="text-sm text-slate-500">Loading drops…</p>
    );

  const list: DropStop[] = stops.data.data.map((stop, index) => ({ ...stop, key: stopKey(stop, index), number: index + 1 }));
  const byStop = new Map(drops.data.map((drop) => [drop.stop, drop]));
  const progress = dropProgress(
    list.map((stop) => stop.key),
    drops.data,
  );
  const listId = `drops-${run.id}`;
  return (
    <div className="mt-2">
      <div className="flex items-center gap-3 text-sm">
        <span className="font-semibold text-slate-800" aria-live="polite" data-testid="drop-progress">
          {progress}
        </span>
        <button
          type="button"
          className="text-emerald-800 underline"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide drops' : 'Show drops'}
        </button>
      </div>
      {open && (
        <ol id={listId} className="mt-2 space-y-1.5" aria-label={`Drops of ${name}`}>
          {list.map((stop) => {
            const drop = byStop.get(stop.key);
            return (
              <li key={stop.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-50 px-2 py-1.5 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-slate-900">
                    {stop.number}. {stop.title || 'Stop'}
                  </span>
                  {stop.postcode && <span className="text-slate-500"> · {stop.postcode}</span>}
                  {booked.data && <BookedLine counts={booked.data.get(stop.key)} />}
                  <span className={`block ${drop?.outcome === 'not_delivered' ? 'text-red-700' : 'text-slate-600'}`}>
                    {drop ? dropLine(drop, shortTime(drop.recordedAt)) : 'Not recorded yet'}
                  </span>
                </span>
                {drop && <DeliveryNoteButton run={run} stops={list} stop={stop} drop={drop} />}
                {!drop && canRecord && run.state !== 'cancelled' && (
                  <Button size="sm" onClick={() => setRecording(stop)} aria-label={`Record drop: ${stop.title || `stop ${stop.number}`}`}>
                    Record drop
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <RecordDropDialog run={run.id} stop={recording} onClose={() => setRecording(null)} />
    </div>
  );
}

/** What the run booked out at a stop: "Booked out: 3 trolleys, 1 shelf", or that nothing was. */
function BookedLine({ counts }: { counts: Parameters<typeof countsInWords>[0] | undefined }) {
  const words = counts ? countsInWords(counts) : '';
  return (
    <span className={`block ${words ? 'text-slate-600' : 'text-amber-800'}`}>{words ? `Booked out: ${words}` : 'Nothing booked out'}</span>
  );
}

function DeliveryNoteButton({ run, stops, stop, drop }: { run: RunSummary; stops: DropStop[]; stop: DropStop; drop: RunDropRecord }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadDeliveryNote } = await import('../../lib/pdf/print-delivery-note');
      await downloadDeliveryNote({ run: run.id, runName: run.name, runDate: run.vehicleInfo.date, stop, dropCount: stops.length, drop });
    } catch (err) {
      notify.error(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      onClick={() => void download()}
      aria-label={`Delivery note: ${stop.title || `stop ${stop.number}`}`}
    >
      {busy ? 'Making…' : 'Delivery note'}
    </Button>
  );
}
