// Who added a record and who changed it last ("Added by Sarah, Mon 09:12 · last changed by Tom,
// 11:40") and its history, newest first: each change with who, when and each field from → to
// (docs/decisions/034). Read at the record's version, so a newer save shows at once.
import { useQuery } from '@tanstack/react-query';
import { fieldLabel, valueWords } from '#domain/collections/field-words';
import type { CollectionDeclaration } from '#domain/collections/fields';
import type { HistoryAction, HistoryEntry } from '#domain/history/record-history';
import { historyQuery, peopleQuery, type RecordPeople } from '../../lib/trail/trail-queries';
import { parseRecordTime, shortWhen } from '../../lib/trail/when';

interface RecordTrailProps {
  declaration: CollectionDeclaration;
  record: { id: string; updated: string };
  /** What the record is called in "added this order". */
  noun: string;
}

const VERBS: Readonly<Record<HistoryAction, string>> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  restore: 'restored',
};

/** "Added by Sarah, Mon 09:12" and "last changed by Tom, 11:40"; without a name where nobody is recorded. */
export function peopleParts(people: RecordPeople, now: Date): { added: string; changed: string | null } {
  const by = (name: string | undefined) => (name ? ` by ${name},` : '');
  const added = `Added${by(people.createdBy?.username)} ${shortWhen(people.created, now)}`;
  if (people.updated === people.created) return { added, changed: null };
  return { added, changed: `last changed${by(people.updatedBy?.username)} ${shortWhen(people.updated, now)}` };
}

/** One line on a wide screen; on a phone, who changed it last goes on a line of its own. */
function PeopleLine({ people, now }: { people: RecordPeople; now: Date }) {
  const { added, changed } = peopleParts(people, now);
  return (
    <p className="text-sm text-slate-600">
      <span>{added}</span>
      {changed && (
        <span className="max-sm:block max-sm:first-letter:uppercase">
          <span className="max-sm:hidden"> · </span>
          {changed}
        </span>
      )}
    </p>
  );
}

function Entry({ entry, declaration, noun, now }: { entry: HistoryEntry; declaration: CollectionDeclaration; noun: string; now: Date }) {
  const at = parseRecordTime(entry.at);
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 shadow-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-800">
        <span>
          <span className="font-semibold">{entry.byName}</span> {VERBS[entry.action]}
          {entry.action === 'update' ? '' : ` this ${noun}`}
        </span>
        <time className="text-slate-500" dateTime={at?.toISOString()}>
          {shortWhen(entry.at, now)}
        </time>
      </p>
      {entry.action === 'update' && (
        <ul className="mt-1.5 space-y-1 text-sm" aria-label="Changes">
          {entry.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium text-slate-600">{fieldLabel(declaration, change.field)}:</span>{' '}
              <span className="min-w-0 text-slate-900">
                <span className="text-slate-500">{valueWords(declaration, change.field, change.from)}</span>
                {' → '}
                <span className="font-medium">{valueWords(declaration, change.field, change.to)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The record's people line and history, under its form. */
export function RecordTrail({ declaration, record, noun }: RecordTrailProps) {
  const people = useQuery(peopleQuery(declaration.name, record.id, record.updated));
  const history = useQuery(historyQuery(declaration.name, record.id, record.updated));
  const now = new Date();
  const entries = history.data ? [...history.data.items].reverse() : [];

  return (
    <section aria-labelledby="record-history-title" className="mt-8 border-t border-slate-200 pt-5">
      {people.data && <PeopleLine people={people.data} now={now} />}
      <h2 id="record-history-title" className="mt-3 text-lg font-semibold text-slate-900">
        History
      </h2>
      {history.isError && <p className="mt-2 text-sm text-slate-600">The history could not be loaded. It will try again shortly.</p>}
      {history.isPending && <p className="mt-2 text-sm text-slate-500">Loading...</p>}
      {history.isSuccess &&
        (entries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No changes recorded yet.</p>
        ) : (
          <ol className="mt-2 space-y-2" aria-label={`History of this ${noun}`}>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} declaration={declaration} noun={noun} now={now} />
            ))}
          </ol>
        ))}
    </section>
  );
}
