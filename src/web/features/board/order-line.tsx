import { memo, useCallback, useEffect, useRef } from 'react';
import { Link } from '../../lib/router/links';
import { formatPostcode } from '#domain/orders/format';
import { boardLineColour } from '#domain/orders/line-colours';
import type { OrderRecord } from '#domain/records';
import { paths } from '../../lib/paths';
import { InfoPopover } from '../../components/ui/info-popover';
import { lineStripeClass, lineTextClass } from '../../lib/line-colour-classes';
import { DraggableLine, type DragHandles } from './drag-support';
import { LineCounts } from './line-counts';
import { LineIcon } from './line-icons';
import { OwedBadge } from './owed-badge';
import { DeliveredMarkBadge } from './delivered-mark';
import { NotSentMark } from './not-sent-mark';
import { StatusButton, STATUS_BUTTON_CLASS } from './status-button';

interface Props {
  order: OrderRecord;
  /** Selection (map-edit) mode: a click chooses the line instead of opening it. */
  isSelectionMode: boolean;
  isChosen: boolean;
  onToggleChosen: (order: OrderRecord) => void;
  /** Just added here: scrolled to and marked for a moment. */
  isHighlighted?: boolean;
}

/**
 * One order on a board: title, upper-cased postcode, order number and counts ("3T 1S"), coloured by customer type;
 * the order info behind an "i" button; the status at the right, a coloured chip with its word that
 * sets it. A click on the line opens the edit page, or in selection mode adds or removes the line
 * from the run (a tick box at its start, and a dark outline once chosen).
 */
export const OrderLine = memo(function OrderLine({ order, isSelectionMode, isChosen, onToggleChosen, isHighlighted = false }: Props) {
  const colour = boardLineColour(order, isSelectionMode);
  const ref = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (isHighlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [isHighlighted]);

  const content = (
    <>
      <span className="ol-title">{order.title}</span>
      {order.postcode && <span className="ol-postcode">{formatPostcode(order.postcode)}</span>}
      {order.orderNumber && <span className="ol-number">{order.orderNumber}</span>}
      <LineCounts order={order} />
      {order.customer && <OwedBadge customer={order.customer} />}
      <DeliveredMarkBadge order={order} />
    </>
  );
  // Short classes from styles.css, the colour a utility after them (docs/decisions/084, amended).
  const mainClass = `ol-link ${lineTextClass[colour]}`;
  // Chosen in map mode: a thick dark outline and a ticked box at the start, in ink rather than a
  // colour, so it is never read as a status chip or a customer colour (docs/decisions/069).
  const state = isChosen
    ? 'bg-slate-100 outline-4 -outline-offset-1 outline-slate-900'
    : isHighlighted
      ? 'board-line-arrived'
      : 'hover:bg-slate-50';

  const renderLine = (drag: DragHandles | null) => (
    <LineItem lineRef={ref} drag={isSelectionMode ? null : drag}>
      {(itemProps) => (
        <li
          {...itemProps}
          data-order-id={order.id}
          data-colour={colour}
          data-highlighted={isHighlighted || undefined}
          // The spaces stay between the parts, not in the conditional strings: Prettier's Tailwind
          // plugin trims a class string's own leading space, which glued the classes together.
          className={`ol-item ${lineStripeClass[colour]} ${state} ${drag && !isSelectionMode ? 'ol-drag' : ''} ${drag?.isDragging ? 'opacity-40' : ''}`}
        >
          {isSelectionMode ? (
            <button
              type="button"
              className={mainClass}
              aria-pressed={isChosen}
              data-chosen={isChosen || undefined}
              onClick={() => onToggleChosen(order)}
            >
              <ChosenBox isChosen={isChosen} />
              {content}
              {isChosen && <span className="sr-only">Chosen</span>}
            </button>
          ) : (
            // Not the browser's own link dragging: the line itself is dragged to another day.
            <Link to={paths.editOrder(order.id)} className={mainClass} draggable={false}>
              {content}
            </Link>
          )}
          {order.orderInfo.trim() && (
            <InfoPopover label={`Order info for ${order.title}`} icon={<LineIcon name="info" className="icon-4" />}>
              {order.orderInfo}
            </InfoPopover>
          )}
          <NotSentMark orderId={order.id} />
          <StatusButton order={order} />
          {drag && !isSelectionMode && (
            <button
              type="button"
              ref={drag.handle.ref}
              onKeyDown={drag.handle.onKeyDown}
              aria-describedby={drag.handle['aria-describedby']}
              aria-label={`Move ${order.title} to another day`}
              className={`${STATUS_BUTTON_CLASS} sr-only text-slate-500 focus:not-sr-only`}
            >
              <LineIcon name="grip-vertical" className="size-4" />
            </button>
          )}
        </li>
      )}
    </LineItem>
  );

  return <DraggableLine order={order}>{renderLine}</DraggableLine>;
});

/** Map mode's tick box at the start of a line: empty, or dark and ticked once the line is chosen. */
export function ChosenBox({ isChosen }: { isChosen: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-5 shrink-0 items-center justify-center self-center rounded-sm border-2 border-slate-900 ${
        isChosen ? 'bg-slate-900 text-white' : 'bg-white'
      }`}
    >
      {isChosen && <LineIcon name="check" className="size-4" strokeWidth={3.5} />}
    </span>
  );
}

/** The line's element props: its ref (kept for scrolling to it, and given to drag and drop) and the drag listeners. */
function LineItem({
  lineRef,
  drag,
  children,
}: {
  lineRef: { current: HTMLLIElement | null };
  drag: DragHandles | null;
  children: (props: { ref: (element: HTMLLIElement | null) => void } & DragHandles['lineListeners']) => ReturnType<typeof OrderLine>;
}) {
  const dragRef = drag?.ref;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      lineRef.current = element;
      dragRef?.(element);
    },
    [lineRef, dragRef],
  );
  return children({ ref, ...drag?.lineListeners });
}
