import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ClientResponseError } from 'pocketbase';
import type { BalanceCounts, OpenDispute } from '#domain/customers/balance-link';
import { countsInWords } from '#domain/ledger/count-words';
import { longDate, plainDate } from '#domain/ledger/iso-dates';
import { Button } from '../../components/ui/button';
import { CountStepper } from '../../components/ui/count-stepper';
import { SelectField, TextArea } from '../../components/ui/fields';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import { openDisputesQuery, resolveDispute, useBalanceRepliesLive } from '../../lib/ledger/balance-reply-queries';
import { useCan } from '../../lib/use-role';

const COUNT_NAMES = [
  ['trolleys', 'Trolleys', 'trolleys'],
  ['shelves', 'Shelves', 'shelves'],
  ['extensions', 'Extensions', 'extensions'],
] as const;

const REASONS = [
  { value: 'count', label: 'Count' },
  { value: 'lost', label: 'Lost' },
  { value: 'damaged', label: 'Damaged' },
];

const inWords = (counts: BalanceCounts) => countsInWords(counts) || 'nothing';

/**
 * /disputes (docs/decisions/078): the customers' open disputes of their balance, live, with the
 * days left to contest the pool operator's statement; office staff and admins resolve each with
 * an adjustment (its reason) or a reply. Everyone reads.
 */
export default function DisputesPage() {
  useDocumentTitle('Disputes');
  useBalanceRepliesLive();
  const open = useQuery(openDisputesQuery());
  const canResolve = useCan('customers');
  const thisYear = new Date().getFullYear();
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-5 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900">Disputes</h1>
      <p className="text-sm text-slate-600">
        What customers say they hold when it is not what the ledger says, sent from their balance link.
      </p>
      {open.data?.contest && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-base text-amber-900">
          Pool statement of {longDate(open.data.contest.statementDate)}: contest by {longDate(open.data.contest.contestBy)} (
          {open.data.contest.workingDaysLeft} working {open.data.contest.workingDaysLeft === 1 ? 'day' : 'days'} left).
        </p>
      )}
      {open.isPending && <LoadingScreen />}
      {open.isError && (
        <p role="alert" className="text-sm text-red-700">
          The disputes could not be loaded. Check your connection and try again.
        </p>
      )}
      {open.isSuccess && open.data.items.length === 0 && <p className="text-slate-600">No open disputes.</p>}
      <ul className="space-y-3">
        {open.data?.items.map((dispute) => (
          <li
            key={dispute.id}
            className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
            aria-label={`Dispute from ${dispute.customerName}`}
          >
            <h2 className="text-lg font-bold text-slate-900">{dispute.customerName}</h2>
            <p className="text-base text-slate-800">
              Says it holds {inWords(dispute)} on {plainDate(dispute.asOf, thisYear)}; the ledger had {inWords(dispute.ledger)}.
            </p>
            {dispute.note !== '' && <p className="mt-1 text-base whitespace-pre-line text-slate-700">“{dispute.note}”</p>}
            {canResolve && <Resolve dispute={dispute} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Resolve({ dispute }: { dispute: OpenDispute }) {
  const [mode, setMode] = useState<'none' | 'adjust' | 'reply'>('none');
  const [change, setChange] = useState<BalanceCounts>({
    trolleys: dispute.trolleys - dispute.ledger.trolleys,
    shelves: dispute.shelves - dispute.ledger.shelves,
    extensions: dispute.extensions - dispute.ledger.extensions,
  });
  const [reason, setReason] = useState('count');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem('');
    setFields({});
    try {
      await resolveDispute(dispute.id, mode === 'adjust' ? { adjustment: { ...change, reason, note: text } } : { reply: text });
    } catch (error) {
      setProblem(describeError(error));
      if (error instanceof ClientResponseError) {
        const data = (error.response.data ?? {}) as Record<string, { message?: string }>;
        setFields(Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value.message ?? ''])));
      }
      setSending(false);
    }
  };

  if (mode === 'none')
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => setMode('adjust')}>
          Adjust balance
        </Button>
        <Button variant="secondary" onClick={() => setMode('reply')}>
          Reply
        </Button>
      </div>
    );
  return (
    <form className="mt-3 space-y-3" onSubmit={(event) => void submit(event)} aria-label={mode === 'adjust' ? 'Adjust balance' : 'Reply'}>
      {mode === 'adjust' && (
        <>
          <p className="text-sm text-slate-600">The change to the ledger (a minus number for fewer).</p>
          {COUNT_NAMES.map(([key, label, word]) => (
            <CountStepper
              key={key}
              label={label}
              fewerLabel={`Fewer ${word}`}
              moreLabel={`More ${word}`}
              value={change[key]}
              min={-999}
              max={999}
              error={fields[key]}
              onChange={(value) => setChange((now) => ({ ...now, [key]: value }))}
            />
          ))}
          <SelectField
            label="Reason"
            value={reason}
            options={REASONS}
            error={fields.reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
      <TextArea
        label={mode === 'adjust' ? 'Note for the customer' : 'Reply to the customer'}
        value={text}
        maxLength={1000}
        error={fields.note ?? fields.reply}
        onChange={(event) => setText(event.target.value)}
      />
      {problem !== '' && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={sending}>
          {mode === 'adjust' ? 'Save adjustment' : 'Send reply'}
        </Button>
        <Button variant="secondary" disabled={sending} onClick={() => setMode('none')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
