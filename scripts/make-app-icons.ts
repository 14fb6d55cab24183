// Draws the installed app's icons from the product mark (components/ui/trolley-logo.tsx) as PNGs
// in public/icons/, with the Chromium the tests use: browsers and iOS want raster icons at fixed
// sizes, and nothing else here renders SVG. Run it again when the mark changes:
//
//   npx tsx scripts/make-app-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/support/chromium';

/** The product's green (the header's emerald-700, index.html's theme-color). */
export const THEME_COLOUR = '#047857';
const INK = '#065f46';

/** The trolley of trolley-logo.tsx, drawn in `ink` within a 32 × 32 box. */
function trolley(ink: string, leaf: string, leafLight: string): string {
  return `<rect x="6" y="3" width="20" height="23" rx="1.5" fill="none" stroke="${ink}" stroke-width="2"/>
    <path d="M6 11h20M6 19h20" stroke="${ink}" stroke-width="2"/>
    <circle cx="11" cy="7.5" r="2" fill="${leaf}"/><circle cx="17" cy="7.5" r="2" fill="${leaf}"/>
    <circle cx="14" cy="15.5" r="2" fill="${leafLight}"/><circle cx="20" cy="15.5" r="2" fill="${leafLight}"/>
    <circle cx="10" cy="29" r="2" fill="${ink}"/><circle cx="22" cy="29" r="2" fill="${ink}"/>`;
}

/**
 * `any`: the green trolley on a white rounded square. `maskable`: white trolley on full-bleed
 * green, inside the central 80 % every launcher mask keeps. `apple`: opaque (iOS fills
 * transparency with black), white square, as iOS rounds the corners itself.
 */
const ICONS: { file: string; size: number; svg: string }[] = [
  ...[192, 512].map((size) => ({
    file: `icon-${size}.png`,
    size,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#fff"/>
      <g transform="translate(5 4.5) scale(0.94)">${trolley(INK, '#16a34a', '#22c55e')}</g></svg>`,
  })),
  ...[192, 512].map((size) => ({
    file: `maskable-${size}.png`,
    size,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${THEME_COLOUR}"/>
      <g transform="translate(10.4 10.4) scale(0.6)">${trolley('#fff', '#bbf7d0', '#86efac')}</g></svg>`,
  })),
  {
    file: 'apple-touch-icon-180.png',
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#fff"/>
      <g transform="translate(6 5.5) scale(0.88)">${trolley(INK, '#16a34a', '#22c55e')}</g></svg>`,
  },
];

const outDir = path.resolve('public/icons');
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size} × ${icon.size})`);
  }
} finally {
  await browser.close();
}
