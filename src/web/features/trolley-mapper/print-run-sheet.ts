import type { RunPlan } from '#domain/trolleys/run-plan';
import { runPdfFileName } from '#domain/trolleys/run-name';
import { loadAppConfig } from '../../lib/use-app-config';
import { downloadFile } from '../../lib/download-file';
import { loadPdfFonts } from '../../lib/pdf/load-pdf-fonts';

/**
 * Builds the run sheet PDF and hands it to the browser as a download named
 * `{dd-mm-yyyy}_{driver}.pdf`. jsPDF and the font are loaded here, on demand, never with the screen
 * (docs/decisions/022, 032).
 */
export async function printRunSheet(plan: RunPlan, today: Date, runId: string): Promise<void> {
  const [{ buildRunSheetPdf }, fonts, appUrl, driverLink] = await Promise.all([
    import('../../lib/pdf/run-sheet-pdf'),
    loadPdfFonts(),
    loadAppConfig().then(
      (config) => config.appUrl,
      () => window.location.origin,
    ),
    // The sheet carries the driver's QR code when office staff print (docs/decisions/044).
    import('../../lib/driver/driver-links').then(({ driverLinkForPrint }) => driverLinkForPrint(runId)),
  ]);
  const bytes = buildRunSheetPdf({
    stops: plan.stops,
    vehicleInfo: plan.vehicleInfo,
    today,
    appUrl,
    fonts,
    driverLink: driverLink ?? undefined,
  });
  downloadFile(new Blob([bytes], { type: 'application/pdf' }), runPdfFileName(plan.vehicleInfo));
}
