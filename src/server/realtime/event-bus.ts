import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Slicer } from '../slices';

export type RecordAction = 'create' | 'update' | 'delete';

export interface RecordChange {
  collection: string;
  action: RecordAction;
  /** The record as the API shows it (after the change; before it, for deletes). */
  record: Record<string, unknown>;
}

/**
 * How committed record changes reach every realtime subscriber, on this instance and (with
 * PostgreSQL) on every other instance. The one write path calls `stage` inside the writing
 * transaction and `committed` after the commit; realtime listens with `subscribe`.
 */
export interface EventBus {
  /**
   * Inside the writing transaction, the transaction's changes in order: PostgreSQL NOTIFYs here,
   * so only committed changes go out (a bulk write's thousands in a few statements).
   */
  stage(trx: Kysely<Database>, changes: readonly RecordChange[]): Promise<void>;
  /** After the transaction that staged `change` committed. Never throws, never waits for delivery. */
  committed(change: RecordChange): void;
  /**
   * Inside a bulk write's transaction (an import, docs/decisions/048), instead of one `stage` per
   * record: after the commit every instance's listeners are told to resync (onResync) once.
   */
  stageResync(trx: Kysely<Database>): Promise<void>;
  /** After the transaction that staged a resync committed. Never throws. */
  committedResync(): void;
  /** Every committed change, on every instance. Returns the unsubscribe function. */
  subscribe(listener: (change: RecordChange) => void): () => void;
  /**
   * Called when changes may have been lost (the PostgreSQL listener reconnected after a gap):
   * realtime ends its streams so every client reconnects and refetches. Returns the unsubscribe function.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process (SQLite): a change is delivered to local listeners after its commit. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  /** Changes committed and not yet delivered, oldest first. */
  private readonly pending: Array<RecordChange | 'resync'> = [];

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async stage(): Promise<void> {
    // Nothing to do before the commit: `committed` delivers.
  }

  committed(change: RecordChange): void {
    this.deliverLater(change);
  }

  async stageResync(): Promise<void> {
    // Nothing to do before the commit: `committedResync` delivers.
  }

  committedResync(): void {
    this.deliverLater('resync');
  }

  /**
   * Listeners run on a later tick so a slow or failing listener never delays or fails the write;
   * in order, and in slices (docs/decisions/053): the 5,000 changes of an import, each its own
   * tick, all ran in one turn of the event loop and held every other request.
   */
  private deliverLater(item: RecordChange | 'resync'): void {
    this.pending.push(item);
    if (this.pending.length === 1) setImmediate(() => void this.deliver());
  }

  private async deliver(): Promise<void> {
    const slicer = new Slicer();
    for (let at = 0; at < this.pending.length; at++) {
      const item = this.pending[at]!;
      try {
        if (item === 'resync') this.emitter.emit('resync');
        else this.emitter.emit('change', item);
      } catch (error) {
        // As before: a listener's error surfaces on its own tick, never in the write.
        setImmediate(() => {
          throw error;
        });
      }
      await slicer.pause();
    }
    this.pending.length = 0;
  }

  subscribe(listener: (change: RecordChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  onResync(listener: () => void): () => void {
    // One process never misses a change; a bulk write asks for a resync (committedResync).
    this.emitter.on('resync', listener);
    return () => this.emitter.off('resync', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
