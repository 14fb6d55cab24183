// What one realtime client may cost the server (issue 13): run `npm run bench:realtime-abuse`.
// The server runs in a child process (started with --expose-gc) so its heap is measured alone,
// and /api/health is asked from a third process, so the traffic of the 2,000 streams this script
// holds delays neither. Prints:
// 1. memory: the server's heap (after gc) per anonymous stream, plain and after the abusive
//    subscribe (BENCH_ABUSE_STREAMS streams, default 200, each posting 1,000 keys of ~2,000 chars);
// 2. fan-out: with BENCH_STREAMS (default 2,000) streams loaded with the most subscriptions the
//    server accepts, for each of BENCH_SAVES order saves (a 5,000-character note): how long the
//    save took, how long /api/health took meanwhile, how long the server's event loop was held
//    at worst, and when the last stream had the event; for anonymous streams and for signed-in
//    ones (100 users x 20 streams, each with the most filtered subscriptions accepted), with the
//    server's heap per loaded stream.
// BENCH_PHASES picks phases (memory,anonymous,signed-in); BENCH_GC=1 also prints the longest
// garbage collection per save. The same script measures the code before and after a change: it
// uses only the HTTP API (settings a server does not know are ignored).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { FUTURE_YEAR } from '../tests/support/open-weeks';
import { createAccount, startTestServer, type TestServer } from '../tests/support/server';

const ABUSE_STREAMS = Number(process.env.BENCH_ABUSE_STREAMS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const SAVES = Number(process.env.BENCH_SAVES ?? 5);
const PER_USER = 20;
/** Which phases run (comma-separated): memory, anonymous, signed-in. */
const PHASES = (process.env.BENCH_PHASES ?? 'memory,anonymous,signed-in').split(',');

// ---------------------------------------------------------------------------------------------
// The server process.

type Request =
  { id: number; cmd: 'heap' } | { id: number; cmd: 'accounts'; n: number } | { id: number; cmd: 'loop' } | { id: number; cmd: 'close' };

async function serve(): Promise<void> {
  // Settings the bench needs on top of the defaults: room for its own extra connections, and the
  // streams of one address (this script stands for many addresses). Unknown names are ignored by
  // servers that do not have them yet.
  const overrides: Record<string, unknown> = {
    realtimeMaxStreams: STREAMS + 10,
    realtimeMaxAnonymousPerAddress: 1_000_000,
    realtimeSignInSeconds: 3600,
    authRateLimitPerMinute: 1_000_000,
  };
  const server: TestServer = await startTestServer(overrides);
  const send = (message: unknown) => process.send?.(message);
  // How long the server's event loop was held at worst: what any request would have waited.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message: Request) => {
    void (async () => {
      if (message.cmd === 'heap') {
        for (let i = 0; i < 3; i++) global.gc?.();
        send({ id: message.id, heap: process.memoryUsage().heapUsed });
      } else if (message.cmd === 'loop') {
        send({ id: message.id, maxMs: loop.max / 1e6, gcMs: gcMax });
        loop.reset();
        gcMax = 0;
      } else if (message.cmd === 'accounts') {
        const tokens: string[] = [];
        for (let i = 0; i < message.n; i++) tokens.push((await createAccount(server)).pb.authStore.token);
        send({ id: message.id, tokens });
      } else {
        await server.close();
        send({ id: message.id });
        process.exit(0);
      }
    })();
  });
  send({ url: server.url });
}

// ---------------------------------------------------------------------------------------------
// The health poller: its own process, so the 2,000 streams' traffic in this one does not delay it.

function poll(url: string): void {
  let latencies: number[] = [];
  let running = true;
  process.on('message', (message: { cmd: 'take' | 'stop' }) => {
    process.send?.({ latencies });
    latencies = [];
    if (message.cmd === 'stop') running = false;
  });
  void (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    process.exit(0);
  })();
}

class HealthPoller {
  private constructor(private readonly child: ChildProcess) {}

