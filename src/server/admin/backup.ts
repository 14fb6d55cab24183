import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import { sqliteFile } from '../db/database';
import { pidFilePath, runningServerPid } from '../pid-file';
import { filesFolder, FolderFileStore } from '../files/file-store';
import { formatTimestamp } from '../records/ids';
import { AdminError } from './accounts';

// Online backup and restore of the embedded SQLite database (issue 9 "Backups").
// PostgreSQL has its own tools: see POSTGRES_ADVICE and docs/operating.md. Files travel inside the backup
// (the `stored_files` table, docs/decisions/043); on PostgreSQL they are in the database already.

export const POSTGRES_ADVICE = `DATABASE_URL points at PostgreSQL: back it up and restore it with PostgreSQL's own tools, e.g.
  pg_dump --format=custom --file=trolleyboard.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" trolleyboard.dump
(stop every Trolleyboard server before pg_restore). Attachments are stored in the database, so
the dump holds them too. See "Backups" in docs/operating.md.`;

/** Copy every remaining page in one step: a step restarted by a concurrent write could otherwise never finish. */
const ALL_PAGES = 0x7fffffff;

export interface BackupSummary {
  file: string;
  bytes: number;
  counts: Record<string, number>;
  /** How many files (attachments, docs/decisions/043) the backup holds. */
  files: number;
}

/** Whether an SQLite database has the table files travel in (migration 015). */
function hasFilesTable(db: SQLite.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stored_files'").get() !== undefined;
}

/**
 * Copies the files of DATA_DIR's folder into the backup's `stored_files` table, so a backup stays
 * one file (docs/decisions/043). Taken just after the database's snapshot.
 */
async function copyFilesInto(file: string, dataDir: string): Promise<number> {
  const db = new SQLite(file);
  try {
    if (!hasFilesTable(db)) return 0;
    const insert = db.prepare(
      'INSERT OR REPLACE INTO stored_files ("collection", "record", "name", "data", "size", "created") VALUES (?, ?, ?, ?, ?, ?)',
    );
    const created = formatTimestamp(new Date());
    let count = 0;
    for await (const stored of new FolderFileStore(filesFolder(dataDir)).all()) {
      insert.run(stored.collection, stored.record, stored.name, Buffer.from(stored.bytes), stored.bytes.length, created);
      count++;
    }
    return count;
  } finally {
    db.close();
  }
}

/**
 * Writes the files a restored database carries back into DATA_DIR's folder and empties its table;
 * the folder as it was is kept beside it (`storage.before-restore-…`).
 */
async function restoreFilesFrom(target: string, dataDir: string, stamp: string): Promise<number> {
  const db = new SQLite(target);
  try {
    if (!hasFilesTable(db)) return 0;
    const folder = filesFolder(dataDir);
    if (fs.existsSync(folder)) fs.renameSync(folder, `${folder}.before-restore-${stamp}`);
    const store = new FolderFileStore(folder);
    const rows = db.prepare('SELECT "collection", "record", "name", "data" FROM stored_files').iterate() as IterableIterator<{
      collection: string;
      record: string;
      name: string;
      data: Buffer;
    }>;
    let count = 0;
    for (const row of rows) {
      await store.put({ collection: row.collection, record: row.record, name: row.name }, row.data);
      count++;
    }
    db.prepare('DELETE FROM stored_files').run();
    return count;
  } finally {
    db.close();
  }
}

const TABLES = ['users', 'tasks', 'user_settings', 'trolley_exports'] as const;

/** Refuses a file that is not a sound Trolleyboard database; returns its row counts. */
function checkDatabase(file: string): Record<string, number> {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new AdminError(`${file} is not an SQLite database (or cannot be read).`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new AdminError(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .pluck()
        .all()
        .map((name) => String(name)),
    );
    const missing = TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw new AdminError(`${file} is not a Trolleyboard database (no ${missing.join(', ')} table).`);
    return Object.fromEntries(TABLES.map((table) => [table, Number(db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get())]));
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(`${file} could not be checked: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db.close();
  }
}

/**
 * Copies the live database of `dataDir` to `target` with SQLite's online backup API, while the
 * server keeps writing (WAL mode: the copy reads one consistent snapshot and blocks no writer).
 * The copy is written beside the target and renamed into place once checked, and is a single
 * self-contained file (rollback-journal mode, no -wal file needed).
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupSummary> {
  const source = sqliteFile(dataDir);
  if (!fs.existsSync(source)) throw new AdminError(`There is no database to back up at ${source} (check DATA_DIR).`);
  const file = path.resolve(target);
  if (!fs.existsSync(path.dirname(file))) throw new AdminError(`The folder ${path.dirname(file)} does not exist.`);
  if (file === path.resolve(source)) throw new AdminError('The backup cannot overwrite the live database.');
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  // A backup holds every password hash and token key: private from its first byte (SQLite keeps
  // the mode of a file it writes into).
  createPrivateFile(partial);

  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  try {
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const files = await copyFilesInto(partial, dataDir);
    const counts = checkDatabase(partial);
    fs.renameSync(partial, file);
    fs.chmodSync(file, PRIVATE_FILE_MODE);
    return { file, bytes: fs.statSync(file).size, counts, files };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export interface RestoreSummary {
  /** Where the database as it was before the restore was kept, if there was one. */
  previous: string | null;
  counts: Record<string, number>;
  /** How many files the backup brought back. */
  files: number;
}

/**
 * Replaces the database of `dataDir` with the backup `from`. Refuses while a server is using the
 * data folder (DATA_DIR/server.pid names a live process): it would go on writing to the file
 * being replaced. The database as it was is kept beside it first, so a wrong restore can be undone.
 */
export async function restoreSqlite(dataDir: string, from: string, now: Date): Promise<RestoreSummary> {
  const pid = runningServerPid(dataDir);
  if (pid !== null)
    throw new AdminError(
      `A Trolleyboard server (process ${pid}) is using ${dataDir}. Stop it first, then run restore again. ` +
        `(If no server is running, delete ${pidFilePath(dataDir)}.)`,
    );
  const file = path.resolve(from);
  if (!fs.existsSync(file)) throw new AdminError(`There is no backup file at ${file}.`);
  const counts = checkDatabase(file);

  const target = sqliteFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let previous: string | null = null;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`;
    createPrivateFile(previous);
    const current = new SQLite(target, { fileMustExist: true });
    try {
      await current.backup(previous, { progress: () => ALL_PAGES });
    } finally {
      current.close();
    }
  }
  // Through SQLite rather than a file copy: the target's own -wal and -shm files are dealt with
  // correctly, and the pages are replaced in one transaction.
  createPrivateFile(target);
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(target, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
  const files = await restoreFilesFrom(target, dataDir, stamp);
  return { previous, counts, files };
}
