// Between a board and its drag and drop (./drag-support): the board registers its lines and days
// here from its first render; drag and drop, once loaded, binds its draggables and droppables to
// them and says what is dragged and over which day. Plain data and listeners, no React.
import type { KeyboardEvent, MouseEvent, TouchEvent } from 'react';
import type { Day, OrderRecord } from '#domain/records';

/** The handlers dnd-kit gives a draggable, by event (its sensors' activators). */
export interface DraggableListeners {
  onMouseDown?: (e: MouseEvent) => void;
  onTouchStart?: (e: TouchEvent) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
}

/** A day's drop target as dnd-kit names it. */
export const dropId = (kind: 'column' | 'strip', day: Day) => `${kind}-${day}`;

/** A line as the board has registered it. */
export interface RegisteredLine {
  order: OrderRecord;
  line: HTMLElement | null;
  handle: HTMLElement | null;
}

let bridges = 0;

/**
 * Between one board and its drag and drop: the board registers its lines and days; drag and drop,
 * once loaded, binds a draggable to each line and a droppable to each day, and says what is
 * being dragged and over which day. The board's components read it through small stores.
 */
export class DragBridge {
  /**
   * The drag-and-drop context's id: dnd-kit names its instructions for screen readers by it,
   * so the Move buttons can point at them before any draggable is bound.
   */
  readonly describedById = `board-dnd-${(bridges += 1)}`;
  readonly lines = new Map<string, RegisteredLine>();
  readonly days = new Map<string, { kind: 'column' | 'strip'; day: Day; element: HTMLElement }>();
  /** Set by drag and drop once it is here: each line's listeners, by order id. */
  readonly bindings = new Map<string, DraggableListeners>();
  isEnabled = false;
  dragged: OrderRecord | null = null;
  overId: string | null = null;
  /** A drag that ends over a link must not also open it. */
  swallowClick = false;
  private readonly stateListeners = new Set<() => void>();
  private readonly registryListeners = new Set<() => void>();

  /** What drag and drop reads of the board changed (a line or day came or went). */
  subscribeRegistry = (listener: () => void) => {
    this.registryListeners.add(listener);
    return () => void this.registryListeners.delete(listener);
  };
  /** Whether drag and drop is here, what is dragged and over which day. */
  subscribeState = (listener: () => void) => {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  };

  setState(change: Partial<Pick<DragBridge, 'isEnabled' | 'dragged' | 'overId'>>): void {
    Object.assign(this, change);
    for (const listener of [...this.stateListeners]) listener();
  }

  /** Counts the changes of `lines` and `days`, for a store's snapshot. */
  version = 0;

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.registryListeners]) listener();
  }

  setOrder(order: OrderRecord): void {
    const line = this.lines.get(order.id);
    if (line) line.order = order;
  }

  /** A line's element or Move button came (element) or went (null; only if it is still the one registered). */
  setLinePart(order: OrderRecord, part: 'line' | 'handle', element: HTMLElement | null, previous: HTMLElement | null): void {
    const entry = this.lines.get(order.id) ?? { order, line: null, handle: null };
    if (element === null && entry[part] !== previous) return;
    entry[part] = element;
    entry.order = order;
    if (entry.line === null && entry.handle === null) this.lines.delete(order.id);
    else this.lines.set(order.id, entry);
    this.changed();
  }

  setDay(kind: 'column' | 'strip', day: Day, element: HTMLElement | null, previous: HTMLElement | null): void {
    const id = dropId(kind, day);
    if (element) this.days.set(id, { kind, day, element });
    else if (this.days.get(id)?.element === previous) this.days.delete(id);
    else return;
    this.changed();
  }
}
