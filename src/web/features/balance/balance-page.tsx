import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { REPLY_OUTCOME_LABELS } from '#domain/collections/balance-replies';
import type { BalanceAnswer, BalanceCounts, BalanceReplyView } from '#domain/customers/balance-link';
import { countsInWords } from '#domain/ledger/count-words';
import { plainDate } from '#domain/ledger/iso-dates';
import { movementLabel, signed } from '#domain/ledger/statement';
import { Button } from '../../components/ui/button';
import { CountStepper } from '../../components/ui/count-stepper';
import { TextArea, TextField } from '../../components/ui/fields';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useParams } from '../../lib/router/hooks';
import { BalanceRefusal, downloadStatement, readBalance, sendReply } from './balance-api';

type PageState = { state: 'opening' } | { state: 'refused'; message: string } | { state: 'open'; balance: BalanceAnswer };

const COUNT_NAMES = [
  ['trolleys', 'Trolleys', 'trolleys'],
  ['shelves', 'Shelves', 'shelves'],
  ['extensions', 'Extensions', 'extensions'],
] as const;

const inWords = (counts: BalanceCounts) => countsInWords(counts) || 'nothing';

/**
 * /b/:secret — a customer's balance page (docs/decisions/078): the nursery's name, what the
 * customer holds today, its movements and statement, and confirm or dispute. No account: the
 * link's secret is the only key, sent in a header.
 */
