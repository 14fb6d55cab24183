// The board's drag and drop, loaded on its own once the week's orders are on screen: dnd-kit
// stays out of the board's first load (docs/decisions/014). Until it has arrived the board is
// fully usable, only not draggable. When it arrives the board is not drawn again: its context
// is mounted beside the board, not around it, and reaches the lines and days through a bridge
// (`DragBridge`) the board has had from its first render. Each line registers its element and
// its Move button there, and its listeners hand their events to the draggable dnd-kit keeps for
// it; so the arrival only adds listeners, the Move buttons and the classes of a draggable line,
// and what had the focus and where the page was stay as they were.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import type { Day, OrderRecord } from '#domain/records';
import { useCan } from '../../lib/use-role';
import { dropId, DragBridge } from './drag-bridge';

type DragModule = typeof import('./drag/board-dnd');

/** What a draggable line spreads on its parts. */
export interface DragHandles {
  ref: (element: HTMLElement | null) => void;
  /** Mouse and touch start a drag anywhere on the line. */
  lineListeners: { onMouseDown?: (e: MouseEvent) => void; onTouchStart?: (e: TouchEvent) => void };
  /** The keyboard starts it from the line's Move button. */
  handle: {
    ref: (element: HTMLElement | null) => void;
    onKeyDown?: (e: KeyboardEvent) => void;
    'aria-describedby'?: string;
    'aria-pressed'?: boolean;
  };
  isDragging: boolean;
}

/** What a day that takes drops puts on its element. */
export interface DropTarget {
  ref: (element: HTMLElement | null) => void;
  /** An order from another day is over it. */
  isOver: boolean;
  /** Some order is being dragged. */
  isDragging: boolean;
}

let loaded: DragModule | null = null;
let loading: Promise<void> | null = null;
const moduleListeners = new Set<() => void>();

function loadDragSupport(): Promise<void> {
  loading ??= import('./drag/board-dnd').then(
    (module) => {
      loaded = module;
      for (const listener of moduleListeners) listener();
    },
    (err: unknown) => {
      // A failed download leaves the board as it is (not draggable); the next board tries again.
      loading = null;
      console.warn('Drag and drop could not be loaded; orders can still be moved on their edit page.', err);
    },
  );
  return loading;
}

function useDragModule(): DragModule | null {
  return useSyncExternalStore(
    (listener) => {
      moduleListeners.add(listener);
      return () => moduleListeners.delete(listener);
    },
    () => loaded,
  );
}

const BridgeContext = createContext<DragBridge | null>(null);

/** Loads drag and drop once the board has its orders, when the browser has a moment. */
function useLoadWhenIdle(isReady: boolean): void {
  useEffect(() => {
    if (!isReady || loaded) return;
    const load = () => void loadDragSupport();
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 500);
    return () => clearTimeout(timer);
  }, [isReady]);
}

/** The board's draggable area: the same elements before and after drag and drop arrives. */
export function DragArea({ isReady, children }: { isReady: boolean; children: ReactNode }) {
  // A viewer moves nothing: drag and drop is neither loaded nor offered (docs/decisions/035).
  const canEdit = useCan('edit');
  useLoadWhenIdle(isReady && canEdit);
  const dragModule = useDragModule();
  const module = canEdit ? dragModule : null;
  const [bridge] = useState(() => new DragBridge());
  const swallow = useCallback(
    (e: MouseEvent) => {
      if (!bridge.swallowClick) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [bridge],
  );
  return (
    <div onClickCapture={swallow}>
      <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>
      {module && <module.BoardDnd bridge={bridge} />}
    </div>
  );
}

function useBridgeState<T>(read: (bridge: DragBridge) => T, fallback: T): T {
  const bridge = useContext(BridgeContext);
  return useSyncExternalStore(bridge ? bridge.subscribeState : noSubscription, () => (bridge ? read(bridge) : fallback));
}

const noSubscription = () => () => {};

/** A ref callback that registers an element with the bridge and unregisters it when it goes. */
function useRegistration(register: (element: HTMLElement | null, previous: HTMLElement | null) => void) {
  const current = useRef<HTMLElement | null>(null);
  const latest = useRef(register);
  latest.current = register;
  return useCallback((element: HTMLElement | null) => {
    latest.current(element, current.current);
    current.current = element;
  }, []);
}

/** A line: draggable once drag and drop is here (`drag` is null until then). */
export function DraggableLine({ order, children }: { order: OrderRecord; children: (drag: DragHandles | null) => ReactNode }) {
  const bridge = useContext(BridgeContext);
  const isEnabled = useBridgeState((b) => b.isEnabled, false);
  const isDragging = useBridgeState((b) => b.dragged?.id === order.id, false);
  const orderRef = useRef(order);
  orderRef.current = order;
  useEffect(() => bridge?.setOrder(order), [bridge, order]);
  const lineRef = useRegistration((element, previous) => bridge?.setLinePart(orderRef.current, 'line', element, previous));
  const handleRef = useRegistration((element, previous) => bridge?.setLinePart(orderRef.current, 'handle', element, previous));
  const id = order.id;
  const [listeners] = useState(() => ({
    onMouseDown: (e: MouseEvent) => bridge?.bindings.get(id)?.onMouseDown?.(e),
    onTouchStart: (e: TouchEvent) => bridge?.bindings.get(id)?.onTouchStart?.(e),
    onKeyDown: (e: KeyboardEvent) => bridge?.bindings.get(id)?.onKeyDown?.(e),
  }));
  if (!bridge || !isEnabled) return <>{children(null)}</>;
  return (
    <>
      {children({
        ref: lineRef,
        lineListeners: { onMouseDown: listeners.onMouseDown, onTouchStart: listeners.onTouchStart },
        handle: {
          ref: handleRef,
          onKeyDown: listeners.onKeyDown,
          'aria-describedby': bridge.describedById,
          'aria-pressed': isDragging || undefined,
        },
        isDragging,
      })}
    </>
  );
}

/** A day that takes drops once drag and drop is here (`drop` is null until then). */
export function DropDay({ kind, day, children }: { kind: 'column' | 'strip'; day: Day; children: (drop: DropTarget | null) => ReactNode }) {
  const bridge = useContext(BridgeContext);
  const isEnabled = useBridgeState((b) => b.isEnabled, false);
  const isOver = useBridgeState((b) => b.overId === dropId(kind, day) && b.dragged !== null && b.dragged.day !== day, false);
  const isDragging = useBridgeState((b) => b.dragged !== null, false);
  const ref = useRegistration((element, previous) => bridge?.setDay(kind, day, element, previous));
  return <>{children(bridge && isEnabled ? { ref, isOver, isDragging } : null)}</>;
}

/**
 * Whether an order is being dragged right now, read when asked (not a render's value): the day
 * swipe leaves a finger that is moving an order alone.
 */
export function useIsDragging(): () => boolean {
  const bridge = useContext(BridgeContext);
  return useCallback(() => bridge !== null && (bridge.dragged !== null || bridge.swallowClick), [bridge]);
}
