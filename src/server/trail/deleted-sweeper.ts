import type { FastifyBaseLogger } from 'fastify';
import { newRecordId } from '../records/ids';
import type { PurgeRun, RecordService } from '../records/record-service';

/** How often each instance offers to purge what has been in Deleted too long; one of them does it. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;
/** The first offer after start, once the server is up and busy with its first requests no more. */
const FIRST_PURGE_AFTER_MS = 60 * 1000;

export interface DeletedSweeperOptions {
  records: RecordService;
  log: FastifyBaseLogger;
  /** Between offers (tests: shorter). */
  everyMs?: number;
  firstAfterMs?: number;
}

/**
 * Purges records that have been in Deleted longer than DELETED_KEEP_DAYS (docs/decisions/034):
 * every instance offers every hour, and the job claim in the database lets one of them do it,
 * once per hour among them all (RecordService.purgeExpired). Its timers never keep the process up.
 */
export class DeletedSweeper {
  /** This process among the instances sharing the database, as the job claim records it. */
  readonly instance = newRecordId();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PurgeRun> | null = null;
  private readonly everyMs: number;

  constructor(private readonly options: DeletedSweeperOptions) {
    this.everyMs = options.everyMs ?? PURGE_EVERY_MS;
  }

  start(): void {
    this.schedule(this.options.firstAfterMs ?? FIRST_PURGE_AFTER_MS);
  }

  /** One offer now: purges when this instance claims the job. */
  async sweep(): Promise<PurgeRun> {
    this.running ??= this.options.records.purgeExpired(this.instance, this.everyMs).finally(() => (this.running = null));
    const run = await this.running;
    if (run.purged > 0) this.options.log.info({ purged: run.purged }, `Purged ${run.purged} deleted records kept past their time`);
    return run;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.sweep()
        .catch((error: unknown) =>
          this.options.log.warn({ err: error }, 'The purge of old deleted records failed; it is tried again later'),
        )
        .finally(() => {
          if (this.timer) this.schedule(this.everyMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
