import type { FillResult } from '#domain/trolleys/load-plan';

const trolleys = (count: number) => `${count} ${count === 1 ? 'trolley' : 'trolleys'}`;

/** What Fill did, in a sentence: how many it placed, and whose trolleys it could not. */
export function fillSummary(result: FillResult): string {
  if (result.placed === 0 && result.leftOff.length === 0) return "Every customer's trolleys are on already.";
  const placed = `Placed ${trolleys(result.placed)}, the last drop deepest and the first by the doors.`;
  if (result.leftOff.length === 0) return placed;
  const noRoom = result.leftOff.filter((left) => left.label !== '');
  const unnamed = result.leftOff.filter((left) => left.label === '');
  const parts = [result.placed > 0 ? placed : 'Nothing placed.'];
  if (noRoom.length > 0) {
    const count = noRoom.reduce((sum, left) => sum + left.count, 0);
    parts.push(`No room for ${trolleys(count)}: ${noRoom.map((left) => `${left.label} (${left.count})`).join(', ')}.`);
  }
  if (unnamed.length > 0) {
    const one = unnamed.length === 1;
    const positions = unnamed.map((left) => left.stopIndex + 1).join(', ');
    parts.push(
      `${one ? 'Stop' : 'Stops'} ${positions} ${one ? 'has' : 'have'} no name to write, so ${one ? 'its' : 'their'} trolleys are not placed.`,
    );
  }
  return parts.join(' ');
}
