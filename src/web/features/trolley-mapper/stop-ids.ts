import type { RunStop } from '#domain/records';

let counter = 0;

/**
 * A new stop id, unique on this page. crypto.randomUUID exists only on secure origins and the
 * yard runs the app over plain HTTP (docs/decisions/027), so it is not relied on.
 */
export function newStopId(): string {
  counter += 1;
  return `stop-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function blankStop(): RunStop {
  return { id: newStopId(), title: '', postcode: '', trollies: '', extras: '', orderNumber: '' };
}

/** Dragging needs one distinct id per stop; older or hand-made runs may have blank or repeated ids. */
export function withUniqueIds(stops: readonly RunStop[]): RunStop[] {
  const seen = new Set<string>();
  return stops.map((stop) => {
    const id = stop.id.trim() === '' || seen.has(stop.id) ? newStopId() : stop.id;
    seen.add(id);
    return id === stop.id ? stop : { ...stop, id };
  });
}
