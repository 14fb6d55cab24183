/**
 * Errors that mean "the disk is full", whatever wrote: SQLite's SQLITE_FULL (the database or its
 * WAL could not grow), PostgreSQL's disk_full (SQLSTATE 53100), and the file system's own ENOSPC
 * and EDQUOT (secrets, mail files). The error handler answers them with 507 and this message.
 */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

export const DISK_FULL_MESSAGE = "The server's disk is full: nothing was saved.";

/** True when `error`, or an error it was caused by, says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  return causeChain(error).some(({ code }) => DISK_FULL_CODES.has(code));
}

/**
 * `error` and the errors it was caused by, outermost first, with their `code`s (those that have
 * one). Wrappers (a failed migration) keep the original as `cause`; a few levels are plenty.
 */
export function causeChain(error: unknown): Array<{ error: object; code: string }> {
  const chain: Array<{ error: object; code: string }> = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') chain.push({ error: current, code });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}
