import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { COUNT_LABELS } from '#domain/collections/trolley-movements';
import { COUNTS, type Balance } from '#domain/ledger/balance';
import type { BookingResult } from '#domain/ledger/booking';
import { LEDGER_API } from '#domain/ledger/ledger-api';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { ledgerKeys } from '../../lib/ledger/ledger-queries';
import { pb } from '../../lib/pb';
import { queryClient } from '../../lib/query-client';
import { bookingPreviewQuery } from '../../lib/runs/dispatch-queries';

// "Book trolleys out" for a saved run (docs/decisions/038): a preview of each stop with its
// customer and counts, which a person may change, then one request that books them all, once.

/** The dialog for one run: `run` is its id, or null when closed. */
export function BookRunOutDialog({ run, name, onClose }: { run: string | null; name: string; onClose: () => void }) {
  const preview = useQuery(bookingPreviewQuery(run ?? ''));
  const [counts, setCounts] = useState<Record<string, Balance>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  useEffect(() => {
    if (!preview.data) return;
    setCounts(
      Object.fromEntries(
        preview.data.stops.map((stop) => [stop.stop, { trolleys: stop.trolleys, shelves: stop.shelves, extensions: stop.extensions }]),
      ),
    );
  }, [preview.data]);
  useEffect(() => setMessage(null), [run]);

  const bookable = preview.data?.stops.filter((stop) => !stop.booked && stop.problem === '') ?? [];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !run) return;
    setBusy(true);
    setMessage(null);
    try {
      const stops = bookable.map((stop) => ({ stop: stop.stop, ...(counts[stop.stop] ?? stop) }));
      const result = await pb.send<BookingResult>(LEDGER_API.booking(run), { method: 'POST', body: { stops } });
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      if (result.booked > 0) notify.success(result.message);
      else notify.info(result.message);
      onClose();
    } catch (err) {
      setMessage({ tone: 'error', text: describeError(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={run !== null}
      onClose={onClose}
      title={`Book trolleys out: ${name}`}
      description="Each stop's trolleys, shelves and extensions go out to its customer's ledger. Change a count before booking if the lorry took something else."
      className="sm:max-w-2xl"
    >
      {preview.isPending && <p className="text-sm text-slate-500">Loading the run…</p>}
      {preview.isError && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(preview.error)}
        </p>
      )}
      {preview.data && (
        <form className="space-y-3" onSubmit={(e) => void submit(e)}>
          <ul aria-label="Stops to book" className="divide-y divide-slate-200">
            {preview.data.stops.map((stop) => (
              <li key={stop.stop} className="py-2">
                <p className="text-sm font-semibold text-slate-900">
                  {stop.customerName || stop.title}
                  {stop.trollies && <span className="font-normal text-slate-500"> · run says {stop.trollies} trollies</span>}
                  {stop.extras && <span className="font-normal text-slate-500"> · extras {stop.extras}</span>}
                </p>
                {stop.booked ? (
                  <p className="text-sm text-emerald-800">Booked out already.</p>
                ) : stop.problem ? (
                  <p className="text-sm text-amber-800">Not booked: {stop.problem}</p>
                ) : (
                  <div className="mt-1 grid grid-cols-3 gap-2">
                    {COUNTS.map((count) => (
                      <label key={count} className="text-xs font-medium text-slate-700">
                        {COUNT_LABELS[count]}
                        <input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={999}
                          step={1}
                          aria-label={`${COUNT_LABELS[count]} for ${stop.customerName}`}
                          className="mt-0.5 block min-h-11 w-full rounded-md border border-slate-300 px-2 py-1 text-base md:min-h-9 md:text-sm"
                          value={String(counts[stop.stop]?.[count] ?? 0)}
                          onChange={(e) =>
                            setCounts((current) => ({
                              ...current,
                              [stop.stop]: { ...(current[stop.stop] ?? stop), [count]: e.target.value === '' ? 0 : Number(e.target.value) },
                            }))
                          }
                        />
                      </label>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <FormMessage message={message} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy || bookable.length === 0}>
              {busy ? 'Booking...' : `Book ${bookable.length} stop${bookable.length === 1 ? '' : 's'} out`}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
