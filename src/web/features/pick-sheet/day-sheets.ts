import { sheetDateLabel, dayLabel } from '#domain/orders/format';
import { collectDayList, pickSheetDayList } from '#domain/orders/order-lists';
import { pickSheetTone } from '#domain/orders/pick-sheet-tone';
import { DAYS, type Day, type OrderRecord } from '#domain/records';
import { datesOfIsoWeek, type CalendarDate } from '#domain/weeks';
import type { DaySheet, Extra, SheetKind, SheetRow } from '../../lib/pdf/day-sheet';

// Which orders each day sheet lists, and the sheets as the PDF prints them: the pick sheet by
// the pick-sheet rule (docs/decisions/026), the collect sheet the day's collect orders
// (docs/product.md#collect-sheet), both in the board's order (oldest first, as the week's list is).

export interface SheetDay {
  year: number;
  week: number;
  day: Day;
}

/** The extras ticked on screen, by order id. */
export type Ticks = Readonly<Record<string, readonly Extra[]>>;

/** The orders of one day's sheet, from the week's orders. */
export function ordersOnSheet(kind: SheetKind, weekOrders: readonly OrderRecord[], { year, week, day }: SheetDay): OrderRecord[] {
  const list = (kind === 'pick' ? pickSheetDayList : collectDayList)({ year, weekNumber: week, day });
  return weekOrders.filter((order) => list.matches(order));
}

/** The calendar date of a day of an ISO week. */
export function dateOf({ year, week, day }: SheetDay): CalendarDate {
  return datesOfIsoWeek(year, week)[DAYS.indexOf(day)]!;
}

export function sheetRow(order: OrderRecord, ticked: readonly Extra[] = []): SheetRow {
  return {
    title: order.title,
    postcode: order.postcode,
    orderNumber: order.orderNumber,
    trollies: order.trollies,
    notes: order.orderInfo,
    tone: pickSheetTone(order.customerType),
    ticked,
  };
}

/** One day's sheet of a kind, with the extras ticked on screen. */
export function daySheet(kind: SheetKind, weekOrders: readonly OrderRecord[], sheetDay: SheetDay, ticks: Ticks): DaySheet {
  return {
    kind,
    date: sheetDateLabel(sheetDay.day, dateOf(sheetDay)),
    dayLabel: dayLabel(sheetDay.day),
    week: sheetDay.week,
    rows: ordersOnSheet(kind, weekOrders, sheetDay).map((order) => sheetRow(order, ticks[order.id])),
  };
}

/**
 * The sheets of a week print: each chosen day's pick sheet in week order, each followed by its
 * collect sheet when asked for and the day has collects (an empty collect page would only waste
 * paper; an empty pick sheet was chosen and says so).
 */
export function weekSheets(
  weekOrders: readonly OrderRecord[],
  { year, week }: Omit<SheetDay, 'day'>,
  days: readonly Day[],
  withCollects: boolean,
  ticks: Ticks,
): DaySheet[] {
  return DAYS.filter((day) => days.includes(day)).flatMap((day) => {
    const pick = daySheet('pick', weekOrders, { year, week, day }, ticks);
    const collect = withCollects ? daySheet('collect', weekOrders, { year, week, day }, ticks) : null;
    return collect && collect.rows.length > 0 ? [pick, collect] : [pick];
  });
}

/** The days a week print offers ticked at first: those with orders to pick, or every day when none has. */
export function daysWithOrders(weekOrders: readonly OrderRecord[], { year, week }: Omit<SheetDay, 'day'>): Day[] {
  const busy = DAYS.filter((day) => ordersOnSheet('pick', weekOrders, { year, week, day }).length > 0);
  return busy.length > 0 ? busy : [...DAYS];
}
