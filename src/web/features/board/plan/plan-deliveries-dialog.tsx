// Plan deliveries (docs/decisions/076-plan-the-day.md, "Plan deliveries on the board"): the
// server's proposal for one board day, one card per vehicle, for a person to change and accept.
// Every change refills the grids in the browser with the same pure functions the proposal used;
// nothing is written until Create runs, which sends the runs with ids chosen once per proposal.
// The fleet is followed live ("Adjusting the plan"): a vehicle a teammate adds, resizes or takes
// off the road while the dialog is open changes the cards at once.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { PlannedRun, PlanVehicle } from '#domain/plan/pack-day';
import { trolleysText } from '#domain/plan/pack-day';
import type { DayPlanAnswer } from '#domain/plan/plan-api';
import {
  changeVehicle,
  draftOverCapacity,
  followFleet,
  moveStopToRun,
  notInGridText,
  notPlannedOf,
  placeNotPlanned,
  runLoadText,
  runsToCreate,
  shiftStop,
  trolleysOff,
  unplanStop,
  withRuns,
  type PlanDraft,
} from '#domain/plan/plan-edits';
import { trolleysNeeded } from '#domain/trolleys/load-plan';
import type { RunStop } from '#domain/trolleys/run-fields';
import { vehicleLayout } from '#domain/trolleys/vehicle-layouts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { textLinkClass } from '../../../components/ui/text-link';
import { notify } from '../../../components/ui/toast';
import { describeError } from '../../../lib/describe-error';
import { paths } from '../../../lib/paths';
import { vehicleListQuery } from '../../../lib/fleet/vehicle-list';
import { createPlannedRuns, dayPlanQuery, newRunId, planVehicleOf } from '../../../lib/plan/plan-queries';
import { Link } from '../../../lib/router/links';

/** Where the fleet is kept (the Fleet screen, docs/decisions/076). */
const FLEET_PATH = '/fleet';

const SMALL_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40 md:size-8 pointer-coarse:size-11';
const SELECT =
  'min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 pointer-coarse:min-h-11';

const runsText = (n: number) => `${n} ${n === 1 ? 'run' : 'runs'}`;
const vehicleText = (vehicle: PlanVehicle) =>
  `${vehicle.name}${vehicle.reg ? ` (${vehicle.reg})` : ''} · ${vehicle.trolleyNumber}T ${vehicle.vehicleType}`;

interface Props {
  year: number;
  week: number;
  column: BoardColumn;
  onClose: () => void;
}

export function PlanDeliveriesDialog({ year, week, column, onClose }: Props) {
  const proposal = useQuery(dayPlanQuery(year, week, column.day));
  const dayName = `${column.label} ${column.date.day}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Plan deliveries for ${dayName}`}
      description="Your fleet, rounds and past runs make this proposal. Change it as you need: nothing is saved until you create the runs."
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain sm:max-w-6xl"
    >
      {proposal.isPending && <p className="text-sm text-slate-600">Planning {dayName}...</p>}
      {proposal.isError && (
        <div className="space-y-3">
          <FormMessage message={{ tone: 'error', text: describeError(proposal.error) }} />
          <div className="flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
      {proposal.isSuccess && <Planner answer={proposal.data} dayName={dayName} onClose={onClose} />}
    </Dialog>
  );
}

type Step = { kind: 'editing' } | { kind: 'creating' } | { kind: 'created'; runs: { id: string; name: string }[] };

