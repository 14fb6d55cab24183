// How sure a round's learned order is of each customer's place, in the words the Fleet screen
// shows beside it (docs/decisions/076-plan-the-day.md): "after Birch Nurseries on 9 of 11 runs",
// "new — placed by postcode GL7", "pinned 3rd".
import { postcodeDistrict } from './drop-order';
import type { RoundOrderStop } from './plan-api';

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const runsWord = (n: number) => (n === 1 ? 'run' : 'runs');

/**
 * Why the customer at `index` of a round's learned order stands there: its pin, its postcode
 * district (a customer never on a run), or the runs that agreed with the one before it (after it,
 * for the first), as learnDropOrder counted them.
 */
export function stopCertainty(stops: readonly RoundOrderStop[], index: number): string {
  const stop = stops[index];
  if (!stop) return '';
  if (stop.pin > 0) return `pinned ${ordinal(stop.pin)}`;
  if (stop.isNewcomer) {
    const district = postcodeDistrict(stop.postcode);
    const besideNeighbour = district !== null && stops.slice(0, index).some((other) => postcodeDistrict(other.postcode) === district);
    return besideNeighbour ? `new — placed by postcode ${district}` : 'new — placed at the end';
  }
  const neighbour = index === 0 ? stops[1] : stops[index - 1];
  if (!neighbour || stop.shared === 0)
    return `on ${stop.runs} ${runsWord(stop.runs)}, never with ${neighbour ? neighbour.name : 'another customer of the round'}`;
  return `${index === 0 ? 'before' : 'after'} ${neighbour.name} on ${stop.agreed} of ${stop.shared} ${runsWord(stop.shared)}`;
}
