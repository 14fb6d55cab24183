import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import type { Database } from '../db/schema';
import { formatTimestamp } from '../records/ids';
import { isSafeSegment } from './file-names';

/** Where a file is: its collection's id, its record's id and its stored name (its address's three parts). */
export interface FileKey {
  collection: string;
  record: string;
  name: string;
}

/**
 * Where files' bytes live (docs/decisions/043): a folder under DATA_DIR on the embedded default,
 * the database on PostgreSQL (every instance sees it; pg_dump holds it).
 */
export interface FileStore {
  readonly kind: 'folder' | 'database';
  put(key: FileKey, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: FileKey): Promise<Uint8Array | null>;
  /** Removes the named files of one record; names it does not have are ignored. */
  remove(collection: string, record: string, names: readonly string[]): Promise<void>;
  /** Removes every file of one record. */
  removeRecord(collection: string, record: string): Promise<void>;
  /** Every file, for the backup. */
  all(): AsyncIterable<FileKey & { bytes: Uint8Array }>;
}

function checkKey(collection: string, record: string, name?: string): void {
  if (!isSafeSegment(collection) || !isSafeSegment(record) || (name !== undefined && !isSafeSegment(name)))
    throw new Error(`file store: unusable file address ${collection}/${record}/${name ?? ''}`);
}

/** Files under `root` as PocketBase lays them out: `<collection id>/<record id>/<name>`. */
export class FolderFileStore implements FileStore {
  readonly kind = 'folder';

  constructor(readonly root: string) {}

  private pathOf({ collection, record, name }: FileKey): string {
    checkKey(collection, record, name);
    return path.join(this.root, collection, record, name);
  }

  async put(key: FileKey, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Written beside and renamed into place: a reader never sees half a file.
    const partial = `${file}.partial`;
    await fs.promises.writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
    await fs.promises.rename(partial, file);
  }

  async get(key: FileKey): Promise<Uint8Array | null> {
    if (!isSafeSegment(key.collection) || !isSafeSegment(key.record) || !isSafeSegment(key.name)) return null;
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(collection: string, record: string, names: readonly string[]): Promise<void> {
    for (const name of names) await fs.promises.rm(this.pathOf({ collection, record, name }), { force: true });
    await fs.promises.rmdir(path.join(this.root, collection, record)).catch(() => undefined);
  }

  async removeRecord(collection: string, record: string): Promise<void> {
    checkKey(collection, record);
    await fs.promises.rm(path.join(this.root, collection, record), { recursive: true, force: true });
  }

  async *all(): AsyncIterable<FileKey & { bytes: Uint8Array }> {
    if (!fs.existsSync(this.root)) return;
    for (const collection of await fs.promises.readdir(this.root)) {
      const collectionDir = path.join(this.root, collection);
      if (!(await fs.promises.stat(collectionDir)).isDirectory()) continue;
      for (const record of await fs.promises.readdir(collectionDir)) {
        const recordDir = path.join(collectionDir, record);
        if (!(await fs.promises.stat(recordDir)).isDirectory()) continue;
        for (const name of await fs.promises.readdir(recordDir)) {
          if (name.endsWith('.partial') || !isSafeSegment(name)) continue;
          yield { collection, record, name, bytes: await fs.promises.readFile(path.join(recordDir, name)) };
        }
      }
    }
  }
}

/** The folder of the embedded default's files. */
export const filesFolder = (dataDir: string): string => path.join(dataDir, 'storage');

/** Files in the database's `stored_files` table (migration 015): what every instance on one PostgreSQL sees. */
export class DatabaseFileStore implements FileStore {
  readonly kind = 'database';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put({ collection, record, name }: FileKey, bytes: Uint8Array): Promise<void> {
    checkKey(collection, record, name);
    await this.db
      .insertInto('stored_files')
      .values({ collection, record, name, data: Buffer.from(bytes), size: bytes.length, created: formatTimestamp(this.now()) })
      .onConflict((conflict) =>
        conflict.columns(['collection', 'record', 'name']).doUpdateSet({ data: Buffer.from(bytes), size: bytes.length }),
      )
      .execute();
  }

  async get({ collection, record, name }: FileKey): Promise<Uint8Array | null> {
    const row = await this.db
      .selectFrom('stored_files')
      .select('data')
      .where('collection', '=', collection)
      .where('record', '=', record)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? row.data : null;
  }

  async remove(collection: string, record: string, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .deleteFrom('stored_files')
      .where('collection', '=', collection)
      .where('record', '=', record)
      .where('name', 'in', names)
      .execute();
  }

  async removeRecord(collection: string, record: string): Promise<void> {
    await this.db.deleteFrom('stored_files').where('collection', '=', collection).where('record', '=', record).execute();
  }

  async *all(): AsyncIterable<FileKey & { bytes: Uint8Array }> {
    const keys = await this.db
      .selectFrom('stored_files')
      .select(['collection', 'record', 'name'])
      .orderBy('collection')
      .orderBy('record')
      .execute();
    for (const key of keys) {
      const bytes = await this.get(key);
      if (bytes) yield { ...key, bytes };
    }
  }
}

/** The store of an installation: its database's on PostgreSQL (every instance shares it), DATA_DIR's folder otherwise. */
export function fileStoreFor(
  database: { dialect: 'sqlite' | 'postgres'; db: Kysely<Database> },
  dataDir: string,
  now: () => Date = () => new Date(),
): FileStore {
  return database.dialect === 'postgres' ? new DatabaseFileStore(database.db, now) : new FolderFileStore(filesFolder(dataDir));
}
