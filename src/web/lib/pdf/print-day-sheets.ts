import { loadAppConfig } from '../use-app-config';
import { downloadFile } from '../download-file';
import type { DaySheetsInput } from './day-sheet';
import { loadPdfFonts } from './load-pdf-fonts';

/**
 * Print for the pick-sheet page: builds one or more days' pick and collect sheets as one PDF and
 * downloads it as `fileName` (sheet-file-names.ts). Import this module statically; jsPDF and the
 * font are loaded here only when someone prints (docs/decisions/022, 032).
 */
export async function printDaySheets(
  sheets: Omit<DaySheetsInput, 'today' | 'appUrl' | 'fonts'>,
  fileName: string,
  today: Date,
): Promise<void> {
  const [{ buildDaySheetsPdf }, fonts, appUrl] = await Promise.all([
    import('./day-sheets-pdf'),
    loadPdfFonts(),
    loadAppConfig().then(
      (config) => config.appUrl,
      () => window.location.origin,
    ),
  ]);
  const bytes = buildDaySheetsPdf({ ...sheets, today, appUrl, fonts });
  downloadFile(new Blob([bytes], { type: 'application/pdf' }), fileName);
}
