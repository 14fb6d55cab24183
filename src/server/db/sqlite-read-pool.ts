// Client reads on SQLite, off the event loop (docs/decisions/017). better-sqlite3 runs every
// statement synchronously in the calling thread; on the main thread one slow list held every
// other request, /api/health included. Here each read runs in a worker thread with its own
// read-only connection to the WAL database, which sees every committed write.
//
// - Workers start when a read needs one (an idle server holds none) and leave after IDLE_MS.
// - Every read has a time limit, counted from its arrival: past it the caller gets ReadRefused at
//   once, and the worker's stop flag ends the statement at its next row (READ_WORKER_SOURCE). A
//   worker that does not answer within STOP_GRACE_MS after that (a long sort, which visits no
//   rows) is terminated; its place is taken again only once its thread has exited, so a string of
//   slow reads never adds threads.
// - One caller may use at most `size - 1` workers at a time (at least one), so one person's slow
//   reads leave a worker for everyone else.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import { ReadRefused, type ClientReads, type ReadRow } from './client-reads';
import { READ_WORKER_SOURCE, ROW_CHECK_FUNCTION } from './sqlite-read-worker';

export interface SqliteReadPoolOptions {
  /** The SQLite database file (WAL mode, opened for writing by the main connection). */
  file: string;
  /** Most worker threads at once. */
  size: number;
  /** Time a read may take from arrival to answer, in ms. */
  timeLimitMs: number;
  /** A worker with nothing to do this long leaves, giving its memory back (default 30 s). */
  idleMs?: number;
  /** A worker still busy this long after its read was stopped is terminated (default 5 s). */
  stopGraceMs?: number;
}

const IDLE_MS = 30_000;
const STOP_GRACE_MS = 5_000;
/** Each worker's JavaScript heap: a page of 1,000 orders with the longest notes is ~25 MB. */
const WORKER_HEAP_MB = 128;

type WorkerReply = { ok: true; results: ReadRow[][] } | { ok: false; stopped: boolean; message: string; code?: string };

interface Job {
  queries: Array<{ sql: string; parameters: readonly unknown[] }>;
  caller: string;
  resolve(results: ReadRow[][]): void;
  reject(error: unknown): void;
  /** Answered (or refused) already: a late reply from the worker is dropped. */
  settled: boolean;
  timer: NodeJS.Timeout | null;
  slot: Slot | null;
}

interface Slot {
  worker: Worker;
  stop: Int32Array;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
  graceTimer: NodeJS.Timeout | null;
  /** Told to leave (idle, unresponsive or closing): takes no more jobs. */
  leaving: boolean;
}

export class SqliteReadPool implements ClientReads {
  readonly rowCheck: RawBuilder<SqlBool> = sql<SqlBool>`${sql.raw(ROW_CHECK_FUNCTION)}()`;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly running = new Map<string, number>();
  private readonly driver = createRequire(import.meta.url).resolve('better-sqlite3');
  private closed = false;

  constructor(private readonly options: SqliteReadPoolOptions) {}

  /** Worker threads alive now (for tests and the bench: an idle server has none). */
  get threads(): number {
    return this.slots.size;
  }

  /** Workers alive, reading, idle, and reads queued for one (for /api/metrics). */
  stats(): { total: number; busy: number; idle: number; waiting: number } {
    let busy = 0;
    for (const slot of this.slots) if (slot.job !== null) busy++;
    return { total: this.slots.size, busy, idle: this.slots.size - busy, waiting: this.queue.length };
  }

