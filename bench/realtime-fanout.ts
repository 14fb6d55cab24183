// Prints how long a change takes to reach many realtime subscribers (each its own SDK client and
// SSE stream, as many tablets would be). A benchmark, not a test: run `npm run bench:realtime`.
// BENCH_SUBSCRIBERS (default 200) and BENCH_WRITES (default 50) change the load.
import { performance } from 'node:perf_hooks';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { FUTURE_YEAR } from '../tests/support/open-weeks';
import { createAccount, startTestServer } from '../tests/support/server';

globalThis.EventSource ??= EventSource as unknown as typeof globalThis.EventSource;

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const WRITES = Number(process.env.BENCH_WRITES ?? 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// One user may hold 20 streams by default; the bench's tablets all sign in as a handful of users.
const server = await startTestServer({ realtimeMaxStreamsPerUser: SUBSCRIBERS });
const clients: PocketBase[] = [];
try {
  const writer = await createAccount(server);
  // A teammate: changes reach only their own nursery (docs/decisions/036).
  const reader = await createAccount(server, { nursery: writer.nursery });
  const arrivals = new Map<string, number[]>();
  const connectStart = performance.now();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const pb = server.client();
    pb.authStore.save(reader.pb.authStore.token, reader.pb.authStore.record);
    await pb.collection('tasks').subscribe('*', (e) => {
      const at = performance.now();
      const list = arrivals.get(e.record.id) ?? [];
      list.push(at);
      arrivals.set(e.record.id, list);
    });
    clients.push(pb);
  }
  console.log(`${SUBSCRIBERS} SDK subscribers connected in ${(performance.now() - connectStart).toFixed(0)} ms`);

  const lastArrival: number[] = [];
  const writeTimes: number[] = [];
  for (let w = 0; w < WRITES; w++) {
    const started = performance.now();
    const created = await writer.pb.collection('tasks').create({
      title: `Fan-out ${w}`,
      day: 'monday',
      customerType: 'retail',
      other: 'none',
      weekNumber: 10,
      year: FUTURE_YEAR,
    });
    writeTimes.push(performance.now() - started);
    const deadline = performance.now() + 10_000;
    while ((arrivals.get(created.id)?.length ?? 0) < SUBSCRIBERS && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const got = arrivals.get(created.id) ?? [];
    if (got.length < SUBSCRIBERS) console.log(`write ${w}: only ${got.length} of ${SUBSCRIBERS} subscribers heard it within 10 s`);
    lastArrival.push(Math.max(...got) - started);
  }
  writeTimes.sort((a, b) => a - b);
  lastArrival.sort((a, b) => a - b);
  console.log(
    `write (create) answered            p50 ${percentile(writeTimes, 50).toFixed(1)} ms   p95 ${percentile(writeTimes, 95).toFixed(1)} ms`,
  );
  console.log(
    `write -> last of ${SUBSCRIBERS} subscribers    p50 ${percentile(lastArrival, 50).toFixed(1)} ms   p95 ${percentile(lastArrival, 95).toFixed(1)} ms`,
  );
} finally {
  for (const pb of clients) pb.realtime.unsubscribe().catch(() => undefined);
  await server.close();
}
