import { useEffect, useRef, useState } from 'react';
import { emptyVehicleInfo, type RunPlan } from '#domain/trolleys/run-plan';
import { notify } from '../../components/ui/toast';
import { describeError } from '../../lib/describe-error';
import { queryClient } from '../../lib/query-client';
import { runQuery } from '../../lib/runs/run-queries';
import { printRunSheet } from './print-run-sheet';
import type { SavedRun } from './run-saver';
import { saveRun, type RunVersion, type SaveTarget } from './save-run';

/** The Save label goes back from "Saving..." to "Save" after 3 s at the latest (docs/product.md#trolley-mapper). */
const SAVE_LABEL_RESET_MS = 3000;

/** What a save was for: Print goes on to the run sheet once the run is saved. */
type Purpose = 'save' | 'print';

/** A save that needs the planner's answer first; `plan` is what they asked to save. */
export type SaveQuestion =
  | { kind: 'replace'; existing: SavedRun; plan: RunPlan; purpose: Purpose }
  | { kind: 'changed'; latest: SavedRun; plan: RunPlan; purpose: Purpose }
  | { kind: 'deleted'; plan: RunPlan; purpose: Purpose };

interface RunActionsOptions {
  /** The saved run this plan is (opened from Runs, or saved here before); null for a new plan. */
  version: RunVersion | null;
  /** The server has `plan` now, as `version`. */
  onSaved: (plan: RunPlan, version: RunVersion) => void;
  /** "Load theirs": the latest copy replaces the plan on screen, and is the version from now on. */
  onLoadLatest: (latest: SavedRun) => void;
  /** A viewer, or a run already dispatched: Print prints the server's copy of the run, saving nothing. */
  readOnly: boolean;
}

/**
 * Save and Print of the trolley mapper: a run saves back to its own record by id, If-Match on the
 * version this screen last had, so a newer save elsewhere is never overwritten without asking; a
 * new plan whose name a run already has asks before replacing it (docs/product.md#trolley-mapper).
 */
export function useRunActions({ version, onSaved, onLoadLatest, readOnly }: RunActionsOptions) {
  const [isSaving, setSaving] = useState(false);
  const [isPrinting, setPrinting] = useState(false);
  const [question, setQuestion] = useState<SaveQuestion | null>(null);
  // The latest version, for answers given after a re-render.
  const current = useRef(version);
  useEffect(() => {
    current.current = version;
  }, [version]);

  // The label shows "Saving..." while a save runs, and never longer than 3 s.
  useEffect(() => {
    if (!isSaving) return;
    const timer = setTimeout(() => setSaving(false), SAVE_LABEL_RESET_MS);
    return () => clearTimeout(timer);
  }, [isSaving]);

  const attempt = async (plan: RunPlan, target: SaveTarget, purpose: Purpose): Promise<void> => {
    setQuestion(null);
    setSaving(true);
    if (purpose === 'print') setPrinting(true);
    try {
      const outcome = await saveRun(plan, target);
      setSaving(false);
      switch (outcome.kind) {
        case 'saved': {
          const saved = { id: outcome.record.id, updated: outcome.record.updated };
          current.current = saved;
          onSaved(plan, saved);
          if (purpose === 'print') await printSheet(plan, saved.id);
          else notify.success('Run saved.');
          return;
        }
        case 'name-taken':
          setQuestion({ kind: 'replace', existing: outcome.existing, plan, purpose });
          return;
        case 'changed':
          setQuestion({ kind: 'changed', latest: outcome.latest, plan, purpose });
          return;
        case 'deleted':
          setQuestion({ kind: 'deleted', plan, purpose });
          return;
        case 'failed':
          notify.error(outcome.message);
      }
    } finally {
      setSaving(false);
      setPrinting(false);
    }
  };

  const targetOf = (): SaveTarget => (current.current ? { kind: 'run', version: current.current } : { kind: 'new' });
  const versionOf = (run: SavedRun): RunVersion => ({ id: run.id, updated: run.updated });

  return {
    isSaving,
    isPrinting,
    question,
    save: (plan: RunPlan) => attempt(plan, targetOf(), 'save'),
    print: async (plan: RunPlan) => {
      if (!readOnly || !current.current) return attempt(plan, targetOf(), 'print');
      setPrinting(true);
      try {
        // The server's plan, read now: what left the yard, whatever this screen shows (docs/decisions/064).
        const run = await queryClient.fetchQuery({ ...runQuery(current.current.id), staleTime: 0 });
        const served: RunPlan = {
          stops: Array.isArray(run.data) ? run.data : [],
          vehicleInfo: { ...emptyVehicleInfo(), ...run.vehicleInfo },
        };
        await printSheet(served, run.id);
      } catch (err) {
        notify.error(`The run sheet could not be made: ${describeError(err)}`);
      } finally {
        setPrinting(false);
      }
    },
    answers: {
      /** A new plan takes over the run of the same name: it is that run from now on. */
      replace: (q: Extract<SaveQuestion, { kind: 'replace' }>) =>
        attempt(q.plan, { kind: 'run', version: versionOf(q.existing) }, q.purpose),
      /** Another run with the same name, or the plan again after its run was deleted. */
      saveAsNew: (q: SaveQuestion) => attempt(q.plan, { kind: 'new-anyway' }, q.purpose),
      /** Yours over theirs, knowingly: If-Match on their version, so a third save still asks. */
      keepMine: (q: Extract<SaveQuestion, { kind: 'changed' }>) =>
        attempt(q.plan, { kind: 'run', version: versionOf(q.latest) }, q.purpose),
      loadTheirs: (q: Extract<SaveQuestion, { kind: 'changed' }>) => {
        setQuestion(null);
        current.current = versionOf(q.latest);
        onLoadLatest(q.latest);
        notify.success('Loaded the latest version of this run.');
      },
      cancel: () => setQuestion(null),
    },
  };
}

async function printSheet(plan: RunPlan, runId: string): Promise<void> {
  try {
    await printRunSheet(plan, new Date(), runId);
  } catch (err) {
    console.warn('Printing the run sheet failed.', err);
    notify.error('The run sheet could not be made. The run is saved; try Print again.');
  }
}
