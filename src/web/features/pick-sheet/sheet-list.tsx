import { Link } from '../../lib/router/links';
import { formatPostcode } from '#domain/orders/format';
import { pickSheetTone, type PickSheetTone } from '#domain/orders/pick-sheet-tone';
import type { OrderRecord } from '#domain/records';
import { paths } from '../../lib/paths';
import { EXTRAS, type Extra, type SheetColumns } from '../../lib/pdf/day-sheet';
import { Checkbox } from '../../components/ui/fields';
import type { Ticks } from './day-sheets';

/** Same shades as the board's line colours, keyed by the domain's pick-sheet tone. */
const TONE_CLASS: Record<PickSheetTone, string> = {
  default: 'text-slate-900',
  blue: 'text-blue-700',
  red: 'text-red-700',
  magenta: 'text-fuchsia-700',
};

interface SheetListProps {
  /** The list's accessible name, e.g. "Orders to pick on Tuesday". */
  label: string;
  orders: OrderRecord[];
  columns: SheetColumns;
  ticks: Ticks;
  onTick(orderId: string, extra: Extra, ticked: boolean): void;
}

/** A day sheet's orders as the screen shows them, with the optional columns the print will have. */
export function SheetList({ label, orders, columns, ticks, onTick }: SheetListProps) {
  return (
    <ol className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm" aria-label={label}>
      {orders.map((order) => (
        <SheetRow key={order.id} order={order} columns={columns} ticked={ticks[order.id] ?? []} onTick={onTick} />
      ))}
    </ol>
  );
}

interface SheetRowProps {
  order: OrderRecord;
  columns: SheetColumns;
  ticked: readonly Extra[];
  onTick: SheetListProps['onTick'];
}

function SheetRow({ order, columns, ticked, onTick }: SheetRowProps) {
  const trollies = order.trollies.trim();
  const notes = order.orderInfo.trim();
  return (
    <li data-order-id={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:px-4">
      <Link
        to={paths.editOrder(order.id)}
        className={`min-w-0 flex-1 basis-48 py-1 font-semibold break-words underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 ${TONE_CLASS[pickSheetTone(order.customerType)]}`}
      >
        {order.title}
      </Link>
      <span className="w-24 text-sm font-medium text-slate-700">{formatPostcode(order.postcode)}</span>
      <span className="w-28 text-sm break-words text-slate-500">{order.orderNumber}</span>
      {columns.trollies && <span className="w-24 text-sm font-semibold text-slate-800">{trollies && `Trollies: ${trollies}`}</span>}
      {columns.extras && (
        <div className="flex gap-3" role="group" aria-label={`Extras for ${order.title}`}>
          {EXTRAS.map((extra) => (
            <Checkbox key={extra} label={extra} checked={ticked.includes(extra)} onChange={(on) => onTick(order.id, extra, on)} />
          ))}
        </div>
      )}
      {columns.notes && notes && <p className="basis-full text-sm break-words whitespace-pre-line text-slate-600">{notes}</p>}
    </li>
  );
}
