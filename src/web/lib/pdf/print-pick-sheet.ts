import { loadAppConfig } from '../use-app-config';
import { downloadFile } from '../download-file';
import type { PickSheetInput } from './pick-sheet-pdf';

/**
 * Print for the pick sheet screen: builds the day's sheet and downloads it as
 * `{day}-{number}-{year}.pdf` (`day` as in the route, e.g. "monday"). Import this module
 * statically; jsPDF is loaded here only when someone prints (docs/decisions/022).
 */
export async function printPickSheet(sheet: Omit<PickSheetInput, 'today' | 'appUrl'>, day: string, today: Date): Promise<void> {
  const [{ buildPickSheetPdf, pickSheetFileName }, appUrl] = await Promise.all([
    import('./pick-sheet-pdf'),
    loadAppConfig().then(
      (config) => config.appUrl,
      () => window.location.origin,
    ),
  ]);
  const bytes = buildPickSheetPdf({ ...sheet, today, appUrl });
  downloadFile(new Blob([bytes], { type: 'application/pdf' }), pickSheetFileName(day, sheet.dayNumber, sheet.year));
}
