import { valueWords } from '#domain/collections/field-words';
import type { Field } from '#domain/collections/fields';
import { tasks } from '#domain/collections/tasks';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { clockLabel } from '../../lib/clock-label';
import { startSending } from '../../lib/outbox/outbox-start';
import { describeNotSent, removeFromOutbox, updateOutboxEntry, useOutbox, type OutboxEntry } from '../../lib/outbox/outbox-store';

/** What someone else changed between the version a queued change started from and the latest. */
export function theirChanges(entry: OutboxEntry): string[] {
  const { base, latest } = entry;
  if (!base || !latest) return [];
  const fields: Readonly<Record<string, Field>> = tasks.fields;
  return Object.entries(fields)
    .filter(([name, field]) => !field.hidden && field.label !== undefined && latest[name] !== base[name] && name !== 'updated_by')
    .map(
      ([name, field]) => `${field.label} changed from ${valueWords(tasks, name, base[name])} to ${valueWords(tasks, name, latest[name])}.`,
    );
}

function stateWords(entry: OutboxEntry): string {
  if (entry.state === 'conflict') return 'Not sent: someone else changed this order meanwhile.';
  if (entry.state === 'failed') return `Not sent: ${entry.message ?? 'the server refused it.'}`;
  return 'Waiting for the connection.';
}

/**
 * The changes not sent (what, which order, when) and, when a queued edit met someone else's
 * change, the conflict dialogue (docs/decisions/025, 047): their changes, and the choice between
 * dropping this change and sending it on their version. Nothing is overwritten unasked.
 */
export function OutboxPanel({ isListOpen, onCloseList }: { isListOpen: boolean; onCloseList: () => void }) {
  const queue = useOutbox();
  const conflict = queue.find((entry) => entry.state === 'conflict');
  if (conflict) {
    const changes = theirChanges(conflict);
    return (
      <Dialog
        open
        onClose={() => undefined}
        title="Someone else changed this order"
        description={`${conflict.order}: your change (${conflict.what}) was not sent, because someone else changed the order while it waited. Nothing was overwritten.`}
      >
        {changes.length > 0 && (
          <ul className="mb-4 list-disc pl-5 text-sm text-slate-800" aria-label="What they changed">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button onClick={() => removeFromOutbox(conflict.key)}>Discard my change</Button>
          <Button
            variant="primary"
            onClick={() => {
              const latest = conflict.latest;
              updateOutboxEntry(conflict.key, {
                state: 'waiting',
                ifMatch: typeof latest?.updated === 'string' ? latest.updated : conflict.ifMatch,
                base: latest,
                latest: undefined,
              });
              startSending();
            }}
          >
            Send mine on their version
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={isListOpen}
      onClose={onCloseList}
      title={describeNotSent(queue.length)}
      description="They are kept on this device and sent in this order when the connection returns."
    >
      <ol className="mb-4 flex flex-col gap-2 text-sm" aria-label="Changes not sent">
        {queue.map((entry) => (
          <li key={entry.key} className="rounded-md border border-slate-200 p-2">
            <p className="font-medium text-slate-900">
              {entry.what} · {entry.order} · {clockLabel(entry.at)}
            </p>
            <p className="text-slate-700">{stateWords(entry)}</p>
            {entry.state === 'failed' && (
              <Button size="sm" className="mt-1" onClick={() => removeFromOutbox(entry.key)}>
                Discard
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onCloseList}>Close</Button>
        <Button variant="primary" onClick={startSending}>
          Send now
        </Button>
      </div>
    </Dialog>
  );
}
