import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  checkPlantNames,
  LABEL_STATE_ROWS,
  MAX_PLANT_NAME,
  MAX_PLANTS_PER_CHECK,
  plantNamesOf,
  type LabelState,
} from '#domain/plant-labels/plant-labels';
import type { PlantLabelRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { TextArea } from '../../components/ui/fields';
import { FormMessage, type FormMessageState } from '../../components/ui/form-message';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { describeError } from '../../lib/describe-error';
import { addPlant, markPlant, plantLabelListQuery, usePlantLabelsLive } from '../../lib/plant-labels/plant-label-queries';
import { queryClient } from '../../lib/query-client';
import { useCan } from '../../lib/use-role';

const TONE_CLASSES: Record<(typeof LABEL_STATE_ROWS)[LabelState]['tone'], string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
};

function StateBadge({ state }: { state: LabelState | null }) {
  const row = state ? LABEL_STATE_ROWS[state] : { label: 'Not on the list', tone: 'neutral' as const };
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE_CLASSES[row.tone]}`}>
      {row.label}
    </span>
  );
}

async function mark(plant: PlantLabelRecord, to: LabelState): Promise<void> {
  try {
    await markPlant(plant.id, to);
  } catch (err) {
    notify.error(describeError(err, `${plant.plant_name} could not be marked. Try again.`));
  }
}

function PlantRow({ name, plant, canEdit }: { name: string; plant: PlantLabelRecord | null; canEdit: boolean }) {
  const [busy, setBusy] = useState(false);
  const state = plant?.has_labels ?? null;
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-medium break-words text-slate-900">{name}</span>
        <StateBadge state={state} />
      </div>
      {canEdit && plant && state && (
        <div className="flex shrink-0 flex-wrap gap-2">
          {LABEL_STATE_ROWS[state].marks.map((next) => (
            <Button
              key={next.to}
              size="sm"
              variant={next.main ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void mark(plant, next.to).finally(() => setBusy(false));
              }}
            >
              {next.label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

/** What a check found, in one sentence: "3 plants checked: 1 needs printing, 1 has labels, 1 not checked yet." */
function summaryOf(states: ReadonlyArray<LabelState | null>): string {
  const count = (state: LabelState | null) => states.filter((s) => s === state).length;
  const parts = [
    [count('print'), 'needs printing', 'need printing'],
    [count('labels'), 'has labels', 'have labels'],
    [count('new'), 'not checked yet', 'not checked yet'],
    [count(null), 'not on the list', 'not on the list'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return `${states.length} ${states.length === 1 ? 'plant' : 'plants'} checked: ${said.join(', ')}.`;
}

function CheckPanel({ list, canEdit }: { list: PlantLabelRecord[]; canEdit: boolean }) {
  const [pasted, setPasted] = useState('');
  const [checked, setChecked] = useState<Array<{ name: string; id: string | null }>>([]);
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<FormMessageState | null>(null);
  const byId = new Map(list.map((plant) => [plant.id, plant]));

  const check = async () => {
    const names = plantNamesOf(pasted);
    if (names.length === 0) return setMessage({ tone: 'error', text: 'Paste at least one plant name, one a line.' });
    if (names.length > MAX_PLANTS_PER_CHECK)
      return setMessage({
        tone: 'error',
        text: `Check at most ${MAX_PLANTS_PER_CHECK} plants at a time; this list has ${names.length}. Check it in parts.`,
      });
    const long = names.find((name) => name.length > MAX_PLANT_NAME);
    if (long)
      return setMessage({
        tone: 'error',
        text: `A plant name may have at most ${MAX_PLANT_NAME} characters: "${long.slice(0, 40)}…" is longer. Is it two lines run together?`,
      });
    setMessage(null);
    setChecking(true);
    try {
      // The newest list, so a plant a teammate added a moment ago is found rather than added again.
      const latest = await queryClient.fetchQuery({ ...plantLabelListQuery(), staleTime: 0 });
      const found = checkPlantNames(names, latest);
      const results: Array<{ name: string; id: string | null }> = [];
      let added = 0;
      for (const { name, plant } of found) {
        if (plant || !canEdit) {
          results.push({ name, id: plant?.id ?? null });
          continue;
        }
        try {
          results.push({ name, id: (await addPlant(name)).id });
          added++;
        } catch (err) {
          results.push({ name, id: null });
          setMessage({ tone: 'error', text: `${name} was not added to the list: ${describeError(err)} Check again to add it.` });
        }
      }
      setChecked(results);
      if (added > 0)
        setMessage(
          (shown) =>
            shown ?? {
              tone: 'info',
              text: `${added} new ${added === 1 ? 'plant was' : 'plants were'} added to the list. Mark whether you have labels for ${added === 1 ? 'it' : 'them'}.`,
            },
        );
    } catch (err) {
      setMessage({
        tone: 'error',
        text: describeError(err, 'The plant-label list could not be loaded. Check your connection and try again.'),
      });
    } finally {
      setChecking(false);
    }
  };

  const rows = checked.map(({ name, id }) => ({ name, plant: id ? (byId.get(id) ?? null) : null }));
  return (
    <section aria-labelledby="check-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="check-heading" className="text-lg font-semibold text-slate-900">
        Check a list
      </h2>
      <TextArea
        label="Plant names, one a line"
        hint="Write them as on the order sheet, so the same plant is found again next time."
        rows={8}
        value={pasted}
        onChange={(e) => setPasted(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={checking} onClick={() => void check()}>
          {checking ? 'Checking…' : 'Check plants'}
        </Button>
        <Button
          disabled={checking || (pasted === '' && checked.length === 0)}
          onClick={() => {
            setPasted('');
            setChecked([]);
            setMessage(null);
          }}
        >
          Clear
        </Button>
      </div>
      <FormMessage message={message} />
      {rows.length > 0 && (
        <div>
          <p className="text-sm text-slate-600" aria-live="polite">
            {summaryOf(rows.map((row) => row.plant?.has_labels ?? null))}
          </p>
          <ul aria-label="Checked plants" className="divide-y divide-slate-200">
            {rows.map(({ name, plant }) => (
              <PlantRow key={name} name={name} plant={plant} canEdit={canEdit} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ToPrintPanel({ list, canEdit }: { list: PlantLabelRecord[]; canEdit: boolean }) {
  const toPrint = list.filter((plant) => plant.has_labels === 'print');
  const count = (state: LabelState) => list.filter((plant) => plant.has_labels === state).length;
  return (
    <section aria-labelledby="print-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="print-heading" className="text-lg font-semibold text-slate-900">
        Needs printing {toPrint.length > 0 && <span className="text-slate-500">({toPrint.length})</span>}
      </h2>
      <p className="text-sm text-slate-600">
        {list.length === 0
          ? 'The list is empty: check a list of plants to start it.'
          : `The list has ${list.length} ${list.length === 1 ? 'plant' : 'plants'}: ${count('labels')} with labels, ${count('print')} to print, ${count('new')} not checked yet.`}
      </p>
      {toPrint.length === 0 ? (
        list.length > 0 && <p className="text-slate-700">Nothing needs printing.</p>
      ) : (
        <ul aria-label="Plants that need printing" className="divide-y divide-slate-200">
          {toPrint.map((plant) => (
            <PlantRow key={plant.id} name={plant.plant_name} plant={plant} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /plant-labels (docs/product.md#plant-labels): paste the plant names of an order sheet and see
 * which have labels and which need printing; plants not on the list yet are added to it, to be
 * marked. Staff and up add and mark; viewers read.
 */
export default function PlantLabelsPage() {
  useDocumentTitle('Plant labels');
  usePlantLabelsLive();
  const canEdit = useCan('edit');
  const list = useQuery(plantLabelListQuery());
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-5 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900">Plant labels</h1>
      <p className="text-sm text-slate-600">
        {canEdit
          ? 'Paste the plants of an order to see which have labels and which need printing. Plants not on the list yet are added to it.'
          : 'Paste the plants of an order to see which have labels and which need printing.'}
      </p>
      {list.isPending && <LoadingScreen />}
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          The plant-label list could not be loaded. Check your connection and try again.
        </p>
      )}
      {list.isSuccess && (
        <div className="grid gap-4 md:grid-cols-2 md:items-start">
          <PanelErrorBoundary panelName="Checking a list">
            <CheckPanel list={list.data} canEdit={canEdit} />
          </PanelErrorBoundary>
          <PanelErrorBoundary panelName="Needs printing">
            <ToPrintPanel list={list.data} canEdit={canEdit} />
          </PanelErrorBoundary>
        </div>
      )}
    </div>
  );
}
