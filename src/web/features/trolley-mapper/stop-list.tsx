import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, X } from 'lucide-react';
import { useRef } from 'react';
import type { RunStop } from '#domain/records';
import { customerLabel } from '#domain/trolleys/customer-label';
import type { StopPlacement } from '#domain/trolleys/load-plan';
import { stopDisplay } from '#domain/trolleys/stop-display';
import { StopSwatch } from './stop-colour';
import { inputClass } from './styles';

/** Drag by mouse, pointer or touch after a 250 ms press, moving at most 5 px meanwhile (docs/product.md#trolley-mapper). */
const PRESS_TO_DRAG = { delay: 250, tolerance: 5 } as const;

const STOP_FIELDS = [
  { key: 'title', label: 'Title', width: 'col-span-2 sm:col-span-1' },
  { key: 'orderNumber', label: 'Order No', width: '' },
  { key: 'postcode', label: 'Postcode', width: '' },
  { key: 'trollies', label: 'Trollies', width: '' },
  { key: 'extras', label: 'Extras', width: '' },
] as const satisfies readonly { key: keyof RunStop; label: string; width: string }[];

export type StopField = (typeof STOP_FIELDS)[number]['key'];

interface StopListProps {
  stops: RunStop[];
  /** How many of each stop's trolleys are on the vehicle, in the stops' order. */
  placements: readonly StopPlacement[];
  isEditing: boolean;
  /** A plan that may not change: the stops are listed, not dragged, chosen or edited (docs/decisions/064). */
  readOnly?: boolean;
  /** The label a click on a cell writes; the stop showing it is marked as chosen. */
  currentLabel: string | null;
  onReorder: (stops: RunStop[]) => void;
  onChooseStop: (stop: RunStop) => void;
  onChangeStop: (id: string, field: StopField, value: string) => void;
  onRemoveStop: (id: string) => void;
}

