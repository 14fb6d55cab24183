import { useEffect, useReducer, useRef, useState } from 'react';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { customerLabel } from '#domain/trolleys/customer-label';
import { fillInReverseDropOrder, loadCapacity, stopPlacements } from '#domain/trolleys/load-plan';
import { cellStops } from '#domain/trolleys/stop-colours';
import { filledCellsDropped, type RunPlan, type VehicleChange } from '#domain/trolleys/run-plan';
import { RUN_NEEDS_DRIVER_REG_DATE } from '#domain/trolleys/run-fields';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { paths } from '../../lib/paths';
import { useLocation, useNavigate } from '../../lib/router/hooks';
import { pageKeyOf } from '../../lib/router/location';
import { useCurrentUser } from '../../lib/use-current-user';
import { BrushBar } from './brush-bar';
import { ConfirmDrop, type PendingDrop } from './confirm-drop';
import { DraftBanner, type FixedState } from './draft-banner';
import { fillSummary } from './fill-summary';
import { LeaveGuard } from './leave-guard';
import { removeDraft } from './plan-draft';
import { followSaveState } from './router-state';
import { firstMissingDetail, PRINT_NEEDS_DRIVER_REG_DATE, RunDetails, type DetailsProblem } from './run-details';
import { FleetChoice } from './fleet-choice';
import { canUndo, changePlan, hasUnsavedChanges, type FleetVehicle } from './run-plan-state';
import { RunToolbar } from './run-toolbar';
import { SaveQuestions } from './save-questions';
import type { RunVersion } from './save-run';
import { blankStop } from './stop-ids';
import { StopList } from './stop-list';
import { startMapper, useKeepDraft } from './use-plan-draft';
import { useRunActions } from './use-run-actions';
import { useUndoShortcut } from './use-undo-shortcut';
import { VehiclePanel, type Brush } from './vehicle-panel';

interface TrolleyMapperProps {
  initialPlan: RunPlan;
  /** The saved run this plan was opened from, if any. */
  savedVersion?: RunVersion | null;
  /** The history entry the mapper opened in; it stays with the mapper when the address follows a save. */
  session: string;
  /** The board's map mode handed over the stops of this new plan. */
  handedOverStops?: boolean;
  /** A role that may not change runs (a viewer) looks and prints only (docs/decisions/035). */
  readOnly?: boolean;
  /** Why this saved run's plan can no longer change (it has been dispatched); it is then shown to look at and print. */
  fixedReason?: string | null;
  /** The run's state when its plan is fixed: a plan kept on this device for it is set aside, saying why. */
  fixedState?: FixedState | null;
  /** The nursery's vehicles, offered above the kind and size buttons (docs/decisions/076); none while loading. */
  fleet?: readonly VehicleRecord[] | undefined;
}

/**
 * The trolley mapper: the run's customers on the left, the vehicle on the right. Used for a
 * new run (/trolley-mapper) and for a saved one (/runs/view/{id}); a new plan's address becomes
 * its run's once saved.
 */
