import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerWithPostcode } from '#domain/customers/close-match';
import { countsInWords } from '#domain/ledger/count-words';
import { stopName, type BookingStop } from '#domain/ledger/booking';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { describeError } from '../../lib/describe-error';
import { bookingPreviewQuery, createCustomerOfStop, linkStopOrder } from '../../lib/runs/dispatch-queries';

// "Dispatch {name}?" (docs/decisions/064): each stop with what will be booked out to whom, a stop
// without a customer linked or its customer made right here, and, before the button, which stops
// will book nothing. Dispatch stays possible with stops left unlinked; it never promises more.

/** What a stop will do when the run is dispatched, in the order the dialog sorts its sentence. */
type StopFate = 'books' | 'booked-before' | 'nothing';

function fateOf(stop: BookingStop): StopFate {
  if (stop.booked) return 'booked-before';
  if (stop.problem !== '' || countsInWords(stop) === '') return 'nothing';
  return 'books';
}

/** "2 stops will book nothing: A, B." — '' when every stop books. */
export function bookNothingSentence(names: readonly string[]): string {
  if (names.length === 0) return '';
  return `${names.length === 1 ? '1 stop' : `${names.length} stops`} will book nothing: ${names.join(', ')}.`;
}

interface DispatchDialogProps {
  run: string;
  name: string;
  open: boolean;
  /** Dispatches the run; resolves once done (the caller shows the server's answer), throws to keep the dialog open. */
  onDispatch: () => Promise<void>;
  onClose: () => void;
}

export function DispatchDialog({ run, name, open, onDispatch, onClose }: DispatchDialogProps) {
  const preview = useQuery({ ...bookingPreviewQuery(run), enabled: open });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const stops = preview.data?.stops ?? [];
  const nothing = stops.flatMap((stop, index) => (fateOf(stop) === 'nothing' ? [stopName(stop, index)] : []));
  const books = stops.filter((stop) => fateOf(stop) === 'books').length;

  const close = () => {
    setMessage(null);
    onClose();
  };
  const dispatch = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await onDispatch();
      close();
    } catch (err) {
      setMessage({ tone: 'error', text: describeError(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Dispatch ${name}?`}
      description="Each stop's trolleys, shelves and extensions will be booked out to its customer, once. Then the drops can be recorded."
      className="sm:max-w-2xl"
    >
      {preview.isPending && <p className="text-sm text-slate-500">Loading the stops…</p>}
      {preview.isError && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(preview.error)}
        </p>
      )}
      {preview.data && (
        <div className="space-y-3">
          {stops.length === 0 ? (
            <p className="text-sm text-slate-600">This run has no stops, so nothing will be booked.</p>
          ) : (
            <ol aria-label={`Stops of ${name}`} className="max-h-[50vh] divide-y divide-slate-200 overflow-y-auto">
              {stops.map((stop, index) => (
                <DispatchStop key={stop.stop} run={run} stop={stop} index={index} />
              ))}
            </ol>
          )}
          {nothing.length > 0 && (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {bookNothingSentence(nothing)}
            </p>
          )}
          <FormMessage message={message} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void dispatch()} disabled={busy}>
              {busy ? 'Dispatching…' : books > 0 ? 'Dispatch and book out' : 'Dispatch without booking'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** A long customer name wraps inside its button on a phone rather than run out of the dialog. */
const WRAPS = 'max-w-full py-1.5 text-left whitespace-normal! break-words';

/** One stop: "Hillside Garden Centre — 3 trolleys, 1 shelf", or why it books nothing with the ways to link it. */
function DispatchStop({ run, stop, index }: { run: string; stop: BookingStop; index: number }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const fate = fateOf(stop);
  const name = stopName(stop, index);
  const counts = countsInWords(stop);
  const title = stop.title.trim();

  const link = async (customer: string) => {
    setBusy(true);
    setProblem('');
    try {
      await linkStopOrder(run, stop.order, customer);
    } catch (err) {
      setProblem(`This stop's order was not linked: ${describeError(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const create = async () => {
    setBusy(true);
    setProblem('');
    let made: { id: string; name: string } | null = null;
    try {
      made = await createCustomerOfStop({ name: title, postcode: stop.postcode, customerType: stop.customerType });
      await linkStopOrder(run, stop.order, made.id);
    } catch (err) {
      // A customer made but not linked is offered as a close match once the preview is read again.
      setProblem(
        made
          ? `${made.name} was added to the customers, but this stop's order was not linked: ${describeError(err)} Link it again below.`
          : `The customer was not added: ${describeError(err)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="py-2.5" aria-label={`${index + 1}. ${name}`}>
      <p className="text-sm text-slate-900">
        <span className="font-semibold">
          {index + 1}. {name}
        </span>
        {fate === 'books' && <span> — {counts}</span>}
        {fate === 'booked-before' && <span className="text-emerald-800"> — booked out already ({counts || 'nothing'})</span>}
        {fate === 'nothing' && stop.problem === '' && <span className="text-amber-800"> — nothing to book</span>}
      </p>
      {fate === 'nothing' && stop.problem !== '' && (
        <p className="mt-0.5 text-sm text-amber-800">
          Books nothing: {stop.order !== '' && stop.customer === '' ? 'its order has no customer yet.' : stop.problem}
        </p>
      )}
      {fate === 'nothing' && stop.problem !== '' && stop.order !== '' && (
        <div className="mt-1.5 flex flex-wrap gap-2" role="group" aria-label={`Customer for ${name}`}>
          {stop.closeMatches.map((match) => (
            <Button key={match.id} size="sm" variant="secondary" className={WRAPS} disabled={busy} onClick={() => void link(match.id)}>
              Link to {customerWithPostcode(match)}
            </Button>
          ))}
          {title !== '' && (
            <Button size="sm" variant="secondary" className={WRAPS} disabled={busy} onClick={() => void create()}>
              Create customer {title}
            </Button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </li>
  );
}
