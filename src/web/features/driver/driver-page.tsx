import { useState } from 'react';
import { holdingInWords, mapsUrl, type DriverDrop, type DriverStop } from '#domain/driver/driver-link';
import { countsInWords } from '#domain/ledger/count-words';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useParams } from '../../lib/router/hooks';
import { DropForm } from './drop-form';
import type { QueuedDrop } from './drop-queue';
import { useDriverRun } from './use-driver-run';

const NOT_OUT_YET: Readonly<Record<string, string>> = {
  new: 'This run has not left the yard yet. Drops can be recorded once the office has dispatched it.',
  loading: 'This run is still being loaded. Drops can be recorded once the office has dispatched it.',
  cancelled: 'This run was cancelled. Ask the office.',
};

/** dd-mm-yyyy, as the run sheet prints a date. */
const sheetDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('-') : iso);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * /d/:code — the driver's page (docs/decisions/044): the run a driver's link opens, its drops
 * first drop first, and each drop recorded on the phone, then sent. A drop shows "Sent" only once
 * the server has answered with it; until then "Not sent".
 */
export default function DriverPage() {
  const { code = '' } = useParams();
  const { state, record, discard, retry } = useDriverRun(code);
  const [open, setOpen] = useState<string | null>(null);
  useDocumentTitle(state.state === 'open' ? `Driver · ${state.run.run.name}` : 'Driver');

  if (state.state === 'opening') return <Frame>Opening the run…</Frame>;
  if (state.state === 'refused')
    return (
      <Frame>
        <p role="alert" className="text-lg text-red-800">
          {state.message}
        </p>
      </Frame>
    );
  if (state.state === 'offline-first')
    return (
      <Frame>
        <p role="alert" className="text-lg text-slate-800">
          No connection. Open this link again when there is signal: the run is kept on the phone once it has opened.
        </p>
      </Frame>
    );

  const { run, queued, offline } = state;
  const waiting = queued.filter((drop) => drop.refused === '');
  const sentOf = new Map(run.drops.map((drop) => [drop.stop, drop]));
  const queuedOf = new Map(queued.map((drop) => [drop.stop, drop]));
  const done = run.stops.filter((stop) => sentOf.has(stop.stop)).length;
  // Drops are recorded once the run has left the yard (docs/decisions/042); '' before run states existed.
  const notYet = NOT_OUT_YET[run.run.state];
  // "since 3 Nov" needs no year in the run's own year.
  const thisYear = Number(run.run.date.slice(0, 4)) || new Date().getFullYear();

  return (
    <main className="mx-auto max-w-xl px-3 pt-4 pb-16 text-slate-900">
      <header>
        <p className="text-sm text-slate-600">{run.nursery}</p>
        <h1 className="text-2xl font-bold">{run.run.name || 'Run'}</h1>
        <p className="text-base text-slate-700">
          {sheetDate(run.run.date)} · {[run.run.reg, run.run.driver].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-1 text-base" aria-live="polite">
          {done} of {run.stops.length} drops sent
        </p>
      </header>
      {waiting.length > 0 && (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-base text-amber-900">
          {plural(waiting.length, 'drop', 'drops')} not sent — will send when there is signal.
          <Button variant="secondary" size="lg" fullWidth className="mt-2" onClick={retry}>
            Try sending now
          </Button>
        </div>
      )}
      {notYet && (
        <p role="status" className="mt-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-base">
          {notYet}
        </p>
      )}
      {offline && waiting.length === 0 && <p className="mt-3 text-base text-slate-600">No connection: showing the run as last read.</p>}
      <ol className="mt-4 space-y-3" aria-label="Drops">
        {run.stops.map((stop) => (
          <li
            key={stop.stop}
            className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
            aria-label={`Drop ${stop.drop}: ${stop.title}`}
          >
            <StopDetails stop={stop} thisYear={thisYear} />
            <DropState sent={sentOf.get(stop.stop)} queued={queuedOf.get(stop.stop)} onDiscard={discard} />
            {!sentOf.has(stop.stop) &&
              !queuedOf.has(stop.stop) &&
              !notYet &&
              (open === stop.stop ? (
                <DropForm
                  stop={stop}
                  onCancel={() => setOpen(null)}
                  onRecord={async (drop) => {
                    await record(drop);
                    setOpen(null);
                  }}
                />
              ) : (
                <Button variant="primary" size="lg" fullWidth className="mt-3" onClick={() => setOpen(stop.stop)}>
                  Record drop {stop.drop}
                </Button>
              ))}
          </li>
        ))}
      </ol>
    </main>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto max-w-xl px-4 py-10 text-lg">{children}</main>;
}

function StopDetails({ stop, thisYear }: { stop: DriverStop; thisYear: number }) {
  const leave = [
    plural(stop.leave.trolleys, 'trolley', 'trolleys'),
    plural(stop.leave.shelves, 'shelf', 'shelves'),
    plural(stop.leave.extensions, 'extension', 'extensions'),
  ].join(' · ');
  return (
    <div>
      <p className="text-sm font-semibold text-slate-500">Drop {stop.drop}</p>
      <h2 className="text-xl font-bold">{stop.title || 'Customer'}</h2>
      {stop.postcode !== '' && (
        <a
          href={mapsUrl(stop.postcode)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-12 items-center text-lg font-semibold text-emerald-800 underline"
        >
          {stop.postcode} — open in maps
        </a>
      )}
      <p className="text-base">Leave: {leave}</p>
      {/* What to collect (docs/decisions/079); a run kept on the phone before this was added has no holding. */}
      {stop.holds && <p className="text-base font-semibold text-slate-800">{holdingInWords(stop.holds, thisYear)}</p>}
      {stop.extras !== '' && <p className="text-base text-slate-700">Extras: {stop.extras}</p>}
      {stop.orderNumber !== '' && <p className="text-sm text-slate-600">Order {stop.orderNumber}</p>}
      {stop.notes !== '' && <p className="mt-1 rounded bg-slate-50 p-2 text-base whitespace-pre-line">{stop.notes}</p>}
    </div>
  );
}

function DropState({
  sent,
  queued,
  onDiscard,
}: {
  sent?: DriverDrop;
  queued?: QueuedDrop;
  onDiscard: (clientId: string) => Promise<void>;
}) {
  if (sent)
    return (
      <p className="mt-2 rounded-md bg-emerald-50 p-2 text-base font-semibold text-emerald-900" role="status">
        {sent.outcome === 'delivered' ? `Delivered to ${sent.receivedBy} · ${backInWords(sent)}` : `Not delivered: ${sent.reason}`} · Sent
      </p>
    );
  if (!queued) return null;
  if (queued.refused !== '')
    return (
      <div className="mt-2 rounded-md bg-red-50 p-2 text-base text-red-900" role="alert">
        Not sent: {queued.refused}
        <Button variant="secondary" size="lg" fullWidth className="mt-2" onClick={() => void onDiscard(queued.clientId)}>
          Remove and record again
        </Button>
      </div>
    );
  return (
    <p className="mt-2 rounded-md bg-amber-50 p-2 text-base font-semibold text-amber-900" role="status">
      {queued.outcome === 'delivered' ? `Delivered to ${queued.receivedBy}` : `Not delivered: ${queued.reason}`} · Not sent — will send when
      there is signal
    </p>
  );
}

/** "2 trolleys, 1 shelf back" or "nothing back": singular for one, the zero counts left out. */
function backInWords(drop: Pick<DriverDrop, 'trolleysBack' | 'shelvesBack' | 'extensionsBack'>): string {
  const back = countsInWords({ trolleys: drop.trolleysBack, shelves: drop.shelvesBack, extensions: drop.extensionsBack });
  return `${back === '' ? 'nothing' : back} back`;
}
