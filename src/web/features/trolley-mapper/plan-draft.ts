// A plan not saved yet, kept on this device so a reload, a closed tab or a flat battery loses
// nothing (docs/product.md#trolley-mapper). One per person and per run: a saved run's draft under
// its id, a new plan's under "new". Written while the plan has unsaved changes, removed once it is
// saved, discarded, or left on purpose ("Leave" in the leave guard).
import { VEHICLE_TYPES, type VehicleInfo } from '#domain/records';
import { emptyVehicleInfo, type RunPlan } from '#domain/trolleys/run-plan';
import { stopsFromRouterState } from './router-state';
import type { RunVersion } from './save-run';

const KEY_PREFIX = 'trolley_mapper_draft';

/** Whose draft, of which run: a saved run's id, or null for a new plan. */
export interface DraftSlot {
  userId: string;
  runId: string | null;
}

export interface PlanDraft {
  plan: RunPlan;
  /** The saved version the changes started from: a save sends it as If-Match, so a newer save elsewhere is never overwritten. */
  base: RunVersion | null;
  /** The history entry the plan was made in: a reload of that entry gets it back even when the board handed over stops. */
  entryKey: string;
  /** When it was last written (ISO time). */
  at: string;
}

const storageKey = ({ userId, runId }: DraftSlot) => `${KEY_PREFIX}:${userId}:${runId ?? 'new'}`;

export function readDraft(slot: DraftSlot): PlanDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(slot));
    return raw === null ? null : parseDraft(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeDraft(slot: DraftSlot, draft: PlanDraft): void {
  try {
    localStorage.setItem(storageKey(slot), JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the plan is still on screen and the leave guard still asks.
  }
}

export function removeDraft(slot: DraftSlot): void {
  try {
    localStorage.removeItem(storageKey(slot));
  } catch {
    // Nothing to remove where storage is blocked.
  }
}

/** A stored draft, read defensively: it may be from an older version of the app, or edited by hand. */
function parseDraft(value: unknown): PlanDraft | null {
  if (!isObject(value) || !isObject(value.plan) || !isObject(value.plan.vehicleInfo)) return null;
  const info = value.plan.vehicleInfo;
  const vehicleType = VEHICLE_TYPES.find((type) => type === info.vehicleType);
  if (!vehicleType || typeof info.trolleyNumber !== 'number' || !Array.isArray(info.grid)) return null;
  const vehicleInfo: VehicleInfo = {
    ...emptyVehicleInfo(),
    driver: text(info.driver),
    reg: text(info.reg),
    code: text(info.code),
    date: text(info.date),
    vehicleType,
    trolleyNumber: info.trolleyNumber,
    grid: info.grid.map(text),
  };
  const base = isObject(value.base) && typeof value.base.id === 'string' && typeof value.base.updated === 'string' ? value.base : null;
  return {
    plan: { stops: stopsFromRouterState({ stops: value.plan.stops }), vehicleInfo },
    base: base && { id: text(base.id), updated: text(base.updated) },
    entryKey: text(value.entryKey),
    at: text(value.at),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
