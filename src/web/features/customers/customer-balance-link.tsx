import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPLY_OUTCOME_LABELS } from '#domain/collections/balance-replies';
import { replyInWords } from '#domain/customers/reply-words';
import { plainDate } from '#domain/ledger/iso-dates';
import { Button } from '../../components/ui/button';
import { describeError } from '../../lib/describe-error';
import { customerLinksQuery, customerRepliesQuery, makeBalanceLink, revokeBalanceLink } from '../../lib/ledger/balance-reply-queries';

/**
 * On a customer's ledger (docs/decisions/078): its balance link (make, copy, cancel: office and
 * admins) and what the customer answered through it, live while the Customers screen is open
 * (useCustomersLive).
 */
export function CustomerBalanceLink({ customerId, mayChange }: { customerId: string; mayChange: boolean }) {
  const replies = useQuery(customerRepliesQuery(customerId));
  const links = useQuery({ ...customerLinksQuery(customerId), enabled: mayChange });
  const [problem, setProblem] = useState('');
  const [copied, setCopied] = useState(false);
  const active = links.data?.find((link) => link.active);
  const thisYear = new Date().getFullYear();
  const act = async (work: () => Promise<unknown>) => {
    setProblem('');
    try {
      await work();
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  return (
    <section aria-labelledby={`balance-link-${customerId}`} className="space-y-2">
      <h3 id={`balance-link-${customerId}`} className="font-semibold text-slate-900">
        Balance link
      </h3>
      {mayChange &&
        (active ? (
          <div className="space-y-2">
            <p className="text-sm break-all text-slate-700">
              <a href={active.url} className="text-emerald-800 underline" target="_blank" rel="noreferrer">
                {active.url}
              </a>{' '}
              · works until {plainDate(active.expires.slice(0, 10), thisYear)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() =>
                  void act(async () => {
                    await navigator.clipboard.writeText(active.url);
                    setCopied(true);
                  })
                }
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              <Button size="sm" variant="danger" onClick={() => void act(() => revokeBalanceLink(active))}>
                Cancel link
              </Button>
            </div>
          </div>
        ) : (
          <Button size="sm" onClick={() => void act(() => makeBalanceLink(customerId))} disabled={links.isPending}>
            Make a balance link
          </Button>
        ))}
      {problem !== '' && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {replies.isSuccess && replies.data.items.length > 0 && (
        <ul aria-label="Answers from the customer" className="divide-y divide-slate-200 text-sm">
          {replies.data.items.map((reply) => {
            const { label, words } = replyInWords(reply, thisYear);
            return (
              <li key={reply.id} className="py-2">
                <p className="text-slate-900">
                  <span className="font-semibold">{label}</span> {words}
                </p>
                {reply.note !== '' && <p className="whitespace-pre-line text-slate-700">“{reply.note}”</p>}
                {reply.kind === 'dispute' && (
                  <p className="text-slate-600">
                    {REPLY_OUTCOME_LABELS[reply.outcome]}
                    {reply.reply !== '' && `: ${reply.reply}`}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
