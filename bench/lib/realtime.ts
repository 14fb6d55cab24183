// Realtime fan-out: many SDK subscribers, one update, how long until the last one has it.
import { performance } from 'node:perf_hooks';
import { EventSource } from 'eventsource';
import PocketBase, { type RecordModel } from 'pocketbase';

// Node 20 has no EventSource; the SDK's realtime service needs one (STACK.md).
(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;

/** Does the server have /api/realtime yet? (404 = not yet; the bench then skips these figures.) */
export async function hasRealtime(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/realtime`, { signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    return response.status !== 404;
  } catch {
    return false;
  }
}

export interface Session {
  token: string;
  record: RecordModel;
}

export interface Fanout {
  p99Ms: number;
  maxMs: number;
  missed: number;
  subscribers: number;
}

/**
 * `subscribers` SDK clients (spread over `urls` and `sessions`) subscribe to `tasks/*`; the writer
 * updates `recordId` `updates` times, one after another; each time, every subscriber's delay from
 * the start of the PATCH to the event is one sample.
 */
export async function measureFanout(options: {
  urls: string[];
  sessions: Session[];
  writer: PocketBase;
  recordId: string;
  subscribers: number;
  updates: number;
}): Promise<Fanout> {
  const subscribers = Array.from({ length: options.subscribers }, (_, i) => ({
    url: options.urls[i % options.urls.length] as string,
    session: options.sessions[i % options.sessions.length] as Session,
    group: '',
  }));
  const changes = Array.from({ length: options.updates }, () => ({ writer: options.writer, recordId: options.recordId, group: '' }));
  return measureGroupedFanout({ subscribers, changes, sentinels: [] });
}

/** A change the fan-out makes: `writer` (signed in to `group`) updates its record `recordId`. */
export interface FanoutChange {
  writer: PocketBase;
  recordId: string;
  /** The nursery of the record ('' when every subscriber may see it). */
  group: string;
}

export interface GroupedFanout extends Fanout {
  /** Events that reached a subscriber of another group than the changed record's. */
  leaks: number;
  /** A few of them, for the printout. */
  leakExamples: string[];
  /** Subscribers that never had their own group's last change (so their leaks may be undercounted). */
  unsettled: number;
}

/**
 * Subscribers in groups (a group is a nursery: its own account's session). Each change is one
 * sample per subscriber of its group, from the start of the PATCH to the event; every event of a
 * change of another group is a leak. After the timed changes, one more change per group in
 * `sentinels`: a stream delivers in order, so once each subscriber has its own group's sentinel,
 * every event sent to it before has arrived, and the leaks are counted on the complete record.
 */
export async function measureGroupedFanout(options: {
  subscribers: Array<{ url: string; session: Session; group: string }>;
  changes: FanoutChange[];
  sentinels: FanoutChange[];
}): Promise<GroupedFanout> {
  const clients: PocketBase[] = [];
  /** Marker -> group of the change that wrote it. */
  const markerGroup = new Map<string, string>();
  const arrivals = new Map<string, number[]>();
  const leakExamples: string[] = [];
  let leaks = 0;
  const groupSize = new Map<string, number>();
  for (const s of options.subscribers) groupSize.set(s.group, (groupSize.get(s.group) ?? 0) + 1);
  const listener = (group: string) => (event: { record: RecordModel }) => {
    const marker = String(event.record.orderInfo ?? '');
    const nursery = typeof event.record.nursery === 'string' ? event.record.nursery : null;
    const from = markerGroup.get(marker);
    if ((from !== undefined && from !== group) || (group !== '' && nursery !== null && nursery !== group)) {
      leaks++;
      if (leakExamples.length < 5) leakExamples.push(`a subscriber of ${group} had ${event.record.id} of ${nursery ?? from}`);
      return;
    }
    if (from === undefined) return;
    const list = arrivals.get(marker) ?? [];
    list.push(performance.now());
    arrivals.set(marker, list);
  };
  for (const s of options.subscribers) {
    const pb = new PocketBase(s.url);
    pb.autoCancellation(false);
    pb.authStore.save(s.session.token, s.session.record);
    clients.push(pb);
  }
  try {
    for (let i = 0; i < clients.length; i += 20) {
      await Promise.all(
        clients
          .slice(i, i + 20)
          .map((pb, j) => pb.collection('tasks').subscribe('*', listener((options.subscribers[i + j] as { group: string }).group))),
      );
    }
    const samples: number[] = [];
    let missed = 0;
    const write = async (change: FanoutChange, marker: string) => {
      markerGroup.set(marker, change.group);
      await change.writer.collection('tasks').update(change.recordId, { orderInfo: marker });
    };
    const waitAll = async (markers: Array<[string, number]>, ms: number) => {
      const deadline = Date.now() + ms;
      const done = () => markers.every(([marker, expected]) => (arrivals.get(marker)?.length ?? 0) >= expected);
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    };
    for (const [k, change] of options.changes.entries()) {
      const marker = `fanout-${k}-${Date.now()}`;
      const expected = groupSize.get(change.group) ?? 0;
      const started = performance.now();
      await write(change, marker);
      await waitAll([[marker, expected]], 10_000);
      const got = arrivals.get(marker) ?? [];
      missed += expected - got.length;
      samples.push(...got.map((t) => t - started));
      await new Promise((r) => setTimeout(r, 200));
    }
    const sentinelMarkers: Array<[string, number]> = [];
    for (const [k, change] of options.sentinels.entries()) {
      const marker = `sentinel-${k}-${Date.now()}`;
      await write(change, marker);
      sentinelMarkers.push([marker, groupSize.get(change.group) ?? 0]);
    }
    await waitAll(sentinelMarkers, 30_000);
    const unsettled = sentinelMarkers.reduce((sum, [marker, expected]) => sum + expected - (arrivals.get(marker)?.length ?? 0), 0);
    samples.sort((a, b) => a - b);
    const p99 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)] ?? Number.NaN;
    return {
      p99Ms: p99,
      maxMs: samples[samples.length - 1] ?? Number.NaN,
      missed,
      subscribers: clients.length,
      leaks,
      leakExamples,
      unsettled,
    };
  } finally {
    // Fifty at a time: 2,000 one after another would take longer than the measurement.
    for (let i = 0; i < clients.length; i += 50)
      await Promise.all(
        clients.slice(i, i + 50).map((pb) =>
          pb.realtime.unsubscribe().catch(() => {
            // the server may already be gone
          }),
        ),
      );
  }
}