function Planner({ answer, dayName, onClose }: { answer: DayPlanAnswer; dayName: string; onClose: () => void }) {
  const { plan, date } = answer;
  const [draft, setDraft] = useState<PlanDraft>(() => ({ runs: plan.runs, notPlanned: notPlannedOf(plan.leftOut) }));
  // A run's id, chosen once per vehicle of this proposal when the runs are first sent: a retry
  // after a network error sends the same ids, and the server creates nothing twice.
  const [ids] = useState(() => new Map<string, string>());
  const [step, setStep] = useState<Step>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const fleet = useQuery(vehicleListQuery()).data;
  const isLocked = step.kind !== 'editing';

  // The fleet as it is now (the vehicles' live feed refreshes it); not under a Create runs on its way.
  useEffect(() => {
    if (fleet && !isLocked) setDraft((current) => followFleet(current, fleet.map(planVehicleOf), date));
  }, [fleet, date, isLocked]);

  if (draft.runs.length === 0)
    return (
      <div className="space-y-3 text-sm">
        <p>There are no active vehicles in your fleet, so there is nothing to plan onto.</p>
        <p>
          <Link to={FLEET_PATH} className={textLinkClass}>
            Add your vehicles on the Fleet screen
          </Link>
          , then plan again.
        </p>
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );

  const runCount = draft.runs.filter((run) => run.stops.length > 0).length;
  const isEmpty = plan.runs.every((run) => run.stops.length === 0) && plan.leftOut.length === 0 && plan.withoutCount.length === 0;
  const overCapacity = draftOverCapacity(draft);
  const change = (next: (current: PlanDraft) => PlanDraft) => setDraft((current) => next(current));

  const create = async () => {
    const toCreate = runsToCreate(
      draft.runs,
      draft.runs.map((run) => {
        const known = ids.get(run.vehicle.id);
        if (known) return known;
        const id = newRunId();
        ids.set(run.vehicle.id, id);
        return id;
      }),
    );
    setStep({ kind: 'creating' });
    setError(null);
    try {
      await createPlannedRuns(toCreate);
      notify.success(`${runsText(toCreate.length)} created.`);
      setStep({ kind: 'created', runs: toCreate.map(({ id, name }) => ({ id, name })) });
    } catch (err) {
      setError(`${describeError(err)} Your plan is still here.`);
      setStep({ kind: 'editing' });
    }
  };

  return (
    <div className="space-y-4 text-sm">
      {isEmpty && <p>No deliveries on {dayName} to plan.</p>}
      {overCapacity && <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800">{overCapacity}</p>}
      {step.kind === 'created' ? (
        <section aria-label="Runs created" className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2">
          <p className="font-semibold text-emerald-900">{runsText(step.runs.length)} created.</p>
          <ul className="space-y-1">
            {step.runs.map((run) => (
              <li key={run.id}>
                <Link to={paths.runView(run.id)} className={textLinkClass}>
                  Open run {run.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        !isEmpty && (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {draft.runs.map((run, at) => (
              <RunCard
                key={run.vehicle.id}
                run={run}
                at={at}
                runs={draft.runs}
                vehicles={draft.runs.map((r) => r.vehicle)}
                isLocked={isLocked}
                onChange={change}
                date={date}
              />
            ))}
          </div>
        )
      )}
      {draft.notPlanned.length > 0 && step.kind !== 'created' && (
        <section aria-labelledby="plan-left-out" className="rounded-md border border-red-200 bg-red-50 px-3 py-2">
          <h3 id="plan-left-out" className="font-semibold text-red-900">
            Not planned
          </h3>
          <ul aria-label="Not planned" className="mt-1 space-y-1 text-red-900">
            {draft.notPlanned.map((entry, index) => (
              <li key={`${entry.stop.id}-${index}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 flex-1">
                  {entry.stop.title}, {trolleysText(trolleysNeeded(entry.stop))}: {entry.reason}
                </span>
                <MoveTo
                  stop={entry.stop}
                  label={`Move ${entry.stop.title} to a vehicle`}
                  runs={draft.runs}
                  isLocked={isLocked}
                  onMove={(to) => to !== NOT_PLANNED && change((current) => placeNotPlanned(current, index, to, date))}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {plan.withoutCount.length > 0 && (
        <section aria-labelledby="plan-without-count" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
          <h3 id="plan-without-count" className="font-semibold text-amber-900">
            Count these first
          </h3>
          <p className="text-amber-900">These orders have no trolley count, so they are not planned. Nothing is guessed.</p>
          <ul className="mt-1 space-y-0.5">
            {plan.withoutCount.map((order) => (
              <li key={order.stop.id}>
                <Link to={paths.editOrder(order.stop.id)} className={textLinkClass}>
                  {order.stop.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <FormMessage message={error ? { tone: 'error', text: error } : null} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onClose}>{step.kind === 'created' ? 'Close' : 'Cancel'}</Button>
        {step.kind !== 'created' && (
          <Button variant="primary" disabled={runCount === 0 || isLocked} onClick={() => void create()}>
            {step.kind === 'creating' ? 'Creating runs...' : 'Create runs'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** "Not planned" in a stop's Move to: off every vehicle. */
const NOT_PLANNED = 'not-planned';

/**
 * A stop's "Move to": another run's vehicle (as its last drop), or, for a stop on a run, Not
 * planned. One select, so a person finds the same control on a card and in Not planned.
 */
function MoveTo({
  stop,
  label,
  runs,
  from,
  isLocked,
  onMove,
}: {
  stop: RunStop;
  label: string;
  runs: readonly PlannedRun[];
  /** The run the stop is on; undefined for a not planned stop. */
  from?: number;
  isLocked: boolean;
  onMove: (to: number | typeof NOT_PLANNED) => void;
}) {
  return (
    <select
      className={`${SELECT} w-28`}
      value=""
      disabled={isLocked}
      aria-label={label}
      title={`Move ${stop.title}`}
      onChange={(event) => {
        const { value } = event.target;
        if (value === NOT_PLANNED) onMove(NOT_PLANNED);
        else if (value !== '') onMove(Number(value));
      }}
    >
      <option value="">Move to</option>
      {runs.map((other, otherAt) =>
        otherAt === from ? null : (
          <option key={other.vehicle.id} value={otherAt}>
            {other.vehicle.name}
          </option>
        ),
      )}
      {from !== undefined && <option value={NOT_PLANNED}>Not planned</option>}
    </select>
  );
}

interface CardProps {
  run: PlannedRun;
  at: number;
  runs: readonly PlannedRun[];
  vehicles: readonly PlanVehicle[];
  isLocked: boolean;
  onChange: (change: (current: PlanDraft) => PlanDraft) => void;
  date: string;
}

/** Keys for a run's stops that stay with each stop as it moves (an order split over vehicles has one id on each). */
function stopKeys(run: PlannedRun): string[] {
  const seen = new Map<string, number>();
  return run.stops.map((stop) => {
    const nth = seen.get(stop.id) ?? 0;
    seen.set(stop.id, nth + 1);
    return `${stop.id}#${nth}`;
  });
}

/** One step up or down a run's drop order: a 44 px button on touch screens, an arrow drawn inline. */
function ShiftButton({ stop, by, disabled, onShift }: { stop: RunStop; by: -1 | 1; disabled: boolean; onShift: () => void }) {
  const word = by < 0 ? 'earlier' : 'later';
  return (
    <button
      type="button"
      className={SMALL_BUTTON}
      aria-label={`Move ${stop.title} ${word}`}
      title={by < 0 ? 'Earlier' : 'Later'}
      disabled={disabled}
      onClick={onShift}
    >
      <StrokeIcon d={by < 0 ? 'M5 12l5-5 5 5' : 'M5 8l5 5 5-5'} className="size-4" strokeWidth={2} />
    </button>
  );
}

function RunCard({ run, at, runs, vehicles, isLocked, onChange, date }: CardProps) {
  const { vehicle } = run;
  const headingId = `plan-run-${at}`;
  const isOver = trolleysOff(run) > 0;
  const notInGrid = notInGridText(run);
  const keys = stopKeys(run);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {vehicle.name}
        </h3>
        <p data-testid="run-load" className={isOver ? 'font-semibold text-red-700' : 'text-slate-700'}>
          {runLoadText(run)}
        </p>
      </header>
      <p className="text-slate-600">
        {vehicle.reg || 'No registration'} · {vehicle.driver ? `Driver ${vehicle.driver}` : 'No usual driver'}
      </p>
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium text-slate-600">Vehicle</span>
        <select
          className={SELECT}
          value={vehicle.id}
          disabled={isLocked}
          aria-label={`Vehicle for run ${at + 1}`}
          onChange={(event) => {
            const chosen = vehicles.find((v) => v.id === event.target.value);
            if (chosen) onChange((current) => withRuns(current, (all) => changeVehicle(all, at, chosen, date)));
          }}
        >
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {vehicleText(v)}
            </option>
          ))}
        </select>
      </label>
      {run.stops.length === 0 ? (
        <p className="text-slate-600">No stops: this vehicle stays in.</p>
      ) : (
        <ol aria-label={`Stops on ${vehicle.name}`} className="space-y-1">
          {run.stops.map((stop, index) => (
            <li key={keys[index]} className="flex flex-wrap items-center gap-1 rounded-md border border-slate-200 px-2 py-1">
              {/* The name keeps at least 8rem: on a phone the controls go below it rather than squeeze it to a word a line. */}
              <span className="min-w-0 flex-1 basis-32">
                <span className="text-slate-500">{index + 1}.</span> <span className="font-medium">{stop.title}</span>
                <span className="text-slate-600"> · {trolleysText(trolleysNeeded(stop))}</span>
              </span>
              <span className="ml-auto flex items-center gap-1">
                {([-1, 1] as const).map((by) => (
                  <ShiftButton
                    key={by}
                    stop={stop}
                    by={by}
                    disabled={isLocked || (by < 0 ? index === 0 : index === run.stops.length - 1)}
                    onShift={() => onChange((current) => withRuns(current, (all) => shiftStop(all, at, index, by, date)))}
                  />
                ))}
                <MoveTo
                  stop={stop}
                  label={`Move ${stop.title} to another vehicle`}
                  runs={runs}
                  from={at}
                  isLocked={isLocked}
                  onMove={(to) =>
                    onChange((current) =>
                      to === NOT_PLANNED
                        ? unplanStop(current, at, index, date)
                        : withRuns(current, (all) => moveStopToRun(all, at, index, to, date)),
                    )
                  }
                />
              </span>
            </li>
          ))}
        </ol>
      )}
      <LoadGrid run={run} />
      {notInGrid && <p className="font-semibold text-red-700">{notInGrid}</p>}
    </section>
  );
}

/** The vehicle's cells as Fill left them, drawn small, front at the top and the doors below. */
function LoadGrid({ run }: { run: PlannedRun }) {
  const { vehicleType, trolleyNumber, grid } = run.vehicleInfo;
  const layout = vehicleLayout(vehicleType, trolleyNumber);
  return (
    <div className="mt-auto">
      <p aria-hidden="true" className="text-center text-xs text-slate-500">
        Front
      </p>
      <ol
        aria-label={`Load of ${run.vehicle.name}, front first`}
        className="grid gap-0.5"
        style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}
      >
        {layout.cells.map((cell) => {
          const label = grid[cell.index] ?? '';
          return (
            <li
              key={cell.index}
              title={`Trolley ${cell.index + 1}: ${label || 'empty'}`}
              style={{ gridRow: cell.drawRow + 1, gridColumn: `${cell.drawColumn + 1} / span ${cell.columnSpan}` }}
              className={`truncate rounded-sm border px-1 py-0.5 text-center text-[11px] leading-tight ${
                label ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-dashed border-slate-300 text-slate-400'
              }`}
            >
              <span className="sr-only">Trolley {cell.index + 1}: </span>
              {label || 'empty'}
            </li>
          );
        })}
      </ol>
      <p aria-hidden="true" className="text-center text-xs text-slate-500">
        Doors
      </p>
    </div>
  );
}
