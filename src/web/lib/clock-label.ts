// How the app tells a moment of the day; no dependencies: the boot script that shows the board kept
// on the device (boot/show-kept-board.ts) bundles it too.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment in the viewer's own clock: "10:42" today, "Mon 10:42" within the last six days,
 * "12 Nov 10:42" before that (a copy kept on the device may be days old).
 */
export function clockLabel(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const time = `${two(when.getHours())}:${two(when.getMinutes())}`;
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const days = Math.ceil((startOfToday.getTime() - at) / 86_400_000);
  if (at >= startOfToday.getTime()) return time;
  if (days <= 6) return `${WEEKDAYS[when.getDay()]} ${time}`;
  return `${when.getDate()} ${MONTHS[when.getMonth()]} ${time}`;
}
