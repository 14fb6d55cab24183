import type { CSSProperties, ReactNode } from 'react';
import type { VehicleInfo } from '#domain/records';
import { VEHICLE_TYPES, type VehicleType } from '#domain/vocabulary/vehicle-kind';
import type { LoadCapacity } from '#domain/trolleys/load-plan';
import { BLANK_TROLLEY_LABEL } from '#domain/trolleys/run-plan';
import { blockCaption, vehicleKindLabel, vehicleLayout, vehicleSizes, type CellPlacement } from '#domain/trolleys/vehicle-layouts';
import { Button } from '../../components/ui/button';
import { STOP_BADGE, STOP_COLOURED, stopColourStyle } from './stop-colour';
import { toggleButton } from './styles';

/** What a click on a cell writes: a customer label, "Blank", or '' (Erase). null: nothing chosen yet. */
export type Brush = string | null;

interface VehiclePanelProps {
  vehicleInfo: VehicleInfo;
  /** Which stop (0-based drop order) each cell's trolley is, or null (cellStops). */
  cellOwners: readonly (number | null)[];
  brush: Brush;
  onChooseType: (type: VehicleType) => void;
  onChooseSize: (size: number) => void;
  onChooseBrush: (brush: Brush) => void;
  onClickCell: (index: number) => void;
  onClearAll: () => void;
  /** What the stops need against the cells, and how many of their trolleys are placed. */
  capacity: LoadCapacity;
  placed: number;
  onFill: () => void;
  onBlankRest: () => void;
  /** What the last Fill did, while the grid is as it left it. */
  fillNote: string | null;
  /** A plan that may not change: the vehicle and its cells are shown, with nothing to press (docs/decisions/064). */
  readOnly?: boolean;
  /** The nursery's vehicles to choose from, above the kind and size buttons (docs/decisions/076). */
  fleetChoice?: ReactNode;
}

/** A button per vehicle kind, in the table's order. */
const TYPES: { type: VehicleType; label: string }[] = VEHICLE_TYPES.map((type) => ({ type, label: vehicleKindLabel(type) }));

/** The vehicle: type and size buttons, the brush (current label, Blank Trolley, Erase) and the cells. */
export function VehiclePanel({
  vehicleInfo,
  cellOwners,
  brush,
  onChooseType,
  onChooseSize,
  onChooseBrush,
  onClickCell,
  onClearAll,
  capacity,
  placed,
  onFill,
  onBlankRest,
  fillNote,
  readOnly = false,
  fleetChoice = null,
}: VehiclePanelProps) {
  const layout = vehicleLayout(vehicleInfo.vehicleType, vehicleInfo.trolleyNumber);
  const vehicleName = vehicleKindLabel(vehicleInfo.vehicleType).toLowerCase();
  const hasEmptyCell = vehicleInfo.grid.some((cell) => cell === '');

  return (
    <section aria-labelledby="vehicle-heading" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <h2 id="vehicle-heading" className="sr-only">
        Vehicle
      </h2>
      {readOnly ? (
        <p className="text-sm font-semibold text-slate-900">
          {layout.cells.length > 0
            ? `${vehicleInfo.trolleyNumber}T ${vehicleName}`
            : `${vehicleKindLabel(vehicleInfo.vehicleType)}, no size chosen`}
        </p>
      ) : (
        <>
          {fleetChoice}
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Vehicle type" className="flex gap-1.5">
              {TYPES.map(({ type, label }) => (
                <button
                  key={type}
                  type="button"
                  className={toggleButton(vehicleInfo.vehicleType === type)}
                  aria-pressed={vehicleInfo.vehicleType === type}
                  onClick={() => onChooseType(type)}
                >
                  {label}
                </button>
              ))}
            </div>
            <div role="group" aria-label="Vehicle size" className="flex flex-wrap gap-1.5">
              {vehicleSizes(vehicleInfo.vehicleType).map((size) => (
                <button
                  key={size}
                  type="button"
                  className={`${toggleButton(vehicleInfo.trolleyNumber === size)} min-w-12`}
                  aria-pressed={vehicleInfo.trolleyNumber === size}
                  onClick={() => onChooseSize(size)}
                >
                  {size}T
                </button>
              ))}
            </div>
          </div>
        </>
      )}

      {!readOnly && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          <p className="mr-auto min-w-0 text-sm text-slate-600" aria-live="polite">
            {brush === null ? (
              'Click a customer, then the trolleys to fill.'
            ) : brush === '' ? (
              <>
                <span className="font-semibold text-slate-900">Erase</span>: click a trolley to empty it.
              </>
            ) : (
              <>
                Filling with <span className="font-semibold break-words text-emerald-800">{brush}</span>
              </>
            )}
          </p>
          <button
            type="button"
            className={toggleButton(brush === BLANK_TROLLEY_LABEL)}
            aria-pressed={brush === BLANK_TROLLEY_LABEL}
            onClick={() => onChooseBrush(BLANK_TROLLEY_LABEL)}
          >
            Blank Trolley
          </button>
          <button type="button" className={toggleButton(brush === '')} aria-pressed={brush === ''} onClick={() => onChooseBrush('')}>
            Erase
          </button>
          <Button variant="secondary" className="text-red-700! hover:bg-red-50!" onClick={onClearAll} disabled={layout.cells.length === 0}>
            Clear All
          </Button>
        </div>
      )}

      {layout.cells.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          <p className="mr-auto text-sm text-slate-600">
            Placed <span className="font-semibold text-slate-900">{placed}</span> of {capacity.needed} trolleys
          </p>
          {!readOnly && (
            <>
              <Button
                variant="secondary"
                onClick={onFill}
                disabled={!hasEmptyCell}
                title="Places every customer's trolleys, the last drop deepest"
              >
                Fill
              </Button>
              <Button variant="secondary" onClick={onBlankRest} disabled={!hasEmptyCell}>
                Blank the rest
              </Button>
            </>
          )}
        </div>
      )}
      {layout.cells.length > 0 && capacity.over > 0 && (
        <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Too many trolleys:</span> this run needs {capacity.needed}, the {vehicleInfo.trolleyNumber}T{' '}
          {vehicleName} has {capacity.cells} places. {capacity.over} won't fit.
        </p>
      )}
      {fillNote && (
        <p role="status" className="mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {fillNote}
        </p>
      )}

      {layout.cells.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
          Choose a size to lay out the {vehicleName}.
        </p>
      ) : (
        <div
          className="mt-4 grid gap-2"
          role="group"
          aria-label={`${vehicleKindLabel(vehicleInfo.vehicleType)} ${vehicleInfo.trolleyNumber}T trolleys`}
          style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}
        >
          {layout.cells.map((cell) => (
            <TrolleyCell
              key={cell.index}
              cell={cell}
              label={vehicleInfo.grid[cell.index] ?? ''}
              owner={cellOwners[cell.index] ?? null}
              canWrite={brush !== null && !readOnly}
              readOnly={readOnly}
              onClick={() => onClickCell(cell.index)}
            />
          ))}
        </div>
      )}
      <p className="mt-2 text-center text-xs text-slate-500">Front of the {vehicleName} at the top · doors at the bottom</p>
    </section>
  );
}

