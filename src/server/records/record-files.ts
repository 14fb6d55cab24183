import type { FileField } from '#domain/collections/fields';
import type { AuthContext } from '../auth/auth-context';
import { notFound, validationFailed } from '../errors';
import { fileChanges, fileNamesOf, hasFiles, type FileChanges, type Upload } from '../files/file-changes';
import { storedFileName } from '../files/file-names';
import type { FileStore } from '../files/file-store';
import type { Collection } from './collection';
import type { RecordContext } from './record-context';
import type { RecordBody } from './record-body';
import type { ApiRecord } from './record-mapping';
import type { Row } from './record-store';

/**
 * Records' files (docs/decisions/043): what a write does to a record's files (its body's file
 * keys and the uploads of a multipart body), storing the new files around the write, serving a
 * stored file, and removing a record's files with it.
 */
export class RecordFiles {
  constructor(private readonly context: RecordContext) {}

  /** Where files' bytes live; throws when this process has no file store. */
  get store(): FileStore {
    if (!this.context.options.files) throw new Error('RecordService: this process has no file store');
    return this.context.options.files;
  }

  /**
   * A stored file of a record, for `GET /api/files/...` (files-routes.ts): 404 unless the record
   * has a file of that name, and, when its field is protected, `auth` (the file token's user) may
   * view the record — so another nursery's file, or one without a token, is not found. An
   * unprotected file is served to whoever has its address, as PocketBase does.
   */
  async fileFor(
    collectionIdOrName: string,
    recordId: string,
    name: string,
    auth: AuthContext,
  ): Promise<{ field: FileField; bytes: Uint8Array }> {
    const { files } = this.context.options;
    const found = this.context.find(collectionIdOrName);
    if (!found || !hasFiles(found.declaration) || !files) throw notFound();
    const row = await this.context.store.findById(found.table, recordId);
    if (!row) throw notFound();
    const record = found.toRecord(row);
    const named = fileNamesOf(found.declaration, record).find((file) => file.name === name);
    const field = named ? found.declaration.fields[named.field] : undefined;
    if (!named || field?.kind !== 'file') throw notFound();
    if (field.protected && !this.context.access(found).allows('view', auth, record)) throw notFound();
    const bytes = await files.get({ collection: found.id, record: recordId, name });
    if (!bytes) throw notFound();
    return { field, bytes };
  }

  /**
   * A trusted write of a record with files (a driver link's signature and photo on a drop):
   * reads the file keys of `body` and the `uploads` as a client's write would (400 with a
   * sentence for a file too large or of a type not accepted), stores the new files, then runs
   * `write` with the body left and the file fields' new column values to put in the row. If
   * `write` throws, the new files are removed again; once it returns, the files the change
   * dropped are removed. `current` is the record as the API shows it, null for a new one whose
   * id (`recordId`) the caller chose.
   */
  async writeWithFiles<T>(
    collectionName: string,
    recordId: string,
    current: ApiRecord | null,
    body: RecordBody,
    uploads: readonly Upload[],
    write: (input: { body: RecordBody; columns: Row }) => Promise<T>,
  ): Promise<T> {
    const collection = this.context.collection(collectionName);
    const files = this.changesOf(collection, body, uploads, current);
    return this.storing(collection, recordId, files, () => write({ body: files.body, columns: collection.toRow(files.values) }));
  }

  /** What `body` and `uploads` do to the record's files (400 with the field's sentence when they cannot). */
  changesOf(collection: Collection, body: RecordBody, uploads: readonly Upload[], current: ApiRecord | null): FileChanges {
    if (uploads.length === 0 && !hasFiles(collection.declaration)) return { body, values: {}, added: [], removed: [] };
    const result = fileChanges(collection.declaration, body, uploads, current, (original) => storedFileName(original));
    if (!result.ok) throw validationFailed(result.errors);
    return result.changes;
  }

  /** Stores the new files, runs `write`, then removes the files dropped; a failed write takes its new files with it. */
  async storing<T>(collection: Collection, recordId: string, files: FileChanges, write: () => Promise<T>): Promise<T> {
    if (files.added.length === 0 && files.removed.length === 0) return write();
    const store = this.store;
    const added: string[] = [];
    let result: T;
    try {
      for (const file of files.added) {
        await store.put({ collection: collection.id, record: recordId, name: file.name }, file.bytes);
        added.push(file.name);
      }
      result = await write();
    } catch (error) {
      await store.remove(collection.id, recordId, added).catch(() => undefined);
      throw error;
    }
    // After the commit: a file the record no longer names is gone for good (as PocketBase does).
    await store.remove(collection.id, recordId, files.removed);
    return result;
  }

  /** Removes every file of a record deleted for good (or purged from Deleted). */
  async removeRecordFiles(collection: Collection, id: string): Promise<void> {
    if (!this.context.options.files || !hasFiles(collection.declaration)) return;
    await this.context.options.files.removeRecord(collection.id, id);
  }
}