  read(queries: readonly CompiledQuery[], caller: string): Promise<ReadRow[][]> {
    if (this.closed) return Promise.reject(new Error('the read pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = {
        queries: queries.map((q) => ({ sql: q.sql, parameters: q.parameters })),
        caller,
        resolve,
        reject,
        settled: false,
        timer: null,
        slot: null,
      };
      job.timer = setTimeout(() => this.expire(job), this.options.timeLimitMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('the server is shutting down'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private get perCaller(): number {
    return Math.max(1, this.options.size - 1);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const index = this.queue.findIndex((job) => (this.running.get(job.caller) ?? 0) < this.perCaller);
      if (index < 0) return;
      const slot = this.freeSlot();
      if (!slot) return;
      const [job] = this.queue.splice(index, 1);
      if (job) this.start(slot, job);
    }
  }

  private freeSlot(): Slot | null {
    for (const slot of this.slots) if (!slot.leaving && slot.job === null) return slot;
    return this.slots.size < this.options.size ? this.spawn() : null;
  }

  private spawn(): Slot {
    const shared = new SharedArrayBuffer(4);
    const worker = new Worker(READ_WORKER_SOURCE, {
      eval: true,
      workerData: { driver: this.driver, file: this.options.file, stop: shared },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // A worker never keeps the process alive by itself (CLI tools open the database too).
    worker.unref();
    const slot: Slot = { worker, stop: new Int32Array(shared), job: null, idleTimer: null, graceTimer: null, leaving: false };
    worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    worker.on('error', (error) => this.fail(slot, error));
    worker.on('exit', () => {
      this.fail(slot, new Error('a read worker exited'));
      this.slots.delete(slot);
      this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    Atomics.store(slot.stop, 0, 0);
    slot.job = job;
    job.slot = slot;
    this.running.set(job.caller, (this.running.get(job.caller) ?? 0) + 1);
    slot.worker.postMessage({ queries: job.queries });
  }

  /** The worker answered: the slot is free again. */
  private finish(slot: Slot, reply: WorkerReply): void {
    const job = this.release(slot);
    if (job) {
      if (reply.ok) this.settle(job, null, reply.results);
      else if (reply.stopped) this.settle(job, new ReadRefused('time-limit', this.options.timeLimitMs));
      else this.settle(job, Object.assign(new Error(reply.message), { code: reply.code }));
    }
    if (!slot.leaving) {
      slot.idleTimer = setTimeout(() => void this.retire(slot), this.options.idleMs ?? IDLE_MS);
      slot.idleTimer.unref();
    }
    this.dispatch();
  }

  /** The worker failed or exited: its job (if any) fails with it. */
  private fail(slot: Slot, error: Error): void {
    const job = this.release(slot);
    slot.leaving = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (job) this.settle(job, error);
  }

  private release(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.graceTimer) clearTimeout(slot.graceTimer);
    slot.graceTimer = null;
    slot.job = null;
    if (job) {
      job.slot = null;
      const left = (this.running.get(job.caller) ?? 1) - 1;
      if (left > 0) this.running.set(job.caller, left);
      else this.running.delete(job.caller);
    }
    return job;
  }

  /** The time limit passed: refuse now; stop the worker's statement, and the worker if it will not stop. */
  private expire(job: Job): void {
    job.timer = null;
    const slot = job.slot;
    if (!slot) {
      const index = this.queue.indexOf(job);
      if (index >= 0) this.queue.splice(index, 1);
      this.settle(job, new ReadRefused('busy', this.options.timeLimitMs));
      return;
    }
    this.settle(job, new ReadRefused('time-limit', this.options.timeLimitMs));
    Atomics.store(slot.stop, 0, 1);
    slot.graceTimer = setTimeout(() => {
      if (slot.job === job) void this.retire(slot);
    }, this.options.stopGraceMs ?? STOP_GRACE_MS);
    slot.graceTimer.unref();
  }

  private settle(job: Job, error: unknown, results?: ReadRow[][]): void {
    if (job.settled) return;
    job.settled = true;
    if (job.timer) clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(results ?? []);
  }

  /** Ends a worker; its slot counts until the thread has exited. */
  private async retire(slot: Slot): Promise<void> {
    slot.leaving = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    await slot.worker.terminate();
  }
}
