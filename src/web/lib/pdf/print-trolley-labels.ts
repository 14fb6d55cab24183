import { labelsFileName, type LabelLayout, type LabelSource, dayLabels, runLabels } from '#domain/labels/trolley-labels';
import { labelOrigin, orderAddress } from '#domain/labels/order-address';
import { downloadFile } from '../download-file';
import { loadAppConfig } from '../use-app-config';
import { loadPdfFonts } from './load-pdf-fonts';

export interface LabelsRequest {
  /** The stops of a run (drop order) or a day's orders. */
  sources: readonly LabelSource[];
  kind: 'run' | 'day';
  /** The run's name or the day, for the file name and the document title. */
  name: string;
  /** yyyy-mm-dd */
  date: string;
  layout: LabelLayout;
}

/**
 * Builds the trolley labels PDF and hands it to the browser as `labels_{run or day}_{date}.pdf`.
 * jsPDF, the QR encoder and the font load here, on demand, never with a screen (docs/decisions/041).
 * The QR codes point at APP_URL when the server has one (docs/decisions/045).
 */
export async function printTrolleyLabels(request: LabelsRequest): Promise<void> {
  const [{ buildTrolleyLabelsPdf }, fonts, config] = await Promise.all([
    import('./trolley-labels-pdf'),
    loadPdfFonts(),
    // Without the server's settings the page's own address still makes a label that opens here.
    loadAppConfig().catch(() => undefined),
  ]);
  const origin = labelOrigin(config, window.location.origin);
  const options = { date: request.date, orderUrl: (id: string) => orderAddress(origin, id) };
  const labels = request.kind === 'run' ? runLabels(request.sources, options) : dayLabels(request.sources, options);
  const bytes = buildTrolleyLabelsPdf({ labels, layout: request.layout, title: request.name, fonts });
  downloadFile(new Blob([bytes], { type: 'application/pdf' }), labelsFileName(request.name, request.date));
}