interface TrolleyCellProps {
  cell: CellPlacement;
  label: string;
  /** The stop whose trolley this is (0-based), coloured as it is in the list; null: none. */
  owner: number | null;
  canWrite: boolean;
  /** Shown, not pressed: a fixed plan's cell is a disabled button that keeps its name. */
  readOnly: boolean;
  onClick: () => void;
}

function TrolleyCell({ cell, label, owner, canWrite, readOnly, onClick }: TrolleyCellProps) {
  const number = cell.index + 1;
  const place: CSSProperties = { gridRow: cell.drawRow + 1, gridColumn: `${cell.drawColumn + 1} / span ${cell.columnSpan}` };
  const block = blockCaption(cell.block);
  const isBlank = label === BLANK_TROLLEY_LABEL;
  const dropId = `trolley-${number}-drop`;
  // A stop's trolley wears the stop's colour with its drop number; a blank trolley, an empty cell
  // and a label no stop has stay grey, so colour always means a customer (docs/decisions/071).
  const look =
    owner !== null
      ? STOP_COLOURED
      : label === ''
        ? 'border-dashed border-slate-300 bg-slate-50 text-slate-400'
        : isBlank
          ? 'border-slate-400 bg-slate-200 text-slate-600'
          : 'border-slate-500 bg-white text-slate-900';
  const hover = owner !== null ? 'hover:brightness-95 dark:hover:brightness-125' : 'hover:border-emerald-500';
  return (
    <button
      type="button"
      style={owner === null ? place : { ...place, ...stopColourStyle(owner) }}
      onClick={onClick}
      disabled={readOnly}
      aria-label={`Trolley ${number}: ${label === '' ? 'empty' : label}`}
      aria-describedby={owner === null ? undefined : dropId}
      className={`relative flex min-h-20 flex-col items-center justify-center rounded-md border-2 px-1 pt-5 pb-1.5 text-center text-xs leading-tight font-semibold break-words focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 sm:min-h-24 sm:px-1.5 sm:text-sm ${
        cell.block === 'grid' ? '' : 'min-h-14 sm:min-h-16'
      } ${look} ${canWrite ? `cursor-pointer ${hover}` : 'cursor-default'}`}
    >
      <span
        aria-hidden="true"
        className={`absolute top-1 left-1.5 text-[0.65rem] font-medium ${owner !== null ? '' : isBlank ? 'text-slate-600' : 'text-slate-500'}`}
      >
        {number}
        {block}
      </span>
      {owner !== null && (
        // Hidden from the name (it is the cell's description, "Drop 3"), so the name stays the label.
        <span
          id={dropId}
          aria-hidden="true"
          data-testid="drop-number"
          className={`absolute top-1 right-1 min-w-5 rounded-full px-1 text-center text-[0.7rem] leading-5 font-bold ${STOP_BADGE}`}
        >
          <span className="sr-only">Drop </span>
          {owner + 1}
        </span>
      )}
      <span aria-hidden="true" className="line-clamp-4 w-full">
        {keepHyphenatedWordsWhole(label)}
      </span>
    </button>
  );
}

/** "SO-101234" must not wrap after its hyphen: a driver would read two numbers. */
function keepHyphenatedWordsWhole(label: string): string {
  return label.replace(/(\S)-(?=\S)/g, '$1\u2011');
}
