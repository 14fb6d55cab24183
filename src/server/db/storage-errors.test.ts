import { describe, expect, it } from 'vitest';
import { isDiskFull } from './storage-errors';

// What counts as "the disk is full" (answered 507 by the error handler, counted in memory by the
// throttles). The SQLite case is tested for real in disk-full.test.ts; PostgreSQL's disk cannot be
// filled by a test, so its SQLSTATE is checked here as pg reports it.

describe('isDiskFull', () => {
  it.each([
    ['SQLite', { code: 'SQLITE_FULL', message: 'database or disk is full' }],
    ['PostgreSQL (disk_full)', { code: '53100', message: 'could not extend file "base/16384/16385": No space left on device' }],
    ['a file write', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
    ['a quota', { code: 'EDQUOT' }],
    ['a wrapped cause', new Error('Database migration failed', { cause: { code: 'SQLITE_FULL' } })],
  ])('recognises %s', (_what, error) => {
    expect(isDiskFull(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: 'SQLITE_CONSTRAINT_UNIQUE' }],
    ['PostgreSQL out of memory', { code: '53200' }],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('does not take %s for a full disk', (_what, error) => {
    expect(isDiskFull(error)).toBe(false);
  });
});
