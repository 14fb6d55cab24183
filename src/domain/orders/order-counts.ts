// An order's trolleys, shelves and extensions as numbers, read from and written into the spec's two
// text fields (docs/decisions/063-trolley-counts-as-numbers.md): `trollies` holds the trolley count
// as a plain number written as text ("3"; '' for none); `extras` carries shelves and extensions as
// the words "1S" and "2E", and whatever else was written there stays as it was. Pure: the order
// form, the board, the ledger and the delivery note all read the counts through these functions.

/** The most a stepper on the order form offers for one count. */
export const MAX_ORDER_COUNT = 99;

/** What an order's two count fields say. */
export interface OrderCounts {
  /** The trolley count; 0 when `trollies` is blank or not a number. May be a half ("1.5"). */
  trolleys: number;
  shelves: number;
  extensions: number;
  /** False when `trollies` holds text that is not a number ("abc", "2T", "-1"): it counts as 0 and needs fixing. */
  trolleysIsNumber: boolean;
  /** The words of `extras` that are not a shelf or extension count, as they were written. */
  extrasRest: string;
}

/** The two text fields as the API reads and writes them. */
export interface OrderCountFields {
  trollies: string;
  extras: string;
}

/**
 * The trolleys a `trollies` text holds, or null when it is not a plain number. Blank is 0. The
 * rule of Total Trollies (docs/product.md#trolley-counts): whatever `Number` reads as a finite
 * number of 0 or more ("2", " 4 ", "1.5") counts; anything else ("2T", "half", "-2") does not.
 */
export function trolleyCountOf(trollies: string): number | null {
  const text = trollies.trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** "1S", "2e", "12S,": a count of shelves (S) or extensions (E), with an optional comma after it. */
const COUNT_WORD = /^(\d{1,3})([se])[,;]?$/i;

/** The counts an order's `trollies` and `extras` say, and the rest of its extras text. */
export function readOrderCounts({ trollies, extras }: OrderCountFields): OrderCounts {
  const trolleys = trolleyCountOf(trollies);
  let shelves = 0;
  let extensions = 0;
  const rest: string[] = [];
  for (const word of extras.trim().split(/\s+/)) {
    if (word === '') continue;
    const count = COUNT_WORD.exec(word);
    if (!count) rest.push(word);
    else if (count[2]!.toLowerCase() === 's') shelves += Number(count[1]);
    else extensions += Number(count[1]);
  }
  return { trolleys: trolleys ?? 0, shelves, extensions, trolleysIsNumber: trolleys !== null, extrasRest: rest.join(' ') };
}

/** The counts and other extras a person set, as the text fields store them: "3" and "1S 2E fragile". */
export function writeCounts(counts: Pick<OrderCounts, 'trolleys' | 'shelves' | 'extensions' | 'extrasRest'>): OrderCountFields {
  const words = [
    counts.shelves > 0 ? `${counts.shelves}S` : '',
    counts.extensions > 0 ? `${counts.extensions}E` : '',
    counts.extrasRest.trim(),
  ];
  return { trollies: counts.trolleys > 0 ? String(counts.trolleys) : '', extras: words.filter((word) => word !== '').join(' ') };
}

/** "3T 1S 2E", only the counts above 0; '' when there are none. The board line shows it. */
export function countsShort(counts: Pick<OrderCounts, 'trolleys' | 'shelves' | 'extensions'>): string {
  const parts = [
    counts.trolleys > 0 ? `${counts.trolleys}T` : '',
    counts.shelves > 0 ? `${counts.shelves}S` : '',
    counts.extensions > 0 ? `${counts.extensions}E` : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

/** "3 trolleys, 1 shelf, 2 extensions": the same counts read out. */
export function countsInWords(counts: Pick<OrderCounts, 'trolleys' | 'shelves' | 'extensions'>): string {
  const words = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : '');
  return [
    words(counts.trolleys, 'trolley', 'trolleys'),
    words(counts.shelves, 'shelf', 'shelves'),
    words(counts.extensions, 'extension', 'extensions'),
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/** The board's mark on an order whose `trollies` is not a number, read out and shown on hover. */
export function trolleysNotANumber(trollies: string): string {
  return `Trolleys is not a number: "${trollies.trim()}"`;
}
