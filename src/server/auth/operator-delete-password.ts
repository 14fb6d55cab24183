import type { RecordService } from '../records/record-service';
import type { NurseriesRepository } from '../users/nurseries-repository';

/**
 * With the operator's DELETE_PASSWORD given, a nursery that has not chosen its own uses it, even
 * one made by a process started without it, which generated a password for it (docs/decisions/055).
 * The deletion check already prefers the operator's; this forgets the generated ones at start, so
 * that its admins are not shown a password that no longer deletes. Each change is an ordinary
 * write (history, realtime); another instance starting at once may have made it already.
 */
export async function forgetGeneratedDeletePasswords(
  operatorPassword: string | null,
  nurseries: NurseriesRepository,
  records: Pick<RecordService, 'systemUpdate'>,
  log: { warn(obj: object, msg: string): void },
): Promise<number> {
  if (operatorPassword === null || operatorPassword === '') return 0;
  let forgotten = 0;
  for (const id of await nurseries.idsWithGeneratedDeletePassword()) {
    try {
      await records.systemUpdate('nurseries', id, { deletePasswordHash: '', generatedDeletePassword: '' });
      forgotten++;
    } catch (error) {
      log.warn({ err: error, nursery: id }, 'A generated deletion password could not be forgotten (the deletion check ignores it anyway)');
    }
  }
  return forgotten;
}
