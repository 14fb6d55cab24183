// axe-core run inside the page, and waiting for a page to settle before it is checked: one copy
// for the journeys that check screens (every-screen, dark-mode, plan-deliveries).
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
