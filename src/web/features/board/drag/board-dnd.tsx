// Drag and drop on the board (docs/product.md#weekly-board): an order is dragged to another day's
// column, or on a phone to that day in the strip under the header. Mouse drags start after 5 px;
// touch after a 250 ms press that moves at most 5 px (so a swipe still scrolls); the keyboard from
// each line's Move button. Loaded after the week's orders are on screen (../drag-support), so
// dnd-kit is not part of the board's first load (docs/decisions/014). Mounted beside the board,
// not around it: it binds a draggable to each line and a droppable to each day the board has
// registered with its bridge, so the board's elements stay as they are when it arrives.
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
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useLayoutEffect, useMemo, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import { dayLabel, formatPostcode } from '#domain/orders/format';
import { DAYS, type Day, type OrderRecord } from '#domain/records';
import { dropId, type DragBridge } from '../drag-bridge';
import { moveOrderToDay } from './move-order';

/** Touch: a 250 ms press that moves at most 5 px (docs/product.md#limits); a mouse: 5 px of movement. */
const PRESS_TO_DRAG = { delay: 250, tolerance: 5 } as const;
const MOUSE_DISTANCE = { distance: 5 } as const;

interface DayTarget {
  kind: 'column' | 'strip';
  day: Day;
}

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
  const rect = day ? droppableRects.get(dropId('column', day)) : undefined;
  if (!rect) return undefined;
  // Inside the column's header, where nothing else lies.
  return { x: rect.left + 8, y: rect.top + 8 };
};

/** The drag-and-drop context of one board: its sensors, what is read out, and the drop. */
export function BoardDnd({ bridge }: { bridge: DragBridge }) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_DISTANCE }),
    useSensor(TouchSensor, { activationConstraint: PRESS_TO_DRAG }),
    useSensor(KeyboardSensor, { coordinateGetter: dayByDay }),
  );
  // Every line and day the board has now (it tells when one comes or goes).
  useSyncExternalStore(bridge.subscribeRegistry, () => bridge.version);
  const dragged = useSyncExternalStore(bridge.subscribeState, () => bridge.dragged);
  // The board's lines and days become draggable and take drops once this is here.
  useLayoutEffect(() => {
    bridge.setState({ isEnabled: true });
    return () => bridge.setState({ isEnabled: false, dragged: null, overId: null });
  }, [bridge]);

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

  const finish = () => {
    bridge.setState({ dragged: null, overId: null });
    setTimeout(() => (bridge.swallowClick = false), 0);
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    bridge.swallowClick = true;
    bridge.setState({ dragged: orderOf(active.data.current) ?? null });
  };
  const onDragOver = ({ over }: DragOverEvent) => bridge.setState({ overId: over ? String(over.id) : null });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    finish();
    const order = orderOf(active.data.current);
    const target = targetOf(over?.data.current);
    if (order && target && target.day !== order.day) void moveOrderToDay(order, target.day);
  };

  return (
    <DndContext
      id={bridge.describedById}
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
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
    >
      {[...bridge.lines].map(([id, entry]) => (
        <LineDraggable key={id} bridge={bridge} id={id} line={entry.line} handle={entry.handle} />
      ))}
      {[...bridge.days].map(([id, { kind, day, element }]) => (
        <DayDroppable key={id} kind={kind} day={day} element={element} />
      ))}
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

/** The draggable of one of the board's lines: its element, its Move button, and its listeners handed to the line. */
function LineDraggable({
  bridge,
  id,
  line,
  handle,
}: {
  bridge: DragBridge;
  id: string;
  line: HTMLElement | null;
  handle: HTMLElement | null;
}) {
  // The order as the board has it now, also mid-drag; the last one seen if its line has gone.
  const data = useMemo(() => {
    let last: OrderRecord | undefined;
    return {
      get order() {
        last = bridge.lines.get(id)?.order ?? last;
        return last;
      },
    };
  }, [bridge, id]);
  const { setNodeRef, setActivatorNodeRef, listeners } = useDraggable({ id: `order-${id}`, data });
  useLayoutEffect(() => setNodeRef(line), [setNodeRef, line]);
  useLayoutEffect(() => setActivatorNodeRef(handle), [setActivatorNodeRef, handle]);
  useLayoutEffect(() => {
    bridge.bindings.set(id, {
      onMouseDown: handler<MouseEvent>(listeners?.onMouseDown),
      onTouchStart: handler<TouchEvent>(listeners?.onTouchStart),
      onKeyDown: handler<KeyboardEvent>(listeners?.onKeyDown),
    });
    return () => void bridge.bindings.delete(id);
  }, [bridge, id, listeners]);
  return null;
}

/** A day that takes a dropped order: its column, or its place in the strip. */
function DayDroppable({ kind, day, element }: DayTarget & { element: HTMLElement }) {
  const data = useMemo(() => ({ target: { kind, day } satisfies DayTarget }), [kind, day]);
  const { setNodeRef } = useDroppable({ id: dropId(kind, day), data });
  useLayoutEffect(() => setNodeRef(element), [setNodeRef, element]);
  return null;
}
