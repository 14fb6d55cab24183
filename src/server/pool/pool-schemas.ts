import type { Static } from '@sinclair/typebox';
import { bodyOf, Given, paramsOf } from '../plugins/route-schemas';

export const StatementParams = paramsOf('id');

/** A pool operator's CSV and how to read its columns; the service refuses each wrong value with its sentence (docs/decisions/040). */
export const PoolImportBody = bodyOf(
  { csv: Given, mapping: Given, statementDate: Given, periodFrom: Given, periodTo: Given, fileName: Given },
  "The pool operator's statement as CSV text, with its column mapping",
);
export type PoolImportBody = Static<typeof PoolImportBody>;
