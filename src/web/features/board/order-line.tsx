import { Info } from 'lucide-react';
import { memo } from 'react';
import { Link } from '../../lib/router/links';
import { formatPostcode } from '#domain/orders/format';
import { boardLineColour } from '#domain/orders/line-colours';
import type { OrderRecord } from '#domain/records';
import { paths } from '../../lib/paths';
import { InfoPopover } from '../../components/ui/info-popover';
import { lineStripeClass, lineTextClass } from '../../lib/line-colour-classes';
import { StatusIcon } from './status-icon';

interface Props {
  order: OrderRecord;
  /** Selection (map-edit) mode: a click chooses the line instead of opening it. */
  isSelectionMode: boolean;
  isChosen: boolean;
  onToggleChosen: (order: OrderRecord) => void;
}

/**
 * One order on a board: title, upper-cased postcode and order number, coloured by customer type;
 * the order info behind an "i" button; the status icon at the right. A click opens the edit
 * page, or in selection mode adds or removes the line from the run.
 */
export const OrderLine = memo(function OrderLine({ order, isSelectionMode, isChosen, onToggleChosen }: Props) {
  const colour = boardLineColour(order, isSelectionMode);
  const content = (
    <>
      <span className="min-w-0 font-semibold break-words">{order.title}</span>
      {order.postcode && <span className="text-xs font-medium whitespace-nowrap opacity-90">{formatPostcode(order.postcode)}</span>}
      {order.orderNumber && <span className="text-xs whitespace-nowrap text-slate-500">{order.orderNumber}</span>}
    </>
  );
  const mainClass = `flex min-h-11 min-w-0 flex-1 flex-wrap items-baseline gap-x-2 rounded-sm px-1.5 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8 ${lineTextClass[colour]}`;

  return (
    <li
      data-order-id={order.id}
      data-colour={colour}
      className={`flex items-center gap-0.5 rounded-md border-l-4 ${lineStripeClass[colour]} ${
        isChosen ? 'bg-amber-100 ring-2 ring-amber-500' : 'hover:bg-slate-50'
      }`}
    >
      {isSelectionMode ? (
        <button type="button" className={mainClass} aria-pressed={isChosen} onClick={() => onToggleChosen(order)}>
          {content}
        </button>
      ) : (
        <Link to={paths.editOrder(order.id)} className={mainClass}>
          {content}
        </Link>
      )}
      {order.orderInfo.trim() && (
        <InfoPopover label={`Order info for ${order.title}`} icon={<Info className="size-4" aria-hidden="true" />}>
          {order.orderInfo}
        </InfoPopover>
      )}
      <span className="pr-1.5">
        <StatusIcon status={order.status} />
      </span>
    </li>
  );
});
