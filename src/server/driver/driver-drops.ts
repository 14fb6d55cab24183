import type { FastifyRequest } from 'fastify';
import { runDrops } from '#domain/collections/run-drops';
import type { DriverDrop } from '#domain/driver/driver-link';
import { validationFailed } from '../errors';
import { fileChanges, type Upload } from '../files/file-changes';
import { discardUnread, isMultipart, readMultipartBody } from '../files/multipart-body';
import type { UploadBudget } from '../files/upload-budget';
import { runDropsCollection } from '../records/collections/run-drops';
import type { RecordService } from '../records/record-service';
import type { Row } from '../records/record-store';
import type { DriverLinksTable as DriverLink } from '../db/schema';
import type { RunLifecycleService } from '../runs/run-lifecycle-service';
import type { DropBody } from '../runs/run-schemas';

/** Multipart sends every value as text: a count arrives as "2". */
const COUNT_FIELDS = ['trolleysBack', 'shelvesBack', 'extensionsBack'] as const;

/** The drop's files, sent as multipart parts of these names. */
const FILE_FIELDS = ['signature', 'photo'] as const;

/** How a run's log names a driver's link when its drop delivers the run. */
export const LINK_ACTOR_NAME = "driver's link";

/**
 * Recording a drop through a driver's link (docs/decisions/044): the body goes through the drops
 * write path of docs/decisions/042 for the link's own run only, as the link (`recordedBy` '',
 * `link` its id). A stop of another run is "no such stop" there; naming another run is refused;
 * a retry with the same clientId answers the drop already written. The signature and photo
 * (multipart parts) are checked before anything is written, so a bad one records nothing, and
 * stored on the drop after: a retry adds what an interrupted send did not store.
 */
export class DriverDrops {
  constructor(private readonly deps: { runs: RunLifecycleService; records: RecordService; uploads: UploadBudget }) {}

  /**
   * The drop a request sends: JSON, or multipart (the driver's page's FormData with files). The
   * link was checked before this is called, so a request without a working link is answered before
   * its body is read (docs/decisions/052); the files count against the upload budget until written.
   * `json` is the body as the route's schema read it (`{}` when the request is multipart).
   */
  async fromRequest(link: DriverLink, request: FastifyRequest, json: DropBody): Promise<DriverDrop> {
    if (!isMultipart(request)) return this.record(link, json, []);
    const share = this.deps.uploads.open();
    try {
      let read;
      try {
        read = await readMultipartBody(request, runDrops, { mode: 'create', share });
      } catch (error) {
        discardUnread(request);
        throw error;
      }
      return await this.record(link, read.body, read.uploads);
    } finally {
      share.release();
    }
  }

  async record(link: DriverLink, given: DropBody, uploads: readonly Upload[]): Promise<DriverDrop> {
    const body: DropBody = { ...given };
    const checked = fileChanges(runDrops, {}, uploads, null, (original) => original);
    if (!checked.ok) throw validationFailed(checked.errors);
    for (const field of COUNT_FIELDS) {
      const value = body[field];
      if (typeof value === 'string' && /^\d{1,3}$/.test(value)) body[field] = Number(value);
    }
    const drop = await this.deps.runs.recordDrop(
      { nursery: link.nursery, userId: '', link: link.id, name: LINK_ACTOR_NAME, user: null },
      link.run,
      body,
    );
    const dropId = String(drop.id);
    const missing = uploads.filter((upload) => FILE_FIELDS.some((field) => upload.key === field && !drop[field]));
    if (missing.length === 0) return driverDropOf(drop);
    // Stored as a new record's files (the drop has none of them yet), then named on its row.
    return this.deps.records.writeWithFiles('run_drops', dropId, null, {}, missing, ({ columns }) =>
      this.deps.records.systemBatch(async (batch) => {
        const row = await batch.db.selectFrom('run_drops').selectAll().where('id', '=', dropId).executeTakeFirstOrThrow();
        return driverDropOf(runDropsCollection.toRecord(await batch.update('run_drops', row as unknown as Row, columns)));
      }),
    );
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
