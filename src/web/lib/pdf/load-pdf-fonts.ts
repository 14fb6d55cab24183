import regularUrl from './fonts/noto-sans-regular.ttf?url';
import boldUrl from './fonts/noto-sans-bold.ttf?url';
import type { PdfFonts } from '#domain/pdf/pdf-fonts';

let loading: Promise<PdfFonts> | null = null;

/**
 * The sheets' font files, fetched the first time someone prints and kept for the next print
 * (docs/decisions/032). They are separate files, not part of any screen's JavaScript, so no page
 * load carries them; the build writes compressed copies the server sends to browsers.
 */
export function loadPdfFonts(): Promise<PdfFonts> {
  loading ??= Promise.all([fetchFont(regularUrl), fetchFont(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      loading = null; // a failed fetch (Wi-Fi dropped) is tried again on the next Print
      throw error;
    },
  );
  return loading;
}

async function fetchFont(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The PDF font ${url} could not be loaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}
