// The report of an import (or a dry run) as the operator reads it: counts per collection, every
// record skipped with why, and what was kept only in part.
import type { ImportReport } from './run-import';

export function describeReport(report: ImportReport): string[] {
  const lines: string[] = [];
  const { nursery } = report;
  lines.push(
    report.dryRun
      ? `Dry run: nothing was written. An import would go into ${nursery.created ? 'a new nursery' : 'the nursery'} "${nursery.name}".`
      : `Imported into ${nursery.created ? 'a new nursery' : 'the nursery'} "${nursery.name}" (${nursery.id}).`,
  );
  const verb = report.dryRun ? 'would import' : 'imported';
  for (const [collection, c] of Object.entries(report.counts))
    lines.push(`  ${collection}: ${c.read} read, ${c.imported} ${verb}, ${c.already} imported before, ${c.skipped} skipped`);
  if (report.skipped.length > 0) {
    lines.push(report.dryRun ? 'It would skip:' : 'Skipped:');
    for (const s of report.skipped) lines.push(`  ${s.collection} ${s.id}: ${s.reason}`);
  }
  for (const note of report.notes) lines.push(`Note: ${note}`);
  return lines;
}
