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
  const clients: PocketBase[] = [];
  const arrivals = new Map<string, number[]>();
  for (let i = 0; i < options.subscribers; i++) {
    const pb = new PocketBase(options.urls[i % options.urls.length]);
    pb.autoCancellation(false);
    const session = options.sessions[i % options.sessions.length] as Session;
    pb.authStore.save(session.token, session.record);
    clients.push(pb);
  }
  try {
    for (let i = 0; i < clients.length; i += 20) {
      await Promise.all(
        clients.slice(i, i + 20).map((pb) =>
          pb.collection('tasks').subscribe('*', (event) => {
            const marker = String(event.record.orderInfo ?? '');
            if (!marker.startsWith('fanout-')) return;
            const list = arrivals.get(marker) ?? [];
            list.push(performance.now());
            arrivals.set(marker, list);
          }),
        ),
      );
    }
    const samples: number[] = [];
    let missed = 0;
    for (let k = 0; k < options.updates; k++) {
      const marker = `fanout-${k}-${Date.now()}`;
      const started = performance.now();
      await options.writer.collection('tasks').update(options.recordId, { orderInfo: marker });
      const deadline = Date.now() + 10_000;
      while ((arrivals.get(marker)?.length ?? 0) < clients.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const got = arrivals.get(marker) ?? [];
      missed += clients.length - got.length;
      samples.push(...got.map((t) => t - started));
      await new Promise((r) => setTimeout(r, 200));
    }
    samples.sort((a, b) => a - b);
    const p99 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)] ?? Number.NaN;
    return { p99Ms: p99, maxMs: samples[samples.length - 1] ?? Number.NaN, missed, subscribers: clients.length };
  } finally {
    for (const pb of clients) {
      try {
        await pb.realtime.unsubscribe();
      } catch {
        // the server may already be gone
      }
    }
  }
}
