import { useEffect, useRef, useState } from 'react';
import type { RunPlan } from '#domain/trolleys/run-plan';
import { notify } from '../../components/ui/toast';
import { printRunSheet } from './print-run-sheet';
import { saveRun, type RunVersion } from './save-run';

/** The Save label goes back from "Saving..." to "Save" after 3 s at the latest (docs/product.md#trolley-mapper). */
const SAVE_LABEL_RESET_MS = 3000;

/**
 * Save and Print of the trolley mapper: saving a plan (a print saves first), the busy labels, and
 * which version of the run this screen last saved, so it never silently overwrites a newer save.
 */
export function useRunActions(savedVersion: RunVersion | null, onSaved: (plan: RunPlan) => void) {
  const [isSaving, setSaving] = useState(false);
  const [isPrinting, setPrinting] = useState(false);
  const version = useRef<RunVersion | null>(savedVersion);

  // The label shows "Saving..." while a save runs, and never longer than 3 s.
  useEffect(() => {
    if (!isSaving) return;
    const timer = setTimeout(() => setSaving(false), SAVE_LABEL_RESET_MS);
    return () => clearTimeout(timer);
  }, [isSaving]);

  const save = async (plan: RunPlan): Promise<boolean> => {
    setSaving(true);
    const result = await saveRun(plan, version.current);
    setSaving(false);
    if (!result.ok) {
      notify.error(result.message);
      return false;
    }
    version.current = { id: result.record.id, updated: result.record.updated };
    onSaved(plan);
    return true;
  };

  const saveAndSay = async (plan: RunPlan) => {
    if (await save(plan)) notify.success('Run saved.');
  };

  const print = async (plan: RunPlan) => {
    setPrinting(true);
    try {
      if (!(await save(plan))) return;
      await printRunSheet(plan, new Date());
    } catch (err) {
      console.warn('Printing the run sheet failed.', err);
      notify.error('The run sheet could not be made. The run is saved; try Print again.');
    } finally {
      setPrinting(false);
    }
  };

  return { isSaving, isPrinting, save: saveAndSay, print };
}
