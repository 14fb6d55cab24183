// Drag and drop on the board (docs/product.md#weekly-board): an order is dragged to another day's
// column, or on a phone to that day in the strip under the header. Mouse drags start after 5 px;
// touch after a 250 ms press that moves at most 5 px (so a swipe still scrolls); the keyboard from
// each line's Move button. Loaded after the week's orders are on screen (./drag-support), so
// dnd-kit is not part of the board's first load (docs/decisions/014).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent } from 'react';
import { dayLabel, formatPostcode } from '#domain/orders/format';
import { DAYS, type Day, type OrderRecord } from '#domain/records';
import type { DragHandles, DropTarget } from '../drag-support';
import { moveOrderToDay } from './move-order';

/** Touch: a 250 ms press that moves at most 5 px (docs/product.md#limits); a mouse: 5 px of movement. */
const PRESS_TO_DRAG = { delay: 250, tolerance: 5 } as const;
const MOUSE_DISTANCE = { distance: 5 } as const;

interface DayTarget {
  kind: 'column' | 'strip';
  day: Day;
}

const dropId = ({ kind, day }: DayTarget) => `${kind}-${day}`;
const targetOf = (data: unknown) => (data as { target?: DayTarget } | undefined)?.target;
const orderOf = (data: unknown) => (data as { order?: OrderRecord } | undefined)?.order;

/**
 * The strip's days lie over the columns on a phone: a pointer over one of them means that day.
 * The keyboard has no pointer: the column its place (./keyboard coordinates) lies in.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) {
    const columns = args.droppableContainers.filter((c) => targetOf(c.data.current)?.kind === 'column');
    return rectIntersection({ ...args, droppableContainers: columns });
  }
  const hits = pointerWithin(args);
  const strip = hits.find((hit) => targetOf(hit.data?.droppableContainer.data.current)?.kind === 'strip');
  return strip ? [strip] : hits;
};

/** Arrow keys move the order from day to day (right and down: the next day; left and up: the one before). */
const dayByDay: KeyboardCoordinateGetter = (event, { context }) => {
  const step =
    event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, droppableRects } = context;
  const from = targetOf(over?.data.current)?.day ?? orderOf(active?.data.current)?.day;
  if (!from) return undefined;
  const day = DAYS[DAYS.indexOf(from) + step];
  const rect = day ? droppableRects.get(dropId({ kind: 'column', day })) : undefined;
  if (!rect) return undefined;
  // Inside the column's header, where nothing else lies.
  return { x: rect.left + 8, y: rect.top + 8 };
};

interface BoardDndProps {
  children: ReactNode;
}

/** The drag-and-drop context of one board: its sensors, what is read out, and the drop. */
export function BoardDnd({ children }: BoardDndProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_DISTANCE }),
    useSensor(TouchSensor, { activationConstraint: PRESS_TO_DRAG }),
    useSensor(KeyboardSensor, { coordinateGetter: dayByDay }),
  );
  const [dragged, setDragged] = useState<OrderRecord | null>(null);
  // A drag that ends over a link must not also open it.
  const swallowClick = useRef(false);

  const nameOf = (data: unknown) => orderOf(data)?.title ?? 'the order';
  const dayOf = (data: unknown) => dayLabel(orderOf(data)?.day ?? 'monday');
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)} from ${dayOf(active.data.current)}.`,
    onDragOver: ({ active, over }) => {
      const target = targetOf(over?.data.current);
      return target ? `${nameOf(active.data.current)} is over ${dayLabel(target.day)}.` : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const target = targetOf(over?.data.current);
      return target && target.day !== orderOf(active.data.current)?.day
        ? `${nameOf(active.data.current)} moved to ${dayLabel(target.day)}.`
        : `${nameOf(active.data.current)} stays on ${dayOf(active.data.current)}.`;
    },
    onDragCancel: ({ active }) => `Moving cancelled. ${nameOf(active.data.current)} stays on ${dayOf(active.data.current)}.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(orderOf(active.data.current) ?? null);
    swallowClick.current = true;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const order = orderOf(active.data.current);
    const target = targetOf(over?.data.current);
    if (order && target && target.day !== order.day) void moveOrderToDay(order, target.day);
    setTimeout(() => (swallowClick.current = false), 0);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this order to another day, press Space or Enter, then the arrow keys to choose the day, and Space or Enter to drop it there. Escape cancels.',
        },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        setTimeout(() => (swallowClick.current = false), 0);
      }}
    >
      <div
        onClickCapture={(e) => {
          if (!swallowClick.current) return;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        {children}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className="max-w-72 rounded-md border-l-4 border-l-emerald-600 bg-white px-3 py-2 text-sm shadow-xl ring-1 ring-slate-300">
            <span className="font-semibold text-slate-900">{dragged.title}</span>{' '}
            {dragged.postcode && <span className="text-xs text-slate-600">{formatPostcode(dragged.postcode)}</span>}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** dnd-kit types its listeners as plain `Function`s; each is the React handler of its event. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- dnd-kit's own type for them.
const handler = <E,>(listener: Function | undefined) => listener as ((event: E) => void) | undefined;

/** An order that can be dragged: the line (mouse and touch) and its Move button (keyboard). */
export function DraggableOrder({ order, children }: { order: OrderRecord; children: (drag: DragHandles) => ReactNode }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `order-${order.id}`, data: { order } });
  return children({
    ref: setNodeRef,
    lineListeners: { onMouseDown: handler<MouseEvent>(listeners?.onMouseDown), onTouchStart: handler<TouchEvent>(listeners?.onTouchStart) },
    handle: {
      ref: setActivatorNodeRef,
      onKeyDown: handler<KeyboardEvent>(listeners?.onKeyDown),
      'aria-describedby': attributes['aria-describedby'],
      'aria-pressed': attributes['aria-pressed'],
    },
    isDragging,
  });
}

/** A day that takes a dropped order: its column, or its place in the strip. */
export function DroppableDay({ kind, day, children }: DayTarget & { children: (drop: DropTarget) => ReactNode }) {
  const target: DayTarget = { kind, day };
  const { setNodeRef, isOver, active } = useDroppable({ id: dropId(target), data: { target } });
  return children({ ref: setNodeRef, isOver: isOver && orderOf(active?.data.current)?.day !== day, isDragging: active !== null });
}
