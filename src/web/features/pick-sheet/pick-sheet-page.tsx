import { useMemo, useState } from 'react';
import { useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { isDay, pickSheetDayList } from '#domain/orders/order-lists';
import { dayLabel, formatPostcode } from '#domain/orders/format';
import { pickSheetTone, type PickSheetTone } from '#domain/orders/pick-sheet-tone';
import { DAYS, type Day, type OrderRecord } from '#domain/records';
import { dayNumbersOfIsoWeek, weeksInIsoYear } from '#domain/weeks';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/fields';
import { textLinkClass } from '../../components/ui/text-link';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import { printPickSheet } from '../../lib/pdf/print-pick-sheet';

interface SheetParams {
  year: number;
  week: number;
  day: Day;
  dayNumber: number;
}

/** Same shades as the board's line colours, keyed by the domain's pick-sheet tone. */
const TONE_CLASS: Record<PickSheetTone, string> = {
  default: 'text-slate-900',
  blue: 'text-blue-700',
  red: 'text-red-700',
  magenta: 'text-fuchsia-700',
};

const EXTRAS = ['Green', 'Yellow', 'Shelves'] as const;

const whole = (text: string | undefined): number | null => (text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : null);

/** The route's year, week, day and date number, or null when any of them is not a real one. */
function parseParams(params: Readonly<Record<string, string | undefined>>): SheetParams | null {
  const year = whole(params.year);
  const week = whole(params.week);
  const dayNumber = whole(params.number);
  const day = params.day?.toLowerCase() ?? '';
  if (year === null || year < 2000 || year > 2100) return null;
  if (week === null || week < 1 || week > weeksInIsoYear(year)) return null;
  if (!isDay(day)) return null;
  // The date number must be that weekday's date in that week (as the board's links give it).
  if (dayNumber === null || dayNumbersOfIsoWeek(year, week)[DAYS.indexOf(day)] !== dayNumber) return null;
  return { year, week, day, dayNumber };
}

/**
 * The daily pick sheet (/weekday/{year}/{week}/{day}/{number}): the day's whiteboard orders of
 * wholesale and retail customers (docs/decisions/026: exactly that day), in the board's order, live like the
 * board, with optional Green / Yellow / Shelves tick boxes and a PDF print (docs/decisions/022).
 */
export default function PickSheetPage() {
  const sheet = parseParams(useParams());
  useDocumentTitle(sheet ? `Pick Sheet · ${dayLabel(sheet.day)} ${sheet.dayNumber}, ${sheet.year}` : 'Pick Sheet');
  if (!sheet) return <InvalidSheet />;
  return <PickSheet {...sheet} />;
}

function InvalidSheet() {
  return (
    <section className="mx-auto max-w-3xl px-3 py-8 sm:px-4" aria-labelledby="pick-sheet-title">
      <h1 id="pick-sheet-title" className="text-2xl font-semibold text-slate-900">
        Pick Sheet
      </h1>
      <p className="mt-3 text-slate-700">
        This pick sheet address is not valid: it needs a year, a week of that year, a weekday and a date, as the board&apos;s &ldquo;Pick
        sheet&rdquo; links give.
      </p>
      <p className="mt-4">
        <Link to={paths.board} className={textLinkClass}>
          Back to the board
        </Link>
      </p>
    </section>
  );
}

function PickSheet({ year, week, day, dayNumber }: SheetParams) {
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  const [showExtras, setShowExtras] = useState(false);
  const [isPrinting, setIsPrinting] = useState(false);
  const label = dayLabel(day);

  // The week board's list (the same request as the board), narrowed by the pick-sheet rule.
  const rows = useMemo(() => {
    const sheet = pickSheetDayList({ year, weekNumber: week, day });
    return (orders.data ?? []).filter((order) => sheet.matches(order));
  }, [orders.data, year, week, day]);

  const print = async () => {
    setIsPrinting(true);
    try {
      await printPickSheet(
        {
          dayLabel: label,
          dayNumber,
          year,
          showExtras,
          rows: rows.map((order) => ({
            title: order.title,
            postcode: order.postcode,
            orderNumber: order.orderNumber,
            tone: pickSheetTone(order.customerType),
          })),
        },
        day,
        new Date(),
      );
    } catch {
      notify.error('The pick sheet could not be printed. Please try again.');
    } finally {
      setIsPrinting(false);
    }
  };

  return (
    <section className="mx-auto max-w-4xl px-3 py-4 sm:px-4" aria-labelledby="pick-sheet-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="pick-sheet-title" className="text-2xl font-semibold text-slate-900">
            {label} {dayNumber}, {year}
          </h1>
          <p className="text-sm text-slate-600">
            Pick sheet · Week {week}
            {orders.data && ` · ${rows.length} ${rows.length === 1 ? 'order' : 'orders'}`}
          </p>
        </div>
        <div className="flex items-center gap-4 print:hidden">
          <Checkbox label="Show Extras" checked={showExtras} onChange={setShowExtras} />
          <Button variant="primary" onClick={() => void print()} disabled={isPrinting || !orders.data}>
            {isPrinting ? 'Printing...' : 'Print'}
          </Button>
        </div>
      </div>

      {orders.isError && !orders.data && <p className="mt-6 text-slate-600">The orders could not be loaded. It will try again shortly.</p>}
      {orders.data && rows.length === 0 && <p className="mt-6 text-slate-500">No orders to pick on {label}.</p>}
      {rows.length > 0 && (
        <ol
          className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm"
          aria-label={`Orders to pick on ${label}`}
        >
          {rows.map((order) => (
            <SheetRow key={order.id} order={order} showExtras={showExtras} />
          ))}
        </ol>
      )}
    </section>
  );
}

function SheetRow({ order, showExtras }: { order: OrderRecord; showExtras: boolean }) {
  return (
    <li data-order-id={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:px-4">
      <Link
        to={paths.editOrder(order.id)}
        className={`min-w-0 flex-1 basis-48 py-1 font-semibold break-words underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 ${TONE_CLASS[pickSheetTone(order.customerType)]}`}
      >
        {order.title}
      </Link>
      <span className="w-24 text-sm font-medium text-slate-700">{formatPostcode(order.postcode)}</span>
      <span className="w-28 text-sm text-slate-500">{order.orderNumber}</span>
      {showExtras && (
        <div className="flex gap-3" role="group" aria-label={`Extras for ${order.title}`}>
          {EXTRAS.map((extra) => (
            <Checkbox key={extra} label={extra} onChange={() => undefined} />
          ))}
        </div>
      )}
    </li>
  );
}
