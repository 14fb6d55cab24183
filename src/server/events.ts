import { EventEmitter } from 'node:events';

export type RecordAction = 'create' | 'update' | 'delete';

export interface RecordChange {
  collection: string;
  action: RecordAction;
  /** The record as the API shows it (after the change; before it, for deletes). */
  record: Record<string, unknown>;
}

/**
 * Record changes, emitted after they are stored. Realtime subscriptions (SSE) and, on
 * PostgreSQL, the LISTEN/NOTIFY fan-out between instances hang off this one seam.
 */
export class RecordEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(change: RecordChange): void {
    this.emitter.emit('change', change);
  }

  subscribe(listener: (change: RecordChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
