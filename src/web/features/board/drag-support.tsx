// The board's drag and drop, loaded on its own once the week's orders are on screen: dnd-kit
// stays out of the board's first load (docs/decisions/014). Until it has arrived the board is
// fully usable, only not draggable; once it has, the board is drawn again inside its context,
// keeping where the page was scrolled to and what had the focus.
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import type { Day, OrderRecord } from '#domain/records';
import { useCan } from '../../lib/use-role';

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
const listeners = new Set<() => void>();

function loadDragSupport(): Promise<void> {
  loading ??= import('./drag/board-dnd').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
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
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
  );
}

const DragContext = createContext<DragModule | null>(null);

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

/** Where the page was, and what had the focus, the moment before the board is drawn again. */
interface PlaceOnPage {
  scrollY: number;
  /** The focused control, found again by its order and its name. */
  focus: { orderId: string | undefined; label: string } | null;
}

function placeOnPage(area: HTMLElement | null): PlaceOnPage {
  const active = document.activeElement;
  const label = active?.getAttribute('aria-label');
  const isInArea = active instanceof HTMLElement && area?.contains(active) === true;
  return {
    scrollY: window.scrollY,
    focus: isInArea && label ? { orderId: active.closest<HTMLElement>('[data-order-id]')?.dataset.orderId, label } : null,
  };
}

function returnTo(area: HTMLElement | null, place: PlaceOnPage): void {
  if (window.scrollY !== place.scrollY) window.scrollTo({ top: place.scrollY, behavior: 'instant' });
  if (!place.focus || !area) return;
  const scope = place.focus.orderId ? area.querySelector(`[data-order-id="${CSS.escape(place.focus.orderId)}"]`) : area;
  scope?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(place.focus.label)}"]`)?.focus({ preventScroll: true });
}

/** The board's draggable area: plain until drag and drop has loaded, then inside its context. */
export function DragArea({ isReady, children }: { isReady: boolean; children: ReactNode }) {
  // A viewer moves nothing: drag and drop is neither loaded nor offered (docs/decisions/035).
  const canEdit = useCan('edit');
  useLoadWhenIdle(isReady && canEdit);
  const dragModule = useDragModule();
  const module = canEdit ? dragModule : null;
  const area = useRef<HTMLDivElement>(null);
  // Drawing the board again inside the context replaces its elements: the place is taken while
  // the plain board is still there (render) and given back once the new one is (layout effect).
  const place = useRef<PlaceOnPage | null>(null);
  const wasLoaded = useRef(module !== null);
  if (module && !wasLoaded.current && place.current === null) place.current = placeOnPage(area.current);
  useLayoutEffect(() => {
    if (!module || wasLoaded.current) return;
    wasLoaded.current = true;
    if (place.current) returnTo(area.current, place.current);
    place.current = null;
  }, [module]);
  if (!module) return <div ref={area}>{children}</div>;
  return (
    <div ref={area}>
      <DragContext.Provider value={module}>
        <module.BoardDnd>{children}</module.BoardDnd>
      </DragContext.Provider>
    </div>
  );
}

const NOT_DRAGGABLE: DragHandles | null = null;

/** A line: draggable once drag and drop is here (`drag` is null until then). */
export function DraggableLine({ order, children }: { order: OrderRecord; children: (drag: DragHandles | null) => ReactNode }) {
  const module = useContext(DragContext);
  if (!module) return <>{children(NOT_DRAGGABLE)}</>;
  return <module.DraggableOrder order={order}>{children}</module.DraggableOrder>;
}

/** A day that takes drops once drag and drop is here (`drop` is null until then). */
export function DropDay({ kind, day, children }: { kind: 'column' | 'strip'; day: Day; children: (drop: DropTarget | null) => ReactNode }) {
  const module = useContext(DragContext);
  if (!module) return <>{children(null)}</>;
  return (
    <module.DroppableDay kind={kind} day={day}>
      {children}
    </module.DroppableDay>
  );
}
