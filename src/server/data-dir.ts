import fs from 'node:fs';
import path from 'node:path';
import { causeChain } from './db/storage-errors';

// DATA_DIR holds password hashes and token keys (the SQLite database and its -wal/-shm files),
// the generated secrets and, when mail goes to files, live password-reset links. On the office PC
// other accounts must not read any of it: the folder and everything the server writes in it are
// private to the server's account. (docs/decisions/019-operating-faults-and-cors.md)

/** Folders the server makes in DATA_DIR (and DATA_DIR itself): only its own account may enter. */
export const PRIVATE_DIR_MODE = 0o700;
/** Files the server writes in DATA_DIR, and the backups the admin CLI writes. */
export const PRIVATE_FILE_MODE = 0o600;

/** A DATA_DIR the server cannot use, said in one line for the operator (no stack trace). */
export class DataDirError extends Error {}

/**
 * Makes sure the server can use `dataDir`: creates it (private), checks that it can write there,
 * then makes it and what is already in it private (a folder made by an older version, or copied
 * in, may be 0755 with 0644 files). Throws DataDirError with one line when the folder cannot be
 * used; returns warnings for what could not be tightened (e.g. files another account owns).
 */
export function prepareDataDir(dataDir: string): string[] {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // Writing a file is the only honest test: access(2) says yes to root on a read-only mount's
    // parent, and no to nothing that chmod alone would fix.
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '', { mode: PRIVATE_FILE_MODE });
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new DataDirError(
      `Cannot write to DATA_DIR ${dataDir}: the server needs read and write access to this folder (${describeFsError(error)}).`,
    );
  }
  return makePrivate(dataDir);
}

/** Tightens `dir` to 0700 and every file below it to 0600 (folders to 0700); never follows links. */
export function makePrivate(dir: string): string[] {
  const warnings: string[] = [];
  const tighten = (target: string, stat: fs.Stats, mode: number) => {
    if ((stat.mode & 0o777 & ~mode) === 0) return;
    try {
      fs.chmodSync(target, mode);
    } catch (error) {
      warnings.push(`Could not make ${target} private to the server's account (${describeFsError(error)}).`);
    }
  };
  const walk = (folder: string) => {
    tighten(folder, fs.lstatSync(folder), PRIVATE_DIR_MODE);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) tighten(target, fs.lstatSync(target), PRIVATE_FILE_MODE);
    }
  };
  walk(dir);
  return warnings;
}

/**
 * Creates `file` empty and private if it does not exist yet. SQLite then opens it (an empty file
 * is an empty database) and gives its -wal and -shm files the same mode; a backup copy written
 * into it keeps the mode too.
 */
export function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A few words for an operator: what the file system said. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return "permission denied for the server's account";
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way where a folder should be';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * One line for the operator when the server cannot start because it cannot use its files (DATA_DIR
 * itself, or a database file in it that its account may not write); null for any other error.
 */
export function describeStartFailure(error: unknown, dataDir: string): string | null {
  if (error instanceof DataDirError) return error.message;
  // A failed migration keeps SQLite's error as its cause.
  const denied = causeChain(error).find(({ code }) => /^(SQLITE_READONLY|SQLITE_CANTOPEN|EACCES$|EPERM$|EROFS$)/.test(code));
  if (!denied) return null;
  return `Cannot write to DATA_DIR ${dataDir}: the server needs read and write access to this folder and the files in it (${describeFsError(denied.error)}).`;
}
