// Which standing orders fall in a week, and the orders they make (docs/decisions/039). Pure: the
// server's Fill week and the web's preview read the same answers.

import type { StandingOrderRecord } from '../collections/standing-orders';
import { datesOfIsoWeek, weeksInIsoYear, type IsoWeek } from '../weeks';
import { OPEN_ENDED } from '../collections/standing-orders';

/** What a standing order's schedule reads. */
export type Schedule = Pick<StandingOrderRecord, 'fromYear' | 'fromWeek' | 'untilYear' | 'untilWeek' | 'everyWeeks' | 'active'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `week` is a week of the ISO calendar (week 53 only in the years that have one). */
export function isIsoWeek(week: IsoWeek): boolean {
  return Number.isInteger(week.year) && Number.isInteger(week.week) && week.week >= 1 && week.week <= weeksInIsoYear(week.year);
}

/** Whole weeks from `a` to `b` (negative when `b` comes first), across year ends. */
export function weeksBetween(a: IsoWeek, b: IsoWeek): number {
  const monday = (week: IsoWeek) => {
    const [first] = datesOfIsoWeek(week.year, week.week);
    if (!first) throw new RangeError('weeksBetween: a week has seven days');
    return Date.UTC(first.year, first.month - 1, first.day) / DAY_MS;
  };
  return Math.round((monday(b) - monday(a)) / 7);
}

/** The key an order made from a standing order remembers its week by: `2026-W48`. */
export function weekKey(week: IsoWeek): string {
  return `${String(week.year).padStart(4, '0')}-W${String(week.week).padStart(2, '0')}`;
}

/** Whether the standing order has no last week. */
export function isOpenEnded(schedule: Pick<Schedule, 'untilYear' | 'untilWeek'>): boolean {
  return schedule.untilYear === OPEN_ENDED && schedule.untilWeek === OPEN_ENDED;
}

/**
 * Whether the standing order makes an order in `week`: it is active, `week` is its first week or
 * later, not after its last (when it has one), and a whole number of its every-N-weeks after the
 * first — counted in weeks across year ends, so every 2 weeks from week 52 of 2026 is week 1 of 2027
 * (2026 has 53 weeks), not week 2.
 */
export function fallsInWeek(schedule: Schedule, week: IsoWeek): boolean {
  if (!schedule.active || !isIsoWeek(week)) return false;
  const from = { year: schedule.fromYear, week: schedule.fromWeek };
  if (!isIsoWeek(from)) return false;
  const since = weeksBetween(from, week);
  if (since < 0) return false;
  if (!isOpenEnded(schedule) && weeksBetween(week, { year: schedule.untilYear, week: schedule.untilWeek }) < 0) return false;
  const every = Math.max(1, Math.trunc(schedule.everyWeeks));
  return since % every === 0;
}

/** The fields of an order a standing order makes (the rest are a new order's defaults). */
export interface MadeOrder {
  title: string;
  postcode: string;
  day: StandingOrderRecord['day'];
  customerType: StandingOrderRecord['customerType'];
  other: StandingOrderRecord['other'];
  trollies: string;
  orderInfo: string;
  customer: string;
  year: number;
  weekNumber: number;
  status: '';
  standingOrder: string;
  standingWeek: string;
}

/** The order `standing` makes in `week` (which it falls in). */
export function orderFrom(standing: StandingOrderRecord, week: IsoWeek): MadeOrder {
  return {
    title: standing.title,
    postcode: standing.postcode,
    day: standing.day,
    customerType: standing.customerType,
    other: standing.other,
    trollies: standing.trollies,
    orderInfo: standing.orderInfo,
    customer: standing.customer,
    year: week.year,
    weekNumber: week.week,
    status: '',
    standingOrder: standing.id,
    standingWeek: weekKey(week),
  };
}

/** The standing orders of `all` that fall in `week`, in their own order. */
export function dueInWeek<S extends StandingOrderRecord>(all: readonly S[], week: IsoWeek): S[] {
  return all.filter((standing) => fallsInWeek(standing, week));
}

/** A schedule in words for the Customers screen: "Every 2 weeks from week 48 of 2026 until week 10 of 2027". */
export function describeSchedule(schedule: Schedule): string {
  const every = schedule.everyWeeks <= 1 ? 'Every week' : `Every ${schedule.everyWeeks} weeks`;
  const from = `from week ${schedule.fromWeek} of ${schedule.fromYear}`;
  const until = isOpenEnded(schedule) ? '' : ` until week ${schedule.untilWeek} of ${schedule.untilYear}`;
  return `${every} ${from}${until}${schedule.active ? '' : ' (paused)'}`;
}