  static start(url: string): HealthPoller {
    return new HealthPoller(fork(fileURLToPath(import.meta.url), ['--poll', url], { execArgv: ['--import', 'tsx'] }));
  }

  /** Latencies of the health requests since the last call. */
  take(cmd: 'take' | 'stop' = 'take'): Promise<number[]> {
    return new Promise((resolve) => {
      this.child.once('message', (message: { latencies: number[] }) => resolve(message.latencies));
      this.child.send({ cmd });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The clients.

class ServerProcess {
  private next = 0;
  private readonly waiting = new Map<number, (value: Record<string, unknown>) => void>();
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (message: Record<string, unknown>) => {
      const done = this.waiting.get(Number(message.id));
      this.waiting.delete(Number(message.id));
      done?.(message);
    });
  }

  static async start(): Promise<ServerProcess> {
    const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx', '--expose-gc'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (message: { url: string }) => resolve(message.url));
      child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
    });
    return new ServerProcess(child, url);
  }

  ask(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = ++this.next;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ ...request, id });
    });
  }

  async heap(): Promise<number> {
    return Number((await this.ask({ cmd: 'heap' })).heap);
  }

  /** The longest the server's event loop was held since the last call, in ms. */
  async loopDelay(): Promise<number> {
    const answer = await this.ask({ cmd: 'loop' });
    if (process.env.BENCH_GC)
      console.log(`    (loop ${Number(answer.maxMs).toFixed(1)} ms, longest gc ${Number(answer.gcMs).toFixed(1)} ms)`);
    return Number(answer.maxMs);
  }

  async tokens(n: number): Promise<string[]> {
    return (await this.ask({ cmd: 'accounts', n })).tokens as string[];
  }

  async close(): Promise<void> {
    await this.ask({ cmd: 'close' });
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Stream {
  clientId: string;
  /** Events received that carry `marker`. */
  seen(marker: string): boolean;
  ended(): boolean;
  close(): void;
}

/** GET /api/realtime: resolves with the client id once PB_CONNECT arrives, null when refused. */
function openStream(url: string): Promise<Stream | null> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/realtime`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(null);
      }
      let text = '';
      let clientId = '';
      let ended = false;
      const markers = new Set<string>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
          const message = text.slice(0, end);
          text = text.slice(end + 2);
          if (!clientId) {
            clientId = /^id:(\w+)/.exec(message)?.[1] ?? '';
            resolve({
              clientId,
              seen: (marker) => markers.has(marker),
              ended: () => ended,
              close: () => request.destroy(),
            });
          }
          const marker = /bench-save-\d+/.exec(message)?.[0];
          if (marker) markers.add(marker);
        }
      });
      response.on('close', () => (ended = true));
      response.on('error', () => (ended = true));
    });
    request.on('error', reject);
  });
}

async function post(url: string, clientId: string, keys: string[], token = ''): Promise<number> {
  const body = JSON.stringify({ clientId, subscriptions: keys });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/realtime`,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...(token ? { Authorization: token } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function getJson(url: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs `work` on `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

const pad = (prefix: string, length: number) => prefix + 'x'.repeat(Math.max(0, length - prefix.length));
const options = (query: Record<string, string>) => `?options=${encodeURIComponent(JSON.stringify({ query }))}`;

const recordKeys = (n: number, count: number) =>
  Array.from({ length: count }, (_, i) => `tasks/r${String(n).padStart(6, '0')}${String(i).padStart(8, '0')}`);

/**
 * Subscription sets from the most to the least a server might accept; each stream posts the first
 * its server takes (the figures say which).
 */
function anonymousForms(n: number): Array<{ name: string; keys: string[] }> {
  return [
    { name: '1,000 keys tasks/*?p=<n>', keys: Array.from({ length: 1000 }, (_, i) => `tasks/*?p=${n}-${i}`) },
    { name: '100 keys tasks/*?p=<n>', keys: Array.from({ length: 100 }, (_, i) => `tasks/*?p=${n}-${i}`) },
    {
      name: '10 keys tasks/*?p=<n> + 90 record keys',
      keys: [...Array.from({ length: 10 }, (_, i) => `tasks/*?p=${n}-${i}`), ...recordKeys(n, 90)],
    },
    { name: 'tasks/*', keys: ['tasks/*'] },
  ];
}

function signedInForms(n: number): Array<{ name: string; keys: string[] }> {
  // Distinct filters per stream: nothing can be shared between them.
  const search = (i: number) => `tasks/*${options({ filter: `orderInfo ~ "s${n}-${i}" || title ~ "t${n}-${i}"` })}`;
  const plain = (i: number) => `tasks/*${options({ filter: `weekNumber = ${(n + i) % 53} && year = ${FUTURE_YEAR}` })}`;
  const records = (count: number) => recordKeys(n, count);
  return [
    ...(process.env.BENCH_SIGNED_IN_1000 ? [{ name: '1,000 filtered keys', keys: Array.from({ length: 1000 }, (_, i) => search(i)) }] : []),
    {
      name: '10 filtered (2 searches, 8 comparisons) + 90 record keys',
      keys: ['tasks/*', search(0), search(1), ...Array.from({ length: 7 }, (_, i) => plain(i)), ...records(90)],
    },
    {
      name: '10 fields-only + 90 record keys',
      keys: ['tasks/*', ...Array.from({ length: 9 }, (_, i) => `tasks/*${options({ fields: `id,title,x${i}` })}`), ...records(90)],
    },
    { name: 'tasks/*', keys: ['tasks/*'] },
  ];
}

async function subscribeFirstAccepted(
  url: string,
  stream: Stream,
  forms: Array<{ name: string; keys: string[] }>,
  token = '',
): Promise<string> {
  for (const form of forms) if ((await post(url, stream.clientId, form.keys, token)) === 204) return form.name;
  return 'none';
}

function count(names: string[]): string {
  const by = new Map<string, number>();
  for (const name of names) by.set(name, (by.get(name) ?? 0) + 1);
  return [...by].map(([name, n]) => `${n} x ${name}`).join(', ');
}

async function memoryPhase(server: ServerProcess): Promise<void> {
  const base = await server.heap();
  const streams = (await inParallel(Array.from({ length: ABUSE_STREAMS }), 50, () => openStream(server.url))).filter(
    (s): s is Stream => s !== null,
  );
  const open = await server.heap();
  const keys = (n: number) => Array.from({ length: 1000 }, (_, i) => pad(`tasks/*?p=${n}-${i}&`, 2000));
  const statuses = await inParallel(streams, 4, (stream, n) => post(server.url, stream.clientId, keys(n)));
  const loaded = await server.heap();
  const alive = streams.filter((s) => !s.ended()).length;
  console.log(`memory: ${streams.length} of ${ABUSE_STREAMS} anonymous streams admitted`);
  console.log(`  heap per open stream (no subscriptions)          ${((open - base) / streams.length / 1024).toFixed(1)} KB`);
  console.log(
    `  heap per stream after 1,000 x 2,000-char keys     ${((loaded - base) / streams.length / 1024).toFixed(1)} KB   (subscribe answered ${count(statuses.map(String))}; ${alive} streams still open)`,
  );
  for (const stream of streams) stream.close();
}

async function save(url: string, token: string, id: string, marker: string): Promise<number> {
  const started = performance.now();
  // A long note: every `~` on it scans 5,000 characters.
  const orderInfo = `${marker} ${'n'.repeat(4990 - marker.length)}`;
  await getJson(url, `/api/collections/tasks/records/${id}`, { method: 'PATCH', token, body: { orderInfo } });
  return performance.now() - started;
}

/** Saves `SAVES` times, each after the last one's event reached `witness`; /api/health is asked back to back meanwhile. */
async function measureSaves(server: ServerProcess, token: string, witness: Stream, label: string): Promise<void> {
  const url = server.url;
  const created = (await getJson(url, '/api/collections/tasks/records', {
    method: 'POST',
    token,
    body: { title: 'Bench order', day: 'monday', customerType: 'retail', other: 'none', weekNumber: 10, year: FUTURE_YEAR },
  })) as { id: string };
  const poller = HealthPoller.start(url);
  const saves: number[] = [];
  const health: number[] = [];
  const loop: number[] = [];
  const fanout: number[] = [];
  for (let n = 0; n < SAVES; n++) {
    const marker = `bench-save-${Date.now()}${n}`;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await poller.take();
    await server.loopDelay();
    const started = performance.now();
    saves.push(await save(url, token, created.id, marker));
    while (!witness.seen(marker) && performance.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 2));
    fanout.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
    health.push(...(await poller.take()));
    loop.push(await server.loopDelay());
  }
  await poller.take('stop');
  const max = (values: number[]) => Math.max(...values).toFixed(1);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]?.toFixed(1);
  console.log(`  ${label}`);
  console.log(`    save answered            median ${median(saves)} ms   max ${max(saves)} ms`);
  console.log(`    /api/health answered     median ${median(health)} ms   max ${max(health)} ms   (${health.length} requests)`);
  console.log(`    server event loop held   median ${median(loop)} ms   max ${max(loop)} ms   (longest per save)`);
  console.log(`    save -> witness stream   median ${median(fanout)} ms   max ${max(fanout)} ms`);
}

async function fanoutPhase(server: ServerProcess, signedIn: boolean): Promise<void> {
  const users = signedIn ? Math.ceil(STREAMS / PER_USER) : 0;
  const tokens = signedIn ? await server.tokens(users + 1) : await server.tokens(1);
  const writer = tokens[tokens.length - 1] as string;
  const heapBefore = await server.heap();
  const startedAt = performance.now();
  const streams = await inParallel(Array.from({ length: STREAMS }), 50, async (_, n) => {
    const stream = await openStream(server.url);
    if (!stream) return { stream, form: 'refused' };
    const form = signedIn
      ? await subscribeFirstAccepted(server.url, stream, signedInForms(n), tokens[Math.floor(n / PER_USER)])
      : await subscribeFirstAccepted(server.url, stream, anonymousForms(n));
    return { stream, form };
  });
  const witness = await openStream(server.url);
  if (!witness) throw new Error('the witness stream was refused');
  // The witness signs in as the writer, whose 20 streams are not used by the load.
  await post(server.url, witness.clientId, ['tasks/*'], writer);
  const open = streams.filter((s) => s.stream && !s.stream.ended()).length;
  const heapPerStream = ((await server.heap()) - heapBefore) / open / 1024;
  console.log(
    `fan-out, ${signedIn ? `${users} signed-in users x ${PER_USER}` : 'anonymous'}: ${open} of ${STREAMS} streams open after ${((performance.now() - startedAt) / 1000).toFixed(1)} s; ${count(streams.map((s) => s.form))}`,
  );
  console.log(`  heap per loaded stream ${heapPerStream.toFixed(1)} KB`);
  await measureSaves(server, writer, witness, `${open} loaded streams, ${SAVES} saves:`);
  for (const { stream } of streams) stream?.close();
  witness.close();
}

const pollAt = process.argv.indexOf('--poll');
if (process.argv.includes('--serve')) {
  await serve();
} else if (pollAt !== -1) {
  poll(process.argv[pollAt + 1] as string);
} else {
  for (const phase of PHASES) {
    const server = await ServerProcess.start();
    try {
      if (phase === 'memory') await memoryPhase(server);
      else if (phase === 'anonymous') await fanoutPhase(server, false);
      else if (phase === 'signed-in') await fanoutPhase(server, true);
    } finally {
      await server.close();
    }
  }
  agent.destroy();
}
