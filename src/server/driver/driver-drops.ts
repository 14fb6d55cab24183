import type { DriverDrop } from '#domain/driver/driver-link';
import type { RunLifecycleService } from '../runs/run-lifecycle-service';
import type { DriverLink } from './driver-service';

/** Multipart sends every value as text: a count arrives as "2". */
const COUNT_FIELDS = ['trolleysBack', 'shelvesBack', 'extensionsBack'] as const;

/** How a run's log names a driver's link when its drop delivers the run. */
export const LINK_ACTOR_NAME = "driver's link";

/**
 * Recording a drop through a driver's link (docs/decisions/044): the body goes through the drops
 * write path of docs/decisions/042 for the link's own run only, as the link (`recordedBy` '',
 * `link` its id). A stop of another run is "no such stop" there; naming another run is refused;
 * a retry with the same clientId answers the drop already written.
 */
export class DriverDrops {
  constructor(private readonly deps: { runs: RunLifecycleService }) {}

  async record(link: DriverLink, given: unknown): Promise<DriverDrop> {
    const body: Record<string, unknown> = typeof given === 'object' && given !== null ? { ...(given as Record<string, unknown>) } : {};
    for (const field of COUNT_FIELDS) {
      const value = body[field];
      if (typeof value === 'string' && /^\d{1,3}$/.test(value)) body[field] = Number(value);
    }
    const drop = await this.deps.runs.recordDrop(
      { nursery: link.nursery, userId: '', link: link.id, name: LINK_ACTOR_NAME, user: null },
      link.run,
      body,
    );
    return driverDropOf(drop);
  }
}

/** A drop as the driver's page reads it. */
export function driverDropOf(record: Readonly<Record<string, unknown>>): DriverDrop {
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  const count = (key: string) => Number(record[key] ?? 0);
  return {
    id: text('id'),
    stop: text('stop'),
    outcome: record.outcome === 'not_delivered' ? 'not_delivered' : 'delivered',
    reason: text('reason'),
    receivedBy: text('receivedBy'),
    trolleysBack: count('trolleysBack'),
    shelvesBack: count('shelvesBack'),
    extensionsBack: count('extensionsBack'),
    recordedAt: text('recordedAt'),
    clientId: text('clientId'),
    signature: text('signature'),
    photo: text('photo'),
  };
}
