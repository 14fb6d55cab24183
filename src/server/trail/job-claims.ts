import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Claims the job `name` for this instance when it is due: moves the job's next time forward to
 * `nextAt` in one UPDATE that only succeeds while the stored time has passed. With several
 * instances on one database only one such UPDATE can succeed per period: on PostgreSQL the row
 * lock makes the second wait, then find the time moved on; SQLite has one writer at a time. Run
 * inside the transaction of the job's work, so a job that fails leaves its claim untaken.
 * Returns whether this instance has the job.
 */
export async function claimJob(db: Kysely<Database>, name: string, nowMs: number, nextAt: number, instance: string): Promise<boolean> {
  await db
    .insertInto('job_claims')
    .values({ name, next_at: 0, claimed_by: '', claimed_at: 0 })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('job_claims')
    .set({ next_at: nextAt, claimed_by: instance, claimed_at: nowMs })
    .where('name', '=', name)
    .where('next_at', '<=', nowMs)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