export function TrolleyMapper({
  initialPlan,
  savedVersion = null,
  session,
  handedOverStops = false,
  readOnly: viewOnly = false,
  fixedReason = null,
  fixedState = null,
  fleet = [],
}: TrolleyMapperProps) {
  const readOnly = viewOnly || fixedReason !== null;
  const userId = useCurrentUser()?.id ?? null;
  const [start] = useState(() =>
    startMapper({ userId, initialPlan, savedVersion, handedOverStops, session, fixed: fixedReason !== null ? fixedState : null }),
  );
  const [state, change] = useReducer(changePlan, start.state);
  // A plan that may not change takes no change a person makes, whatever control slipped through (docs/decisions/064).
  const edit: typeof change = readOnly ? () => undefined : change;
  const [version, setVersion] = useState(start.version);
  const [notice, setNotice] = useState(start.notice);
  const { plan } = state;
  const [isEditing, setEditing] = useState(false);
  const [brush, setBrush] = useState<Brush>(null);
  const [detailsProblem, setDetailsProblem] = useState<DetailsProblem | null>(null);
  const [pendingDrop, setPendingDrop] = useState<PendingDrop | null>(null);
  /** A fleet vehicle waiting for the planner's yes, as its kind or size would empty filled trolleys. */
  const [pendingFleet, setPendingFleet] = useState<FleetVehicle | null>(null);
  const [fillNote, setFillNote] = useState<{ text: string; grid: string } | null>(null);
  const vehicleRef = useRef<HTMLDivElement>(null);
  const unsaved = hasUnsavedChanges(state);
  const isFilling = brush !== null && brush !== '';
  const waitingDraft = notice?.kind === 'waiting';
  useDocumentTitle(version ? 'Saved Run' : 'Trolley Mapper');
  useKeepDraft({ userId, state, unsaved, version, session, paused: waitingDraft });
  useUndoShortcut(() => edit({ type: 'undo' }));

  const run = useRunActions({
    version,
    onSaved: (saved, next) => {
      // A new plan's draft was kept as "new"; from now on it is kept under its run.
      if (userId && version?.id !== next.id) removeDraft({ userId, runId: version?.id ?? null });
      setVersion(next);
      setNotice(null);
      change({ type: 'saved', plan: saved });
    },
    onLoadLatest: (latest) => {
      setVersion({ id: latest.id, updated: latest.updated });
      change({ type: 'load', plan: { stops: Array.isArray(latest.data) ? latest.data : [], vehicleInfo: latest.vehicleInfo } });
    },
    readOnly,
  });

  // The address follows the saved run; the same mapper stays on screen (mapper-screen.tsx).
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const pageKey = pageKeyOf(location);
  const runPath = version ? paths.runView(version.id) : null;
  useEffect(() => {
    if (runPath && pathname !== runPath) void navigate(runPath, { replace: true, state: followSaveState(session, pageKey) });
  }, [runPath, pathname, pageKey, navigate, session]);

  const needsDetails = (message: string) => {
    const missing = firstMissingDetail(plan.vehicleInfo) !== null;
    setDetailsProblem(missing ? { message, at: Date.now() } : null);
    return missing;
  };
  const onSave = () => {
    if (!needsDetails(RUN_NEEDS_DRIVER_REG_DATE)) void run.save(plan);
  };
  const onPrint = () => {
    if (!needsDetails(PRINT_NEEDS_DRIVER_REG_DATE)) void run.print(plan);
  };

  const onClickCell = (index: number) => {
    if (readOnly) return;
    if (brush === null) notify.info('Click a customer in the list first, or Blank Trolley or Erase.');
    else edit({ type: 'fill-cell', index, label: brush });
  };

  const applyVehicleChange = (vehicleChange: VehicleChange) => {
    if (vehicleChange.kind === 'clear') edit({ type: 'clear-cells' });
    else if (vehicleChange.kind === 'type') edit({ type: 'choose-vehicle-type', vehicleType: vehicleChange.vehicleType });
    else edit({ type: 'choose-vehicle-size', size: vehicleChange.trolleyNumber });
  };
  const changeVehicle = (vehicleChange: VehicleChange) => {
    if (readOnly) return;
    if (filledCellsDropped(plan.vehicleInfo, vehicleChange) > 0) setPendingDrop({ change: vehicleChange, vehicleInfo: plan.vehicleInfo });
    else applyVehicleChange(vehicleChange);
  };

  const chooseFleetVehicle = (vehicle: FleetVehicle) => {
    if (readOnly) return;
    // The same question the type and size buttons ask: another kind empties every filled trolley, a smaller size the ones past its end.
    const vehicleChange: VehicleChange =
      vehicle.vehicleType === plan.vehicleInfo.vehicleType
        ? { kind: 'size', trolleyNumber: vehicle.trolleyNumber }
        : { kind: 'type', vehicleType: vehicle.vehicleType };
    if (filledCellsDropped(plan.vehicleInfo, vehicleChange) > 0) {
      setPendingFleet(vehicle);
      setPendingDrop({ change: vehicleChange, vehicleInfo: plan.vehicleInfo });
    } else edit({ type: 'choose-fleet-vehicle', vehicle });
  };

  const onFill = () => {
    if (readOnly) return;
    const result = fillInReverseDropOrder(plan.stops, plan.vehicleInfo);
    edit({ type: 'fill-load' });
    setFillNote({ text: fillSummary(result), grid: JSON.stringify(result.grid) });
  };

  const placements = stopPlacements(plan.stops, plan.vehicleInfo.grid);

  return (
    <div className={`px-3 py-4 sm:px-4 ${isFilling ? 'pb-20 lg:pb-4' : ''}`}>
      <LeaveGuard
        hasUnsavedChanges={unsaved}
        runPath={runPath}
        onLeave={() => {
          if (userId && !waitingDraft) removeDraft({ userId, runId: version?.id ?? null });
        }}
      />
      <h1 className="sr-only">Trolley Mapper</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <section aria-labelledby="stops-heading" className="space-y-3">
          <RunToolbar
            stops={plan.stops}
            canUndo={canUndo(state)}
            onUndo={() => edit({ type: 'undo' })}
            isEditing={isEditing}
            onToggleEditing={() => setEditing((e) => !e)}
            isSaving={run.isSaving}
            onSave={onSave}
            isPrinting={run.isPrinting}
            onPrint={onPrint}
            hasUnsavedChanges={unsaved}
            readOnly={readOnly}
          />
          {fixedReason && (
            <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
              {fixedReason}
            </p>
          )}
          {notice && (
            <DraftBanner
              notice={notice}
              isSavedRun={version !== null}
              onDismiss={() => setNotice(null)}
              onDiscard={() => {
                if (notice.kind === 'restored') change({ type: 'discard' });
                else if (userId) removeDraft({ userId, runId: null });
                setNotice(null);
              }}
              onOpen={() => {
                if (start.kept) change({ type: 'open-kept', plan: start.kept.plan });
                setNotice(start.kept ? { kind: 'restored', at: start.kept.at } : null);
              }}
            />
          )}
          <RunDetails
            vehicleInfo={plan.vehicleInfo}
            onChange={(detail, value) => edit({ type: 'edit-detail', detail, value })}
            problem={detailsProblem}
            readOnly={readOnly}
          />
          <StopList
            stops={plan.stops}
            placements={placements}
            isEditing={isEditing && !readOnly}
            readOnly={readOnly}
            currentLabel={brush}
            onReorder={(stops) => edit({ type: 'reorder-stops', stops })}
            onChooseStop={(stop) => setBrush(customerLabel(stop))}
            onChangeStop={(id, field, value) => edit({ type: 'edit-stop', id, field, value })}
            onRemoveStop={(id) => edit({ type: 'remove-stop', id })}
          />
          {isEditing && !readOnly && (
            <Button variant="secondary" fullWidth className="border-dashed" onClick={() => edit({ type: 'add-stop', stop: blankStop() })}>
              + Add
            </Button>
          )}
        </section>

        <div className="scroll-mt-24 lg:sticky lg:top-20" ref={vehicleRef}>
          <VehiclePanel
            vehicleInfo={plan.vehicleInfo}
            cellOwners={cellStops(plan.stops, plan.vehicleInfo)}
            brush={brush}
            onChooseType={(vehicleType) => changeVehicle({ kind: 'type', vehicleType })}
            onChooseSize={(trolleyNumber) => changeVehicle({ kind: 'size', trolleyNumber })}
            onChooseBrush={setBrush}
            onClickCell={onClickCell}
            onClearAll={() => changeVehicle({ kind: 'clear' })}
            capacity={loadCapacity(plan.stops, plan.vehicleInfo)}
            placed={placements.reduce((sum, p) => sum + Math.min(p.placed, p.needed), 0)}
            onFill={onFill}
            onBlankRest={() => edit({ type: 'blank-spare' })}
            readOnly={readOnly}
            fleetChoice={readOnly ? null : <FleetChoice vehicles={fleet} vehicleInfo={plan.vehicleInfo} onChoose={chooseFleetVehicle} />}
            fillNote={fillNote && fillNote.grid === JSON.stringify(plan.vehicleInfo.grid) ? fillNote.text : null}
          />
        </div>
      </div>

      {isFilling && (
        <BrushBar label={brush} onShowTrolleys={() => vehicleRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })} />
      )}
      <ConfirmDrop
        pending={pendingDrop}
        onCancel={() => {
          setPendingDrop(null);
          setPendingFleet(null);
        }}
        onConfirm={() => {
          if (pendingFleet) edit({ type: 'choose-fleet-vehicle', vehicle: pendingFleet });
          else if (pendingDrop) applyVehicleChange(pendingDrop.change);
          setPendingDrop(null);
          setPendingFleet(null);
        }}
      />
      <SaveQuestions question={run.question} answers={run.answers} myUserId={userId} />
    </div>
  );
}
