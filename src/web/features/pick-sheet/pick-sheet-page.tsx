import { useMemo, useState } from 'react';
import { useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { isDay } from '#domain/orders/order-lists';
import { dayLabel, sheetDateLabel } from '#domain/orders/format';
import { DAYS, type Day } from '#domain/records';
import { dayNumbersOfIsoWeek, weeksInIsoYear } from '#domain/weeks';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/fields';
import { textLinkClass } from '../../components/ui/text-link';
import { notify } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useReportFetchingOrders } from '../../lib/fetching-orders';
import { useWeekOrders } from '../../lib/orders/use-week-orders';
import type { DaySheet, Extra } from '../../lib/pdf/day-sheet';
import { printDaySheets } from '../../lib/pdf/print-day-sheets';
import { collectSheetFileName, pickSheetFileName, weekSheetFileName } from '../../lib/pdf/sheet-file-names';
import { dateOf, daySheet, ordersOnSheet, weekSheets, type Ticks } from './day-sheets';
import { PrintWeek } from './print-week';
import { LabelsMenu } from '../../components/labels-menu';
import { runStopOf } from '#domain/trolleys/run-stop';
import { SheetList } from './sheet-list';
import { useSheetColumns } from './sheet-columns';

interface SheetParams {
  year: number;
  week: number;
  day: Day;
  dayNumber: number;
}

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
 * wholesale and retail customers (docs/decisions/026: exactly that day), in the board's order,
 * live like the board, with optional columns (Green / Yellow / Shelves tick boxes, trollies,
 * notes) and PDF prints (docs/decisions/022): the day, its collect orders, or chosen days of the
 * week (docs/product.md#pick-sheet).
 */
export default function PickSheetPage() {
  const sheet = parseParams(useParams());
  useDocumentTitle(sheet ? `Pick Sheet · ${sheetDateLabel(sheet.day, dateOf(sheet))}` : 'Pick Sheet');
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

/** A calendar date as yyyy-mm-dd. */
const isoDate = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

type Printing = 'day' | 'collects' | 'week' | null;

function PickSheet({ year, week, day, dayNumber }: SheetParams) {
  const orders = useWeekOrders(year, week);
  useReportFetchingOrders(orders.isPending);
  const [columns, setColumn] = useSheetColumns();
  const [ticks, setTicks] = useState<Ticks>({});
  const [printing, setPrinting] = useState<Printing>(null);
  const label = dayLabel(day);
  const sheetDay = { year, week, day };
  const date = sheetDateLabel(day, dateOf(sheetDay));

  // The week board's list (the same request as the board), narrowed by each sheet's rule.
  const weekOrders = orders.data;
  const rows = useMemo(() => ordersOnSheet('pick', weekOrders ?? [], { year, week, day }), [weekOrders, year, week, day]);
  const collects = useMemo(() => ordersOnSheet('collect', weekOrders ?? [], { year, week, day }), [weekOrders, year, week, day]);

  const tick = (orderId: string, extra: Extra, on: boolean) =>
    setTicks((current) => {
      const others = (current[orderId] ?? []).filter((e) => e !== extra);
      return { ...current, [orderId]: on ? [...others, extra] : others };
    });

  const print = async (what: Exclude<Printing, null>, title: string, sheets: DaySheet[], fileName: string) => {
    setPrinting(what);
    try {
      await printDaySheets({ title, sheets, columns }, fileName, new Date());
    } catch {
      notify.error('The sheet could not be printed. Please try again.');
    } finally {
      setPrinting(null);
    }
  };
  const all = weekOrders ?? [];
  const printDay = () =>
    void print('day', `Pick sheet ${date}`, [daySheet('pick', all, sheetDay, ticks)], pickSheetFileName(day, dayNumber, year));
  const printCollects = () =>
    void print(
      'collects',
      `Collect sheet ${date}`,
      [daySheet('collect', all, sheetDay, ticks)],
      collectSheetFileName(day, dayNumber, year),
    );
  const printWeek = (days: Day[], withCollects: boolean) =>
    void print(
      'week',
      `Sheets week ${week}, ${year}`,
      weekSheets(all, { year, week }, days, withCollects, ticks),
      weekSheetFileName(week, year, days),
    );

  return (
    <section className="mx-auto max-w-4xl px-3 py-4 sm:px-4" aria-labelledby="pick-sheet-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="pick-sheet-title" className="text-2xl font-semibold text-slate-900">
            {date}
          </h1>
          <p className="text-sm text-slate-600">
            Pick sheet · Week {week}
            {weekOrders && ` · ${rows.length} ${rows.length === 1 ? 'order' : 'orders'}`}
          </p>
        </div>
        <div className="flex items-center gap-2 print:hidden">
          <LabelsMenu
            label={`Labels for ${date}`}
            kind="day"
            name={`${day}-${dayNumber}`}
            load={() => Promise.resolve({ sources: rows.map(runStopOf), date: isoDate(dateOf(sheetDay)) })}
          />
          <Button variant="primary" onClick={printDay} disabled={printing !== null || !weekOrders}>
            {printing === 'day' ? 'Printing...' : 'Print'}
          </Button>
        </div>
      </div>
      <fieldset className="mt-2 flex flex-wrap gap-x-5 print:hidden">
        <legend className="sr-only">Columns to show and print</legend>
        <Checkbox label="Show Extras" checked={columns.extras} onChange={(on) => setColumn('extras', on)} />
        <Checkbox label="Trollies" checked={columns.trollies} onChange={(on) => setColumn('trollies', on)} />
        <Checkbox label="Notes" checked={columns.notes} onChange={(on) => setColumn('notes', on)} />
      </fieldset>
      {weekOrders && <PrintWeek year={year} week={week} weekOrders={weekOrders} isPrinting={printing === 'week'} onPrint={printWeek} />}

      {orders.isError && !weekOrders && <p className="mt-6 text-slate-600">The orders could not be loaded. It will try again shortly.</p>}
      {weekOrders && rows.length === 0 && <p className="mt-6 text-slate-500">No orders to pick on {label}.</p>}
      {rows.length > 0 && <SheetList label={`Orders to pick on ${label}`} orders={rows} columns={columns} ticks={ticks} onTick={tick} />}

      {weekOrders && (
        <section id="collects" className="mt-8" aria-labelledby="collects-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="collects-title" className="text-lg font-semibold text-slate-900">
                Collects on {label}
              </h2>
              <p className="text-sm text-slate-600">
                Orders customers fetch themselves · {collects.length} {collects.length === 1 ? 'order' : 'orders'}
              </p>
            </div>
            {collects.length > 0 && (
              <Button className="print:hidden" onClick={printCollects} disabled={printing !== null}>
                {printing === 'collects' ? 'Printing...' : 'Print collects'}
              </Button>
            )}
          </div>
          {collects.length === 0 ? (
            <p className="mt-3 text-slate-500">No collects on {label}.</p>
          ) : (
            <SheetList label={`Collects on ${label}`} orders={collects} columns={columns} ticks={ticks} onTick={tick} />
          )}
        </section>
      )}
    </section>
  );
}
