import type { CalendarDate } from '#domain/weeks';

/**
 * The nursery's time zone. The product is built for a UK nursery and there is no setting for
 * it: the web app takes "today" from the tablet's own clock, which in a UK yard is UK time, and
 * the server must not judge by its host's zone (often UTC, an hour behind in summer).
 */
export const NURSERY_TIME_ZONE = 'Europe/London';

/**
 * How far behind the server a client's "today" may lag without its new order being refused. The
 * web form offers this week as seen by the tablet when the form opened, so just after midnight on
 * a Monday a tablet a few minutes slow, set to UTC in summer, or with the form opened on Sunday
 * evening still offers last week. Until 04:00 (UK) on Monday last week is still accepted: an
 * order added to last week in those hours does no harm, refusing what the form offered would.
 */
export const NEW_ORDER_GRACE_MS = 4 * 60 * 60 * 1000;

// Made on first use: it loads the time zone's data, which an idle server does not need.
let nurseryDateFormat: Intl.DateTimeFormat | null = null;

/** The calendar date on the nursery's wall at `instant`. */
export function nurseryCalendarDate(instant: Date): CalendarDate {
  nurseryDateFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: NURSERY_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = nurseryDateFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** "Today" for the rule that new orders go into this week or later: the nursery's date, less the grace. */
export function newOrderToday(now: Date): CalendarDate {
  return nurseryCalendarDate(new Date(now.getTime() - NEW_ORDER_GRACE_MS));
}
