import { Worker } from 'node:worker_threads';
import type { PdfJob, PdfReply } from './pdf-jobs';

// Draws PDFs for mail off the main thread (docs/decisions/080). jsPDF and the two fonts cost the
// process several MB and the server is measured idle (docs/decisions/073), so they live in one
// worker thread that starts with the first PDF and ends once it has had nothing to draw for
// `idleMs`: an idle server holds neither the thread nor what it loaded.

export interface PdfDrawerOptions {
  /** A worker with nothing to draw this long ends (default 30 s). */
  idleMs?: number;
  /** A drawing that takes longer fails, and its worker is ended (default 30 s). */
  timeLimitMs?: number;
}

const IDLE_MS = 30_000;
const TIME_LIMIT_MS = 30_000;
/** The worker's JavaScript heap: a statement of a year's movements draws in well under this. */
const WORKER_HEAP_MB = 96;

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The worker's program: from the bundle (dist/server/main.js) the file built beside it; from
 * source (tsx, Vitest) the TypeScript file, imported once tsx's loader is registered in the
 * thread (Node 20 does not apply an `--import` loader to a worker's first module).
 */
function startWorker(options: { resourceLimits: { maxOldGenerationSizeMb: number } }): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pdf/pdf-worker.js', import.meta.url), options);
  const program = JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${program}); });`, {
    ...options,
    eval: true,
  });
}

export class PdfDrawer {
  #worker: Worker | null = null;
  #idleTimer: NodeJS.Timeout | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #idleMs: number;
  readonly #timeLimitMs: number;

  constructor(options: PdfDrawerOptions = {}) {
    this.#idleMs = options.idleMs ?? IDLE_MS;
    this.#timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS;
  }

  /** Whether a worker thread is alive now (tests: an idle drawer holds none). */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** The PDF's bytes; rejects when it cannot be drawn (the caller sends its mail without it). */
  draw(job: PdfJob): Promise<Uint8Array> {
    const worker = this.#start();
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A drawing stuck this long will not finish: the thread is ended, and everything it held with it.
        this.#fail(new Error(`The PDF was not drawn within ${this.#timeLimitMs} ms.`));
      }, this.#timeLimitMs);
      this.#pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, job });
    });
  }

  /** Ends the worker (shutdown); drawings under way fail. */
  async close(): Promise<void> {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const worker = this.#worker;
    this.#fail(new Error('The server is shutting down.'));
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.on('message', (reply: PdfReply) => this.#answer(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#fail(new Error(`The PDF worker stopped (exit code ${code}).`));
    });
    // The thread alone never keeps the process alive: a server closing does not wait for it.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #answer(reply: PdfReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.bytes);
    else pending.reject(new Error(`The PDF could not be drawn: ${reply.message}`));
    if (this.#pending.size === 0) this.#leaveWhenIdle();
  }

  #leaveWhenIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#pending.size > 0) return;
      const worker = this.#worker;
      this.#worker = null;
      void worker?.terminate();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  /** The worker failed or was told to stop: every drawing waiting on it fails, and it is ended. */
  #fail(error: Error): void {
    const worker = this.#worker;
    this.#worker = null;
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
    void worker?.terminate();
  }
}
