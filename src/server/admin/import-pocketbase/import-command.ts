// `npm run admin -- import-pocketbase`: reads the pb_data folder, imports (or dry-runs), and
// answers the report's lines. A folder that is not PocketBase data is the operator's to fix.
import type { Config } from '../../config';
import type { NurseriesTable } from '../../db/schema';
import type { RecordService } from '../../records/record-service';
import { AdminError } from '../accounts';
import { describeReport } from './describe-report';
import { PocketBaseData, PocketBaseReadError } from './read-pocketbase';
import { importPocketBase, type ImportOptions } from './run-import';

export async function runPocketBaseImport(
  records: RecordService,
  config: Config,
  pbData: string,
  options: { nursery: NurseriesTable | null; nurseryName?: string; dryRun: boolean } & Partial<Pick<ImportOptions, 'afterRecord' | 'now'>>,
): Promise<string[]> {
  let data: PocketBaseData;
  try {
    data = PocketBaseData.open(pbData);
  } catch (error) {
    if (error instanceof PocketBaseReadError) throw new AdminError(error.message);
    throw error;
  }
  try {
    const report = await importPocketBase(records, config, data, { now: () => new Date(), ...options });
    return [`Read ${data.file} (PocketBase ${data.layout} layout).`, ...describeReport(report)];
  } finally {
    data.close();
  }
}