export default function BalancePage() {
  const { secret = '' } = useParams();
  const [page, setPage] = useState<PageState>({ state: 'opening' });
  const reload = useCallback(async () => {
    try {
      setPage({ state: 'open', balance: await readBalance(secret) });
    } catch (error) {
      setPage({ state: 'refused', message: error instanceof Error ? error.message : String(error) });
    }
  }, [secret]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useDocumentTitle(page.state === 'open' ? `Balance · ${page.balance.nursery}` : 'Balance');

  if (page.state === 'opening') return <Frame>Opening your balance…</Frame>;
  if (page.state === 'refused')
    return (
      <Frame>
        <p role="alert" className="text-lg text-red-800">
          {page.message}
        </p>
      </Frame>
    );
  const { balance } = page;
  const thisYear = Number(balance.today.slice(0, 4));
  return (
    <main className="mx-auto max-w-xl px-3 pt-4 pb-16 text-slate-900">
      <header>
        <p className="text-lg font-bold">{balance.nursery}</p>
        <h1 className="text-2xl font-bold">{balance.customer}</h1>
      </header>
      <section aria-labelledby="held" className="mt-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <h2 id="held" className="text-sm font-semibold text-slate-600">
          You hold, {plainDate(balance.today, thisYear)}
        </h2>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
          {COUNT_NAMES.map(([key, label]) => (
            <div key={key}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-3xl font-bold tabular-nums">{balance.balance[key]}</dd>
            </div>
          ))}
        </dl>
        <Answer secret={secret} balance={balance} onSent={reload} />
      </section>
      {balance.replies.length > 0 && (
        <section aria-labelledby="answers" className="mt-4">
          <h2 id="answers" className="text-lg font-bold">
            Your answers
          </h2>
          <ul className="mt-2 space-y-2">
            {balance.replies.map((reply) => (
              <ReplyItem key={reply.id} reply={reply} thisYear={thisYear} />
            ))}
          </ul>
        </section>
      )}
      <Statement secret={secret} today={balance.today} />
      <section aria-labelledby="movements" className="mt-4">
        <h2 id="movements" className="text-lg font-bold">
          Movements
        </h2>
        {balance.movements.length === 0 ? (
          <p className="mt-2 text-base text-slate-700">No trolleys delivered or returned yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {balance.movements.map((movement) => {
              const sign = movement.kind === 'in' ? -1 : 1;
              const change = COUNT_NAMES.filter(([key]) => movement[key] !== 0).map(
                ([key, , word]) => `${signed(sign * movement[key])} ${word}`,
              );
              return (
                <li key={movement.id} className="p-3">
                  <p className="flex flex-wrap justify-between gap-x-3 text-base">
                    <span className="font-semibold">{movementLabel(movement)}</span>
                    <span className="text-slate-700">{plainDate(movement.date, thisYear)}</span>
                  </p>
                  <p className="text-base tabular-nums">{change.join(' · ')}</p>
                  {movement.run !== '' && <p className="text-sm text-slate-600">Run: {movement.run}</p>}
                  {movement.note !== '' && <p className="text-sm whitespace-pre-line text-slate-700">{movement.note}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p className="mt-6 text-sm text-slate-600">This link works until {plainDate(balance.expires.slice(0, 10), thisYear)}.</p>
    </main>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto max-w-xl px-4 py-10 text-lg text-slate-900">{children}</main>;
}

function ReplyItem({ reply, thisYear }: { reply: BalanceReplyView; thisYear: number }) {
  const what =
    reply.kind === 'confirm'
      ? `You confirmed ${inWords(reply)} on ${plainDate(reply.asOf, thisYear)}`
      : `You disputed the balance on ${plainDate(reply.asOf, thisYear)}: you hold ${inWords(reply)}, we had ${inWords(reply.ledger)}`;
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3 text-base">
      <p>{what}</p>
      {reply.note !== '' && <p className="text-sm whitespace-pre-line text-slate-700">“{reply.note}”</p>}
      {reply.kind === 'dispute' && (
        <p className={`mt-1 text-sm font-semibold ${reply.outcome === '' ? 'text-amber-800' : 'text-emerald-800'}`}>
          {REPLY_OUTCOME_LABELS[reply.outcome]}
          {reply.reply !== '' && `: ${reply.reply}`}
        </p>
      )}
    </li>
  );
}

function Answer({ secret, balance, onSent }: { secret: string; balance: BalanceAnswer; onSent: () => Promise<void> }) {
  const [mode, setMode] = useState<'none' | 'dispute'>('none');
  const [counts, setCounts] = useState<BalanceCounts>(balance.balance);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<BalanceRefusal | null>(null);
  const [sent, setSent] = useState('');

  const send = async (kind: 'confirm' | 'dispute') => {
    setSending(true);
    setProblem(null);
    const form = new FormData();
    form.set('kind', kind);
    if (kind === 'dispute') {
      for (const [key] of COUNT_NAMES) form.set(key, String(counts[key]));
      form.set('note', note);
      if (photo) form.set('photo', photo);
    }
    try {
      await sendReply(secret, form);
      setSent(
        kind === 'confirm' ? 'Thank you: your confirmation was sent to the nursery.' : 'Thank you: your dispute was sent to the nursery.',
      );
      setMode('none');
      await onSent();
    } catch (error) {
      setProblem(error instanceof BalanceRefusal ? error : new BalanceRefusal(0, String(error)));
    } finally {
      setSending(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send('dispute');
  };

  return (
    <div className="mt-3">
      {sent !== '' && (
        <p role="status" className="mb-2 rounded-md bg-emerald-50 p-2 text-base font-semibold text-emerald-900">
          {sent}
        </p>
      )}
      {problem && mode === 'none' && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-base text-red-900">
          {problem.message}
        </p>
      )}
      {mode === 'none' ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="primary" size="lg" fullWidth disabled={sending} onClick={() => void send('confirm')}>
            Confirm balance
          </Button>
          <Button variant="secondary" size="lg" fullWidth disabled={sending} onClick={() => setMode('dispute')}>
            Dispute balance
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-3" aria-label="Dispute balance">
          <p className="text-base">How many do you hold today?</p>
          {COUNT_NAMES.map(([key, label, word]) => (
            <CountStepper
              key={key}
              label={label}
              fewerLabel={`Fewer ${word}`}
              moreLabel={`More ${word}`}
              value={counts[key]}
              max={999}
              error={problem?.fields[key]}
              onChange={(value) => setCounts((now) => ({ ...now, [key]: value }))}
            />
          ))}
          <TextArea
            label="Note"
            value={note}
            maxLength={1000}
            error={problem?.fields.note}
            onChange={(event) => setNote(event.target.value)}
          />
          <TextField
            label="Photo (optional)"
            type="file"
            accept="image/*"
            error={problem?.fields.photo}
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
          {problem && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-base text-red-900">
              {problem.message}
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="submit" variant="primary" size="lg" fullWidth disabled={sending}>
              Send dispute
            </Button>
            <Button variant="secondary" size="lg" fullWidth disabled={sending} onClick={() => setMode('none')}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function Statement({ secret, today }: { secret: string; today: string }) {
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState('');
  const download = async () => {
    setProblem('');
    try {
      await downloadStatement(secret, from, to);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-labelledby="statement" className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="statement" className="text-lg font-bold">
        Statement
      </h2>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      {problem !== '' && (
        <p role="alert" className="mt-2 text-base text-red-800">
          {problem}
        </p>
      )}
      <Button variant="secondary" size="lg" fullWidth className="mt-2" onClick={() => void download()}>
        Download statement (CSV)
      </Button>
    </section>
  );
}