/** The run's customers in delivery order, reordered by drag (pointer or keyboard). */
export function StopList({
  stops,
  placements,
  isEditing,
  readOnly = false,
  currentLabel,
  onReorder,
  onChooseStop,
  onChangeStop,
  onRemoveStop,
}: StopListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: PRESS_TO_DRAG }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: UniqueIdentifier) => stops.findIndex((stop) => stop.id === id) + 1;
  const nameOf = (id: UniqueIdentifier) => stops.find((stop) => stop.id === id)?.title.trim() || 'untitled';
  // dnd-kit reports the picked-up stop as over its own place straight away; announcing that
  // would cut off "Picked up ..." before a screen reader has read it.
  const justPickedUp = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up stop ${positionOf(active.id)}, ${nameOf(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const isFirst = justPickedUp.current;
      justPickedUp.current = false;
      if (isFirst && over?.id === active.id) return undefined;
      return over ? `Moved to position ${positionOf(over.id)}.` : 'Not over a position.';
    },
    onDragEnd: ({ active, over }) =>
      over ? `Dropped at position ${positionOf(over.id)}.` : `Dropped. ${nameOf(active.id)} stays at position ${positionOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${nameOf(active.id)} stays at position ${positionOf(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(stops, positionOf(active.id) - 1, positionOf(over.id) - 1));
  };

  if (stops.length > 0 && readOnly) {
    return (
      <ol className="space-y-1.5" aria-label="Customers on this run">
        {stops.map((stop, index) => (
          <FixedStop key={stop.id} stop={stop} index={index} placement={placements[index] ?? { needed: 0, placed: 0 }} />
        ))}
      </ol>
    );
  }

  if (stops.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
        No customers on this run{readOnly ? '.' : ' yet.'}{' '}
        {readOnly ? '' : isEditing ? 'Add one with "+ Add".' : 'Choose orders on the board in Map mode, or press Edit and "+ Add".'}
      </p>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a stop, press Space or Enter, use the arrow keys to move it, then press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={stops.map((stop) => stop.id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-1.5" aria-label="Customers on this run">
          {stops.map((stop, index) => (
            <SortableStop
              key={stop.id}
              stop={stop}
              index={index}
              placement={placements[index] ?? { needed: 0, placed: 0 }}
              isEditing={isEditing}
              isChosen={currentLabel !== null && currentLabel !== '' && customerLabel(stop) === currentLabel}
              onChoose={onChooseStop}
              onChange={onChangeStop}
              onRemove={onRemoveStop}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortableStopProps {
  stop: RunStop;
  index: number;
  placement: StopPlacement;
  isEditing: boolean;
  isChosen: boolean;
  onChoose: (stop: RunStop) => void;
  onChange: (id: string, field: StopField, value: string) => void;
  onRemove: (id: string) => void;
}

function SortableStop({ stop, index, placement, isEditing, isChosen, onChoose, onChange, onRemove }: SortableStopProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.id });
  const shown = stopDisplay(stop, index);
  const name = shown.title || 'untitled';

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-stretch gap-2 rounded-md border bg-white shadow-sm ${
        isDragging
          ? 'relative z-10 border-emerald-600 shadow-lg'
          : isChosen
            ? 'border-emerald-600 ring-2 ring-emerald-600/30'
            : 'border-slate-200'
      }`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move stop ${shown.position}, ${name}`}
        className="flex w-12 shrink-0 cursor-grab touch-none items-center justify-center gap-0.5 rounded-l-md border-r border-slate-200 bg-slate-50 text-sm font-bold text-slate-700 select-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
        <StopSwatch stopIndex={index} />
      </button>

      {isEditing ? (
        <div className="grid flex-1 grid-cols-2 gap-1.5 py-1.5 pr-1.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,0.7fr)_minmax(0,1fr)]">
          {STOP_FIELDS.map((field) => (
            <input
              key={field.key}
              className={`${inputClass} ${field.width}`}
              aria-label={`${field.label}, stop ${shown.position}`}
              placeholder={field.label}
              value={stop[field.key]}
              onChange={(e) => onChange(stop.id, field.key, e.target.value)}
            />
          ))}
        </div>
      ) : (
        <button
          type="button"
          className="flex min-h-11 min-w-0 flex-1 flex-col justify-center gap-0.5 py-1.5 pr-2 text-left focus-visible:outline-2 focus-visible:outline-emerald-600 sm:flex-row sm:items-center sm:justify-start sm:gap-3"
          onClick={() => onChoose(stop)}
          aria-pressed={isChosen}
          aria-label={`Choose ${customerLabel(stop) || 'untitled stop'} for the trolleys`}
        >
          <span className="min-w-0 truncate font-semibold text-slate-900 sm:flex-1">{name}</span>
          <span className="flex flex-wrap items-baseline gap-x-3 text-sm">
            {shown.orderNumber && <span className="font-mono text-slate-600">{shown.orderNumber}</span>}
            {shown.postcode && <span className="text-slate-700">{shown.postcode}</span>}
            {shown.trollies && <span className="font-bold text-slate-900">{shown.trollies}</span>}
            {shown.extras && <span className="font-medium text-red-600">{shown.extras}</span>}
            <PlacedCount placement={placement} />
          </span>
        </button>
      )}

      {isEditing && (
        <button
          type="button"
          className="m-1.5 inline-flex w-9 shrink-0 items-center justify-center self-center rounded-md border border-red-200 py-1.5 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          aria-label={`Remove stop ${shown.position}, ${name}`}
          onClick={() => onRemove(stop.id)}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}

/** A stop of a plan that may not change: its place, name and counts, nothing to press or drag. */
function FixedStop({ stop, index, placement }: { stop: RunStop; index: number; placement: StopPlacement }) {
  const shown = stopDisplay(stop, index);
  return (
    <li className="flex items-stretch gap-2 rounded-md border border-slate-200 bg-white shadow-sm">
      <span className="flex w-11 shrink-0 items-center justify-center rounded-l-md border-r border-slate-200 bg-slate-50">
        <span className="sr-only">{shown.position}</span>
        <StopSwatch stopIndex={index} />
      </span>
      <span className="flex min-h-11 min-w-0 flex-1 flex-col justify-center gap-0.5 py-1.5 pr-2 sm:flex-row sm:items-center sm:gap-3">
        <span className="min-w-0 truncate font-semibold text-slate-900 sm:flex-1">{shown.title || 'untitled'}</span>
        <span className="flex flex-wrap items-baseline gap-x-3 text-sm">
          {shown.orderNumber && <span className="font-mono text-slate-600">{shown.orderNumber}</span>}
          {shown.postcode && <span className="text-slate-700">{shown.postcode}</span>}
          {shown.trollies && <span className="font-bold text-slate-900">{shown.trollies}</span>}
          {shown.extras && <span className="font-medium text-red-600">{shown.extras}</span>}
          <PlacedCount placement={placement} />
        </span>
      </span>
    </li>
  );
}

/** "3 of 4 placed": how many of the stop's trolleys are on the vehicle; done when all are. */
function PlacedCount({ placement: { needed, placed } }: { placement: StopPlacement }) {
  if (needed === 0 && placed === 0) return null;
  // Done in green; part placed (or more than needed) in amber, to look at; none yet in grey.
  const tone =
    needed > 0 && placed === needed
      ? 'bg-emerald-100 text-emerald-900'
      : placed > 0
        ? 'bg-amber-100 text-amber-900'
        : 'bg-slate-100 text-slate-700';
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {needed === 0 ? `${placed} placed` : `${placed} of ${needed} placed`}
    </span>
  );
}
