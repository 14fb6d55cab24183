// Plan deliveries (docs/decisions/076-plan-the-day.md, "Plan deliveries on the board"): the
// server's proposal for one board day, one card per vehicle, for a person to change and accept.
// Every change refills the grids in the browser with the same pure functions the proposal used;
// nothing is written until Create runs, which sends the runs with ids chosen once per proposal.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { PlannedRun, PlanVehicle } from '#domain/plan/pack-day';
import { trolleysText } from '#domain/plan/pack-day';
import type { DayPlanAnswer } from '#domain/plan/plan-api';
import { changeVehicle, moveStopToRun, runsToCreate, shiftStop, trolleysOff } from '#domain/plan/plan-edits';
import { trolleysNeeded } from '#domain/trolleys/load-plan';
import { vehicleLayout } from '#domain/trolleys/vehicle-layouts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { textLinkClass } from '../../../components/ui/text-link';
import { notify } from '../../../components/ui/toast';
import { describeError } from '../../../lib/describe-error';
import { paths } from '../../../lib/paths';
import { createPlannedRuns, dayPlanQuery, newRunId } from '../../../lib/plan/plan-queries';
import { Link } from '../../../lib/router/links';

/** Where the fleet is kept (the Fleet screen, docs/decisions/076). */
const FLEET_PATH = '/fleet';

const SMALL_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40 md:size-8 pointer-coarse:size-11';
const SELECT =
  'min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 pointer-coarse:min-h-11';

/** An arrow drawn inline (the icon library travels in the board's file, docs/decisions/006). */
function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

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
  const [runs, setRuns] = useState<PlannedRun[]>(plan.runs);
  // Chosen once for this proposal: a retry after a network error sends the same ids, and the
  // server creates nothing twice.
  const [ids] = useState(() => plan.runs.map(() => newRunId()));
  const [step, setStep] = useState<Step>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);

  if (answer.vehicles.length === 0)
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

  const toCreate = runsToCreate(runs, ids);
  const isEmpty = plan.runs.every((run) => run.stops.length === 0) && plan.leftOut.length === 0 && plan.withoutCount.length === 0;
  const isLocked = step.kind !== 'editing';

  const create = async () => {
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
      {plan.overCapacity && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800">{plan.overCapacity}</p>
      )}
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
            {runs.map((run, at) => (
              <RunCard
                key={ids[at]}
                run={run}
                at={at}
                runs={runs}
                vehicles={answer.vehicles}
                isLocked={isLocked}
                onChange={(next) => setRuns(next(runs, date))}
              />
            ))}
          </div>
        )
      )}
      {plan.leftOut.length > 0 && (
        <section aria-labelledby="plan-left-out" className="rounded-md border border-red-200 bg-red-50 px-3 py-2">
          <h3 id="plan-left-out" className="font-semibold text-red-900">
            Not planned
          </h3>
          <ul className="mt-1 space-y-0.5 text-red-900">
            {plan.leftOut.map((left, index) => (
              <li key={`${left.order.stop.id}-${index}`}>
                {left.order.stop.title}, {trolleysText(left.trolleys)}: {left.reason}
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
          <Button variant="primary" disabled={toCreate.length === 0 || isLocked} onClick={() => void create()}>
            {step.kind === 'creating' ? 'Creating runs...' : 'Create runs'}
          </Button>
        )}
      </div>
    </div>
  );
}

type Change = (runs: readonly PlannedRun[], date: string) => PlannedRun[];

interface CardProps {
  run: PlannedRun;
  at: number;
  runs: readonly PlannedRun[];
  vehicles: readonly PlanVehicle[];
  isLocked: boolean;
  onChange: (change: Change) => void;
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

function RunCard({ run, at, runs, vehicles, isLocked, onChange }: CardProps) {
  const { vehicle } = run;
  const headingId = `plan-run-${at}`;
  const placed = run.vehicleInfo.grid.filter((cell) => cell !== '').length;
  const off = trolleysOff(run);
  const keys = stopKeys(run);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {vehicle.name}
        </h3>
        <p data-testid="run-load" className={off > 0 ? 'font-semibold text-red-700' : 'text-slate-700'}>
          {placed} / {run.capacity} trolleys{off > 0 && ` · ${off} do not fit`}
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
            if (chosen) onChange((all, date) => changeVehicle(all, at, chosen, date));
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
            <li key={keys[index]} className="flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1">
              <span className="min-w-0 flex-1">
                <span className="text-slate-500">{index + 1}.</span> <span className="font-medium">{stop.title}</span>
                <span className="text-slate-600"> · {trolleysText(trolleysNeeded(stop))}</span>
              </span>
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`Move ${stop.title} earlier`}
                title="Earlier"
                disabled={isLocked || index === 0}
                onClick={() => onChange((all, date) => shiftStop(all, at, index, -1, date))}
              >
                <Chevron d="M5 12l5-5 5 5" />
              </button>
              <button
                type="button"
                className={SMALL_BUTTON}
                aria-label={`Move ${stop.title} later`}
                title="Later"
                disabled={isLocked || index === run.stops.length - 1}
                onClick={() => onChange((all, date) => shiftStop(all, at, index, 1, date))}
              >
                <Chevron d="M5 8l5 5 5-5" />
              </button>
              {runs.length > 1 && (
                <select
                  className={`${SELECT} w-24`}
                  value=""
                  disabled={isLocked}
                  aria-label={`Move ${stop.title} to another vehicle`}
                  onChange={(event) => {
                    const to = Number(event.target.value);
                    if (event.target.value !== '') onChange((all, date) => moveStopToRun(all, at, index, to, date));
                  }}
                >
                  <option value="">Move to</option>
                  {runs.map((other, otherAt) =>
                    otherAt === at ? null : (
                      <option key={other.vehicle.id} value={otherAt}>
                        {other.vehicle.name}
                      </option>
                    ),
                  )}
                </select>
              )}
            </li>
          ))}
        </ol>
      )}
      <LoadGrid run={run} />
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
