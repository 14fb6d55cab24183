import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { COUNT_LABELS } from '#domain/collections/trolley-movements';
import { COUNTS, type Balance } from '#domain/ledger/balance';
import type { CustomerRecord } from '#domain/records';
import { formatCalendarDate, localCalendarDate } from '#domain/weeks';
import { shrinkPhoto } from '../../components/attachments/shrink-photo';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { notify } from '../../components/ui/toast';
import { customerListQuery } from '../../lib/customers/customer-queries';
import { describeError } from '../../lib/describe-error';
import { recordTransfer } from '../../lib/ledger/ledger-queries';

const today = () => formatCalendarDate(localCalendarDate(new Date()));
const NONE: Balance = { trolleys: 0, shelves: 0, extensions: 0 };

/**
 * "Hand on to a customer" in a haulier's ledger (docs/decisions/079): the customer, the day, the
 * counts, who received them and the docket's photo, sent together; the server writes the haulier's
 * return and the customer's delivery as one pair, or nothing, and says which field was wrong.
 */
export function TransferForm({ haulier }: { haulier: CustomerRecord }) {
  const book = useQuery(customerListQuery(''));
  const customers = (book.data ?? []).filter((party) => party.kind !== 'haulier' && party.active);
  const [customer, setCustomer] = useState('');
  const [date, setDate] = useState(today);
  const [counts, setCounts] = useState<Balance>(NONE);
  const [receivedBy, setReceivedBy] = useState('');
  const [docket, setDocket] = useState<File | null>(null);
  const [note, setNote] = useState('');
  // The server's "would leave -3": office staff and admins confirm with the reason in the note (docs/decisions/065).
  const [belowZero, setBelowZero] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    const form = new FormData();
    form.set('haulier', haulier.id);
    form.set('customer', customer);
    form.set('date', date);
    for (const count of COUNTS) form.set(count, String(counts[count]));
    form.set('receivedBy', receivedBy);
    form.set('note', note);
    if (belowZero !== '') form.set('belowZero', 'true');
    // A phone's photo of the docket is shrunk as every attachment is (docs/decisions/043); a PDF goes as it is.
    const sent = docket ? await shrinkPhoto(docket) : null;
    if (sent) form.set('attachments', sent, sent.name || 'docket.jpg');
    try {
      const answer = await recordTransfer(form);
      notify.success(answer.message);
      setCustomer('');
      setCounts(NONE);
      setReceivedBy('');
      setDocket(null);
      setNote('');
      setBelowZero('');
      // A file input cannot be emptied by its value: a new one replaces it.
      setFormKey((key) => key + 1);
    } catch (err) {
      const data = (err as { response?: { data?: Record<string, { message?: unknown }> } } | null)?.response?.data ?? {};
      const named = Object.fromEntries(Object.entries(data).map(([name, detail]) => [name, String(detail?.message ?? '')]));
      if (named.belowZero) setBelowZero(named.belowZero);
      else {
        setErrors(named);
        setMessage({ tone: 'error', text: `Nothing was handed on. ${describeError(err)}` });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      key={formKey}
      aria-label="Hand on to a customer"
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={(e) => void submit(e)}
    >
      <h3 className="font-semibold text-slate-900">Hand on to a customer</h3>
      <p className="text-sm text-slate-600">
        Trolleys {haulier.name} delivered to a customer for us: taken off {haulier.name}&apos;s balance and added to the customer&apos;s.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Customer"
          value={customer}
          error={errors.customer}
          options={[{ value: '', label: 'Choose…' }, ...customers.map((party) => ({ value: party.id, label: party.name }))]}
          onChange={(e) => setCustomer(e.target.value)}
        />
        <TextField label="Date" type="date" required value={date} error={errors.date} onChange={(e) => setDate(e.target.value)} />
      </div>
      <div className="grid grid-cols-3 gap-3">
        {COUNTS.map((count) => (
          <TextField
            key={count}
            label={COUNT_LABELS[count]}
            type="number"
            inputMode="numeric"
            min={0}
            max={999}
            step={1}
            value={String(counts[count])}
            error={errors[count]}
            onChange={(e) => setCounts({ ...counts, [count]: e.target.value === '' ? 0 : Number(e.target.value) })}
          />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Received by"
          required
          maxLength={100}
          autoComplete="off"
          value={receivedBy}
          error={errors.receivedBy}
          onChange={(e) => setReceivedBy(e.target.value)}
        />
        <TextField
          label="Docket photo"
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          required
          error={errors.attachments}
          onChange={(e) => setDocket(e.target.files?.[0] ?? null)}
        />
      </div>
      {belowZero !== '' && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          {belowZero} Give the reason as the note, then press Hand on again.
        </p>
      )}
      <TextField
        label={belowZero !== '' ? 'Reason' : 'Note'}
        required={belowZero !== ''}
        maxLength={1000}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormMessage message={message} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : belowZero !== '' ? 'Yes, hand on below zero' : 'Hand on'}
        </Button>
      </div>
    </form>
  );
}
