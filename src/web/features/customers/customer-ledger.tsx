import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { COUNT_LABELS, MOVEMENT_KIND_LABELS, REASON_LABELS } from '#domain/collections/trolley-movements';
import { COUNTS, daysOwed } from '#domain/ledger/balance';
import { balanceInWords, owedInWords, returnedExtraInWords } from '#domain/ledger/balance-words';
import { countInWords, countsInWords } from '#domain/ledger/count-words';
import { canChangeLedger, canRecordKind, type CustomerBalance } from '#domain/ledger/ledger-api';
import type { CustomerRecord, TrolleyMovementRecord } from '#domain/records';
import { formatCalendarDate, localCalendarDate } from '#domain/weeks';
import { ExportCsvButton } from '../../components/export-csv-button';
import { CustomerBalanceLink } from './customer-balance-link';
import { announceDeleted } from '../../components/trail/announce-deleted';
import { AttachmentsPanel } from '../../components/attachments/attachments-panel';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Checkbox, SelectField, TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import {
  balancesByCustomer,
  balancesQuery,
  deleteMovement,
  deleteTransfer,
  movementsQuery,
  recordMovement,
  transferQuery,
  updateMovement,
  type MovementFields,
} from '../../lib/ledger/ledger-queries';
import { useCurrentUser } from '../../lib/use-current-user';
import { StopDeliveryNote } from '../../components/stop-delivery-note';
import { TransferForm } from './transfer-form';

// The trolley ledger on the Customers screen (docs/decisions/038): what each customer owes in the
// list, sorting by it, and the chosen customer's ledger with "Record a return" and corrections.

const today = () => formatCalendarDate(localCalendarDate(new Date()));

