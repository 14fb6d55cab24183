import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir';

// DATA_DIR/server.pid says "a server is using this data folder": written once the server
// listens, removed on a clean exit. Commands that must not run under a live server (restore)
// check it. A file left behind by a crash names a dead process and blocks nothing.

const PID_FILE = 'server.pid';

export const pidFilePath = (dataDir: string): string => path.join(dataDir, PID_FILE);

export function writePidFile(dataDir: string, pid: number = process.pid): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.writeFileSync(pidFilePath(dataDir), `${pid}\n`, { mode: PRIVATE_FILE_MODE });
}

/** Removes the pid file if it still names this process (another server may have taken over). */
export function removePidFile(dataDir: string, pid: number = process.pid): void {
  if (readPid(dataDir) === pid) fs.rmSync(pidFilePath(dataDir), { force: true });
}

function readPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFilePath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a crash and a reboot the number may belong to some other program: on Linux, only a
  // Node process counts as our server.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** The pid of a live server using `dataDir`, or null (no pid file, or a stale one after a crash). */
export function runningServerPid(dataDir: string): number | null {
  const pid = readPid(dataDir);
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}
