import { useLayoutEffect } from 'react';
import type { RunPlan } from '#domain/trolleys/run-plan';
import type { DraftNotice, FixedState } from './draft-banner';
import { readDraft, removeDraft, writeDraft, type DraftSlot, type PlanDraft } from './plan-draft';
import { openPlan, type PlanState } from './run-plan-state';
import type { RunVersion } from './save-run';

export interface MapperStart {
  state: PlanState;
  /** The saved version a save builds on: the restored draft's, when one was restored. */
  version: RunVersion | null;
  notice: DraftNotice | null;
  /** A kept new plan not restored because the board handed over stops ("Open it"). */
  kept: PlanDraft | null;
}

interface StartOptions {
  userId: string | null;
  initialPlan: RunPlan;
  savedVersion: RunVersion | null;
  handedOverStops: boolean;
  session: string;
  /** The saved run's state when its plan can no longer change: a kept plan of it is set aside. */
  fixed?: FixedState | null;
}

/**
 * How the mapper opens: with the plan kept on this device when there is one. A saved run gets
 * its own unsaved plan back, unless its plan is fixed: then the kept one is set aside. A new plan gets the kept new plan back, unless the board has just
 * handed over other stops: then the kept one waits for "Open it" or "Discard it" (a reload of the
 * page it was made in restores it all the same).
 */
export function startMapper({ userId, initialPlan, savedVersion, handedOverStops, session, fixed = null }: StartOptions): MapperStart {
  const opened = openPlan({ initial: initialPlan });
  const runId = savedVersion?.id ?? null;
  const draft = userId ? readDraft({ userId, runId }) : null;
  const restored = draft && openPlan({ initial: initialPlan, restored: draft.plan });
  if (!draft || !restored || JSON.stringify(restored.plan) === opened.saved) {
    return { state: opened, version: savedVersion, notice: null, kept: null };
  }
  // The run left the yard as the server has it: a plan kept here can never be saved, so it is set
  // aside (removed) and the person is told, rather than shown a plan that did not leave (docs/decisions/064).
  if (fixed && userId && runId !== null) {
    removeDraft({ userId, runId });
    return { state: opened, version: savedVersion, notice: { kind: 'set-aside', at: draft.at, state: fixed }, kept: null };
  }
  if (runId === null && handedOverStops && draft.entryKey !== session) {
    return { state: opened, version: null, notice: { kind: 'waiting', at: draft.at }, kept: draft };
  }
  const version = runId !== null && draft.base?.id === runId ? draft.base : savedVersion;
  return { state: restored, version, notice: { kind: 'restored', at: draft.at }, kept: null };
}

interface KeepOptions {
  userId: string | null;
  state: PlanState;
  unsaved: boolean;
  version: RunVersion | null;
  session: string;
  /** While a kept plan waits for an answer, this plan is not written over it. */
  paused: boolean;
}

/** Keeps the plan on this device while it has unsaved changes, and forgets it once it has none. */
export function useKeepDraft({ userId, state, unsaved, version, session, paused }: KeepOptions): void {
  // Kept as the change is drawn, not after the next frame (when Preact runs plain effects): a tab
  // reloaded or closed within that frame would lose the last thing typed.
  useLayoutEffect(() => {
    if (!userId || paused) return;
    const slot: DraftSlot = { userId, runId: version?.id ?? null };
    if (unsaved) writeDraft(slot, { plan: state.plan, base: version, entryKey: session, at: new Date().toISOString() });
    else removeDraft(slot);
  }, [userId, paused, version, unsaved, state.plan, session]);
}