const dayText = (date: string) =>
  date ? new Date(`${date}T12:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';

/** The nursery's balances by customer (one request for the whole screen). */
export function useBalances(): ReadonlyMap<string, CustomerBalance> {
  const answer = useQuery(balancesQuery());
  return balancesByCustomer(answer.data);
}

/**
 * What a customer owes, in red, and since when; more back than booked out in amber, never as a
 * negative owed count (docs/decisions/065); nothing when the balance is square.
 */
export function CustomerOwed({ balance }: { balance: CustomerBalance | undefined }) {
  if (!balance || COUNTS.every((count) => balance[count] === 0)) return null;
  const owed = owedInWords(balance);
  const extra = returnedExtraInWords(balance);
  return (
    <p className="text-sm font-semibold">
      {owed && (
        <span className="text-red-700">
          Owes {owed}
          {balance.since && <span className="font-normal"> · since {dayText(balance.since)}</span>}
        </span>
      )}
      {owed && extra && ' · '}
      {extra && <span className="text-amber-800">{extra}</span>}
    </p>
  );
}

export type CustomerSort = 'name' | 'owed' | 'longest';

export const CUSTOMER_SORTS: ReadonlyArray<{ value: CustomerSort; label: string }> = [
  { value: 'name', label: 'Name' },
  { value: 'owed', label: 'Most trolleys owed' },
  { value: 'longest', label: 'Owed the longest' },
];

/** The customer list in the chosen order: by name (as loaded), by trolleys owed, or by how long owed. */
export function sortCustomers(
  customers: readonly CustomerRecord[],
  balances: ReadonlyMap<string, CustomerBalance>,
  sort: CustomerSort,
): CustomerRecord[] {
  if (sort === 'name') return [...customers];
  const now = today();
  const key = (customer: CustomerRecord) => {
    const balance = balances.get(customer.id);
    if (!balance) return 0;
    return sort === 'owed' ? balance.trolleys : balance.since ? daysOwed(balance.since, now) + 1 : 0;
  };
  return [...customers].sort((a, b) => key(b) - key(a));
}

const EMPTY_FIELDS = (): MovementFields => ({ kind: 'in', reason: '', date: today(), trolleys: 0, shelves: 0, extensions: 0, note: '' });

/** The fields of a movement the form changes. */
const fieldsOf = ({ kind, reason, date, trolleys, shelves, extensions, note }: TrolleyMovementRecord): MovementFields => ({
  kind,
  reason,
  date,
  trolleys,
  shelves,
  extensions,
  note,
});

const signed = (movement: TrolleyMovementRecord, count: (typeof COUNTS)[number]) => {
  const value = movement.kind === 'in' ? -movement[count] : movement[count];
  return value > 0 ? `+${value}` : String(value);
};

/** The form that records a movement (a return, for staff) or changes one (office staff and admins). */
function MovementForm({
  customer,
  editing,
  mayChooseKind,
  onDone,
}: {
  customer: CustomerRecord;
  editing: TrolleyMovementRecord | null;
  mayChooseKind: boolean;
  onDone: () => void;
}) {
  const [fields, setFields] = useState<MovementFields>(EMPTY_FIELDS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's "would leave -7" (docs/decisions/065): office staff and admins may then confirm with a reason.
  const [belowZero, setBelowZero] = useState<{ asked: string; confirmed: boolean } | null>(null);
  useEffect(() => {
    setFields(editing ? fieldsOf(editing) : EMPTY_FIELDS());
    setErrors({});
    setMessage(null);
    setBelowZero(null);
  }, [editing]);
  const set = (changes: Partial<MovementFields>) => setFields((current) => ({ ...current, ...changes }));
  const adjustment = fields.kind === 'adjustment';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const body = { ...fields, reason: adjustment ? fields.reason : '', ...(belowZero?.confirmed ? { belowZero: true as const } : {}) };
      if (editing) await updateMovement(editing.id, body);
      else await recordMovement(customer.id, body);
      notify.success(editing ? 'Movement saved.' : fields.kind === 'in' ? 'Return recorded.' : 'Movement recorded.');
      setFields(EMPTY_FIELDS());
      setBelowZero(null);
      onDone();
    } catch (err) {
      const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
      const named = Object.fromEntries(Object.entries(data).map(([name, detail]) => [name, String(detail?.message ?? '')]));
      if (named.belowZero && mayChooseKind) {
        // Asked in place: the sentence, a tick box and the reason, instead of a bare refusal.
        setBelowZero({ asked: named.belowZero, confirmed: false });
        setErrors({});
        setMessage(null);
        return;
      }
      setErrors(named);
      setMessage({ tone: 'error', text: describeError(err) });
    } finally {
      setBusy(false);
    }
  };

  const number = (count: (typeof COUNTS)[number]) => (
    <TextField
      key={count}
      label={COUNT_LABELS[count]}
      type="number"
      inputMode="numeric"
      min={adjustment ? -999 : 0}
      max={999}
      step={1}
      value={String(fields[count])}
      error={errors[count]}
      onChange={(e) => set({ [count]: e.target.value === '' ? 0 : Number(e.target.value) })}
    />
  );

  return (
    <form
      aria-label={editing ? 'Change movement' : 'Record a return'}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={(e) => void submit(e)}
    >
      <h3 className="font-semibold text-slate-900">
        {editing ? 'Change movement' : mayChooseKind ? 'Record a movement' : 'Record a return'}
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {mayChooseKind && (
          <SelectField
            label="Kind"
            value={fields.kind}
            error={errors.kind}
            options={(['in', 'out', 'adjustment'] as const).map((kind) => ({ value: kind, label: MOVEMENT_KIND_LABELS[kind] }))}
            onChange={(e) => set({ kind: e.target.value as MovementFields['kind'] })}
          />
        )}
        {adjustment && (
          <SelectField
            label="Reason"
            value={fields.reason}
            error={errors.reason}
            options={(['', 'count', 'lost', 'damaged'] as const).map((reason) => ({
              value: reason,
              label: reason ? REASON_LABELS[reason] : 'Choose…',
            }))}
            onChange={(e) => set({ reason: e.target.value as MovementFields['reason'] })}
          />
        )}
        <TextField
          label="Date"
          type="date"
          required
          value={fields.date}
          error={errors.date}
          onChange={(e) => set({ date: e.target.value })}
        />
        {COUNTS.map(number)}
      </div>
      {adjustment && (
        <p className="text-sm text-slate-600">
          An adjustment adds to what the customer holds: a minus number for fewer (lost, damaged, a count).
        </p>
      )}
      {belowZero ? (
        <div role="group" aria-label="Below zero" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p role="alert" className="text-sm font-medium">
            {belowZero.asked}
          </p>
          <Checkbox
            label="Yes, record it below zero"
            checked={belowZero.confirmed}
            onChange={(confirmed) => setBelowZero({ ...belowZero, confirmed })}
          />
          <TextField
            label="Reason"
            hint="Kept as the note of the movement."
            required={belowZero.confirmed}
            value={fields.note}
            error={errors.note}
            maxLength={1000}
            onChange={(e) => set({ note: e.target.value })}
          />
        </div>
      ) : (
        <TextField label="Note" value={fields.note} error={errors.note} maxLength={1000} onChange={(e) => set({ note: e.target.value })} />
      )}
      <FormMessage message={message} />
      <div className="flex flex-wrap justify-end gap-2">
        {editing && (
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={busy || (belowZero !== null && !belowZero.confirmed)}>
          {busy ? 'Saving...' : editing ? 'Save' : fields.kind === 'in' ? 'Record return' : 'Record'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Delete on either half of a haulier's transfer (docs/decisions/079): it asks, naming the haulier
 * and the customer, and deletes both halves together; one half alone would leave a balance wrong.
 */
function TransferDelete({ movement }: { movement: TrolleyMovementRecord }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const pair = useQuery({ ...transferQuery(movement.transfer), enabled: asking });
  const from = pair.data?.find((half) => half.kind === 'in');
  const to = pair.data?.find((half) => half.kind === 'out');
  const remove = async () => {
    setBusy(true);
    try {
      notify.success((await deleteTransfer(movement.transfer)).message);
    } catch (err) {
      notify.error(describeError(err));
      setBusy(false);
    }
  };
  if (!asking)
    return (
      <Button size="sm" onClick={() => setAsking(true)} aria-label={`Delete the transfer of ${dayText(movement.date)}`}>
        Delete
      </Button>
    );
  return (
    <div role="group" aria-label="Delete the transfer" className="flex max-w-xs flex-col gap-2">
      <p className="text-sm text-slate-900">
        {pair.isError
          ? describeError(pair.error)
          : from && to
            ? `Delete the whole transfer: ${countsInWords(to)} from ${from.expand?.customer?.name ?? 'the haulier'} to ${to.expand?.customer?.name ?? 'the customer'}? Both movements go.`
            : 'Finding both halves of the transfer…'}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="danger" disabled={busy || !from || !to} onClick={() => void remove()}>
          Delete transfer
        </Button>
        <Button size="sm" onClick={() => setAsking(false)} disabled={busy}>
          Keep
        </Button>
      </div>
    </div>
  );
}

/** One movement in the ledger: its day, kind, signed counts and note; Change and Delete for office staff and admins. */
function MovementItem({ movement, mayChange, onEdit }: { movement: TrolleyMovementRecord; mayChange: boolean; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const kind = MOVEMENT_KIND_LABELS[movement.kind] + (movement.reason ? ` (${REASON_LABELS[movement.reason].toLowerCase()})` : '');
  const counts = COUNTS.filter((count) => movement[count] !== 0).map((count) => countInWords(signed(movement, count), count));
  const remove = async () => {
    try {
      await deleteMovement(movement.id);
      announceDeleted('trolley_movements', movement.id, 'Movement deleted.', user);
    } catch (err) {
      notify.error(describeError(err));
    }
  };
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-slate-900">
          <span className="font-semibold">{dayText(movement.date)}</span> · {kind} · {counts.join(', ')}
          {movement.run && <span className="text-slate-500"> · from a run</span>}
          {movement.transfer && <span className="text-slate-500"> · handed on by a haulier, received by {movement.receivedBy}</span>}
        </p>
        {movement.note && <p className="text-sm break-words text-slate-600">{movement.note}</p>}
        {(mayChange || movement.attachments.length > 0) && (
          <AttachmentsPanel
            record={movement}
            canChange={mayChange}
            label={`Attachments of the movement of ${dayText(movement.date)}`}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: movementsQuery(movement.customer).queryKey })}
          />
        )}
      </div>
      {movement.run && (
        <StopDeliveryNote run={movement.run} stop={movement.stop} label={`Delivery note of the movement of ${dayText(movement.date)}`} />
      )}
      {mayChange && (
        <div className="flex shrink-0 items-start gap-2">
          <Button size="sm" onClick={onEdit} aria-label={`Change the movement of ${dayText(movement.date)}`}>
            Change
          </Button>
          {movement.transfer ? (
            <TransferDelete movement={movement} />
          ) : confirming ? (
            <Button size="sm" variant="danger" onClick={() => void remove()}>
              Confirm delete
            </Button>
          ) : (
            <Button size="sm" onClick={() => setConfirming(true)} aria-label={`Delete the movement of ${dayText(movement.date)}`}>
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** A customer's trolley ledger: what it holds, its movements, and the forms its reader's role allows. */
export function CustomerLedgerDialog({ customer, onClose }: { customer: CustomerRecord | null; onClose: () => void }) {
  const role = useCurrentUser()?.role;
  const balances = useBalances();
  const movements = useQuery({ ...movementsQuery(customer?.id ?? ''), enabled: customer !== null });
  const [editing, setEditing] = useState<TrolleyMovementRecord | null>(null);
  const mayChange = canChangeLedger(role);
  const balance = customer ? balances.get(customer.id) : undefined;
  const held = balance ?? { trolleys: 0, shelves: 0, extensions: 0 };

  return (
    <Dialog open={customer !== null} onClose={onClose} title={`Trolleys: ${customer?.name ?? ''}`} className="sm:max-w-2xl">
      {customer && (
        <div className="space-y-4">
          <dl aria-label="Balance" className="grid grid-cols-3 gap-2 text-center">
            {COUNTS.map((count) => (
              <div
                key={count}
                className={`rounded-lg p-2 ring-1 ${held[count] > 0 ? 'bg-red-50 text-red-700 ring-red-200' : held[count] < 0 ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-50 text-slate-700 ring-slate-200'}`}
              >
                <dt className="text-xs font-medium">{COUNT_LABELS[count]}</dt>
                {/* More back than booked out reads as such, never as a negative count (docs/decisions/065). */}
                <dd className="text-xl font-bold" data-count={count}>
                  {held[count] < 0 ? `${-held[count]} extra` : held[count]}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600" role="status">
            {`${balanceInWords(held, balance?.since ? dayText(balance.since) : '')}.`}
          </p>
          {mayChange && customer.kind === 'haulier' && <TransferForm haulier={customer} />}
          {canRecordKind(role, 'in') && (
            <MovementForm customer={customer} editing={editing} mayChooseKind={mayChange} onDone={() => setEditing(null)} />
          )}
          <CustomerBalanceLink customerId={customer.id} mayChange={mayChange} />
          <section>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">Movements</h3>
              <ExportCsvButton
                disabled={!movements.isSuccess || movements.data.length === 0}
                make={(csv) =>
                  movements.data
                    ? { text: csv.ledgerCsv(movements.data, customer.name), fileName: csv.csvFileName('ledger', customer.name) }
                    : null
                }
              />
            </div>
            {movements.isPending && <p className="text-sm text-slate-500">Loading…</p>}
            {movements.isError && (
              <p role="alert" className="text-sm text-red-700">
                The movements could not be loaded.
              </p>
            )}
            {movements.isSuccess &&
              (movements.data.length === 0 ? (
                <p className="text-sm text-slate-500">No movements yet.</p>
              ) : (
                <ul aria-label="Movements" className="divide-y divide-slate-200">
                  {movements.data.map((movement) => (
                    <MovementItem key={movement.id} movement={movement} mayChange={mayChange} onEdit={() => setEditing(movement)} />
                  ))}
                </ul>
              ))}
          </section>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
