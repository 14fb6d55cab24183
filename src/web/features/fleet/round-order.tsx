import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RoundRecord } from '#domain/collections/rounds';
import { ordinal, stopCertainty } from '#domain/plan/round-order-words';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { pinCustomer, roundOrderQuery } from '../../lib/fleet/fleet-queries';

/** The place select's value for "no pin": the runs decide. */
const LEARNED = 0;

/**
 * A round's customers in the drop order learned from the nursery's runs, each with how sure the
 * order is of its place (docs/decisions/076). Office staff and admins pin a customer's place, or
 * unpin it, with the select beside it; the order is asked again at once.
 */
export function RoundOrderDialog({ round, canChange, onClose }: { round: RoundRecord | null; canChange: boolean; onClose: () => void }) {
  const order = useQuery({ ...roundOrderQuery(round?.id ?? ''), enabled: round !== null });
  const [busy, setBusy] = useState<string | null>(null);
  const stops = order.data?.stops ?? [];

  const pin = async (customer: string, name: string, place: number) => {
    setBusy(customer);
    try {
      await pinCustomer(customer, place);
      notify.success(place === LEARNED ? `${name} follows the runs again.` : `${name} pinned ${ordinal(place)}.`);
    } catch (err) {
      notify.error(describeError(err, `${name}'s place was not changed. Try again.`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={round !== null}
      onClose={onClose}
      title={round?.name ?? ''}
      description="Its customers in the drop order learned from your runs: recent runs count more, and a pin wins."
      className="sm:max-w-2xl"
    >
      {order.isPending && <LoadingScreen />}
      {order.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The round's order could not be loaded. Check your connection and{' '}
          <button type="button" className="font-semibold underline" onClick={() => void order.refetch()}>
            try again
          </button>
          .
        </p>
      )}
      {order.isSuccess && stops.length === 0 && (
        <p className="text-sm text-slate-600">No customers are in this round yet. Set a customer's round on the Customers screen.</p>
      )}
      {stops.length > 0 && (
        <ol aria-label={`Drop order of ${round?.name ?? ''}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {stops.map((stop, index) => (
            <li key={stop.customer} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span aria-hidden="true" className="w-6 shrink-0 text-right text-sm font-bold text-slate-500 tabular-nums">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {stop.name}
                  {stop.postcode && <span className="ml-2 text-sm font-normal text-slate-600">{stop.postcode}</span>}
                </p>
                <p className="text-sm text-slate-600" data-testid="how-sure">
                  {stopCertainty(stops, index)}
                </p>
              </div>
              {canChange && (
                // On a phone the select takes its own line under the name, so the name is not squeezed.
                <label className="flex w-full items-center gap-2 pl-9 text-sm text-slate-700 sm:w-auto sm:pl-0">
                  <span className="sr-only">Place of {stop.name}</span>
                  <select
                    className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 sm:w-auto md:min-h-9"
                    value={stop.pin}
                    disabled={busy === stop.customer}
                    onChange={(e) => void pin(stop.customer, stop.name, Number(e.target.value))}
                  >
                    <option value={LEARNED}>As the runs say</option>
                    {/* A pin past the end (the round has shrunk since) stays choosable as it is. */}
                    {Array.from({ length: Math.max(stops.length, stop.pin) }, (_, place) => (
                      <option key={place} value={place + 1}>
                        Pinned {ordinal(place + 1)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
