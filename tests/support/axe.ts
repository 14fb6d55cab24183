// axe-core run inside the page, waiting for a page to settle before it is checked, and the
// page's background as painted: one copy for the journeys that check screens (every-screen,
// dark-mode, plan-deliveries).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { repoRoot } from './e2e-env';

/** axe-core itself (pinned in package.json), read once and run inside the page. */
const AXE_SOURCE = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Waits until nothing on the page is still fading or sliding in (endless spinners aside). */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate<boolean>(
        `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)`,
      ),
    )
    .toBe(true);
}

/**
 * Waits until every toast is either fully shown or fully gone: react-hot-toast animates even with
 * motion reduced, and axe-core reads a toast fading in or out at the opacity of that moment.
 */
export async function toastsSteady(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate<boolean>(`[...document.querySelectorAll('[data-rht-toaster] [role="status"]')].every((el) => {
        let opacity = 1;
        for (let e = el; e && !e.matches('[data-rht-toaster]'); e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        return opacity === 1 || opacity === 0;
      })`),
    )
    .toBe(true);
}

/** The relative luminance (0 black … 1 white) of the page's background, as the browser paints it. */
export async function pageBackgroundLuminance(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3), (v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  })()`);
}

/** Whether a page whose background has `luminance` looks `theme`: a dark page behind pale text, or the other way round. */
export const looksLike = (theme: 'light' | 'dark', luminance: number): boolean => (theme === 'dark' ? luminance < 0.05 : luminance > 0.8);

/**
 * Waits until the sign-in's "Login successful!" toast has left. A journey that signs in on the
 * page it checks would otherwise have axe-core read that toast half faded out, whenever its 2 s
 * end during the check.
 */
export async function signInToastGone(page: Page): Promise<void> {
  await expect(page.getByText('Login successful!', { exact: true })).toHaveCount(0, { timeout: 10_000 });
}

/** One element axe-core finds wanting: the rule, where, what it says, and the element's HTML. */
export interface AxeViolation {
  rule: string;
  target: string;
  message: string;
  html: string;
}

/** axe-core's violations on the page as it is now, of the rules named or tagged, one per element. */
export async function axeViolations(page: Page, runOnly: { type: 'tag' | 'rule'; values: readonly string[] }): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the app's CSP allows no inline script but its own.
  if (!(await page.evaluate<boolean>(`typeof window.axe === 'object'`))) await page.evaluate(`(() => {\n${AXE_SOURCE}\n})()`);
  return page.evaluate<AxeViolation[]>(`axe
    .run(document, { runOnly: ${JSON.stringify(runOnly)}, resultTypes: ['violations'] })
    .then((result) => result.violations.flatMap((violation) => violation.nodes.map((node) => ({
      rule: violation.id,
      target: node.target.join(' '),
      message: node.any[0]?.message ?? node.failureSummary ?? '',
      html: node.html,
    }))))`);
}
