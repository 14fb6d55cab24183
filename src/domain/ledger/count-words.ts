import { COUNTS, type Count } from './balance';

const ONE: Record<Count, string> = { trolleys: 'trolley', shelves: 'shelf', extensions: 'extension' };

/** "1 shelf", "2 shelves", "-1 trolley", "+3 extensions": a count with its noun, singular for one. */
export function countInWords(value: number | string, count: Count): string {
  const n = Math.abs(Number(value));
  return `${String(value)} ${n === 1 ? ONE[count] : count}`;
}

/** "14 trolleys, 1 shelf": the counts that are not zero, in words; '' when all are zero. */
export function countsInWords(counts: Readonly<Record<Count, number>>, order: readonly Count[] = COUNTS): string {
  const shown = order.filter((count) => counts[count] !== 0);
  return shown.map((count) => countInWords(counts[count], count)).join(', ');
}
