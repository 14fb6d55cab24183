import { useRef, type PointerEvent, type ReactNode } from 'react';
import type { BoardColumn } from '#domain/orders/board-columns';
import type { Day } from '#domain/records';
import { useIsDragging } from './drag-support';

/** How far a finger must travel sideways for a swipe to change the day. */
const SWIPE_PX = 60;
// Columns stack (or pair up) below this width: the only layout with one day at a time to swipe from.
const STACKED_COLUMNS = '(max-width: 1023.98px)';

interface Props {
  columns: readonly BoardColumn[];
  dayInView: Day | null;
  goToDay: (day: Day, options?: { focus?: boolean }) => void;
  children: ReactNode;
}

/**
 * On a phone, a finger swiped right to left goes to the next day, left to right to the day
 * before (docs/decisions/068). The page keeps its own vertical scrolling (`touch-action: pan-y`
 * hands only sideways moves to the board); a gesture counts when it travels more than 60 px
 * sideways and at most half that up or down. An order being dragged (pressed first, then
 * moved) is never a swipe. Touch only: a mouse selects text.
 */
export function DaySwipe({ columns, dayInView, goToDay, children }: Props) {
  const isDragging = useIsDragging();
  const start = useRef<{ id: number; x: number; y: number; isDead: boolean } | null>(null);

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' || !e.isPrimary) return;
    start.current = { id: e.pointerId, x: e.clientX, y: e.clientY, isDead: isDragging() };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current?.id === e.pointerId && isDragging()) start.current.isDead = true;
  };
  const onPointerUp = (e: PointerEvent) => {
    const gesture = start.current;
    start.current = null;
    if (!gesture || gesture.id !== e.pointerId || gesture.isDead || isDragging()) return;
    const dx = e.clientX - gesture.x;
    const dy = e.clientY - gesture.y;
    if (Math.abs(dx) <= SWIPE_PX || Math.abs(dy) > Math.abs(dx) / 2) return;
    if (!window.matchMedia(STACKED_COLUMNS).matches) return;
    const index = columns.findIndex((c) => c.day === dayInView);
    const next = columns[index + (dx < 0 ? 1 : -1)];
    // A swipe only scrolls: focus stays where it was, as after any scroll by hand.
    if (index >= 0 && next) goToDay(next.day, { focus: false });
  };

  return (
    <div
      className="touch-pan-y touch-pinch-zoom lg:touch-auto"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
    >
      {children}
    </div>
  );
}
