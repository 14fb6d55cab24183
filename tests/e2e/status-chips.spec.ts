import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, line, ownWeek, SCREENS, statusButton } from '../support/e2e-board';
import { repoRoot } from '../support/e2e-env';
import { test, expect } from '../support/e2e-fixtures';
import { computedStyle } from '../support/computed-style';
import { keepScreenshot } from '../support/screenshots';

// Status readable from two metres (docs/decisions/069): each line's status is a coloured chip with
// its word (no status a quiet empty circle), the chip is still the status button, the toolbar's
// "Colours" explains every line colour and status, and map mode's chosen line is marked in ink (a
// tick box, an outline, "Chosen" for screen readers), never as a status. Weeks 9-10 of next year
// are this file's (ownWeek).

const AXE_SOURCE = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core's colour-contrast failures inside the elements `selector` finds. */
async function contrastViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's CSP allows no inline script but its own.
  if (!(await page.evaluate<boolean>(`typeof window.axe === 'object'`))) await page.evaluate(`(() => {\n${AXE_SOURCE}\n})()`);
  return page.evaluate<string[]>(`axe
    .run(${JSON.stringify(selector)}, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    .then((result) => result.violations.flatMap((violation) => violation.nodes.map((node) =>
      node.target.join(' ') + ': ' + (node.any[0]?.message ?? node.failureSummary))))`);
}

/** The colour an element paints its background, outline or text in, as the browser computes it. */
const paint = (locator: Locator, property: 'backgroundColor' | 'outlineColor' | 'color') =>
  computedStyle(locator, [property]).then((style) => style[property]);

const STATUSES = [
  ['', 'None', ''],
  ['working', 'Working', 'Working'],
  ['missed', 'Query', 'Query'],
  ['pulled', 'Pulled', 'Pulled'],
  ['loaded', 'Loaded', 'Loaded'],
] as const;

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    for (const theme of ['light', 'dark'] as const) {
      test(`each status is a chip with its word, changes with the status and has AA contrast (${theme}); the legend lists every colour`, async ({
        page,
        accounts,
        signIn,
      }) => {
        const account = await accounts.create();
        const pb = await api(account);
        const week = ownWeek(9 + n);
        const tag = unique();
        for (const [status, word] of STATUSES)
          await addOrder(pb, {
            title: `${word} ${tag}`,
            day: 'wednesday',
            customerType: 'retail',
            other: 'none',
            status,
            year: week.year,
            weekNumber: week.week,
          });

        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await signIn(page, account, boardPath(week));

        for (const [status, word, shown] of STATUSES) {
          const chip = statusButton(line(page, 'Wednesday', `${word} ${tag}`));
          // The button keeps its name; the chip shows the word (no status: nothing but a circle).
          await expect(chip).toHaveAccessibleName(`Status: ${word}`);
          await expect(chip).toHaveText(shown);
          await expect(chip.locator('[data-status]')).toHaveAttribute('data-status', status || 'none');
          if (screen.name === 'phone') {
            const box = (await chip.boundingBox())!;
            expect(Math.min(box.width, box.height), `${word}: big enough for a gloved finger`).toBeGreaterThanOrEqual(44);
          }
        }
        // Each status its own colour.
        const fills = await Promise.all(
          STATUSES.slice(1).map(([, word]) =>
            paint(statusButton(line(page, 'Wednesday', `${word} ${tag}`)).locator('[data-status]'), 'backgroundColor'),
          ),
        );
        expect(new Set(fills).size).toBe(4);
        expect(await contrastViolations(page, 'li[data-order-id]')).toEqual([]);

        // Changing the status changes the chip.
        const none = statusButton(line(page, 'Wednesday', `None ${tag}`));
        await none.click();
        await page.getByRole('menu').getByRole('menuitemradio', { name: 'Pulled', exact: true }).click();
        await expect(none).toHaveAccessibleName('Status: Pulled');
        await expect(none).toHaveText('Pulled');
        await expect(none.locator('[data-status]')).toHaveAttribute('data-status', 'pulled');

        // The legend: every line colour with its word, map mode's colours and chosen mark, every status.
        const colours = page.getByRole('button', { name: 'Colours' });
        await expect(colours).toHaveAttribute('aria-expanded', 'false');
        await colours.click();
        const legend = page.getByRole('region', { name: 'What the colours mean' });
        await expect(legend).toBeVisible();
        const lineColours = legend.getByRole('list', { name: 'Line colours' }).getByRole('listitem');
        await expect(lineColours).toHaveText(['Wholesale', 'Retail', 'Missed', 'Other', 'Collect']);
        expect(await lineColours.evaluateAll((items) => items.map((item) => item.getAttribute('data-colour')))).toEqual([
          'default',
          'blue',
          'fuchsia',
          'green',
          'orange',
        ]);
        const mapColours = legend.getByRole('list', { name: 'Map mode colours' }).getByRole('listitem');
        await expect(mapColours).toHaveText(['Retail', 'Other', /^Chosen/]);
        await expect(legend.getByRole('list', { name: 'Statuses' }).getByRole('listitem')).toHaveText(
          STATUSES.map(([, word, shown]) => (shown ? `${shown}${word}` : word)),
        );
        // A retail line's name is in the colour the legend gives retail.
        expect(await paint(line(page, 'Wednesday', `Working ${tag}`).getByRole('link'), 'color')).toBe(
          await paint(lineColours.nth(1).locator('span').last(), 'color'),
        );
        expect(await contrastViolations(page, 'section[aria-labelledby]')).toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(screen.use.viewport!.width);
        await keepScreenshot(page, { path: test.info().outputPath(`legend-${screen.name}-${theme}.png`) });

        await page.keyboard.press('Escape');
        await expect(legend).toBeHidden();
        await expect(colours).toBeFocused();
        await expect(colours).toHaveAttribute('aria-expanded', 'false');
        await keepScreenshot(page, { path: test.info().outputPath(`chips-${screen.name}-${theme}.png`) });
      });
    }

    test('in map mode a chosen line is ticked, outlined and read as "Chosen", and its status chip stays as it was', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(9 + n);
      const tag = unique();
      const working = `Chosen working ${tag}`;
      const query = `Chosen query ${tag}`;
      await addOrder(pb, {
        title: working,
        day: 'thursday',
        customerType: 'other',
        other: 'none',
        status: 'working',
        year: week.year,
        weekNumber: week.week,
      });
      await addOrder(pb, {
        title: query,
        day: 'thursday',
        customerType: 'retail',
        other: 'none',
        status: 'missed',
        year: week.year,
        weekNumber: week.week,
      });

      await signIn(page, account, boardPath(week));
      await expect(statusButton(line(page, 'Thursday', working))).toBeVisible();
      // On a phone Map is in the menu.
      const map = page.getByRole('button', { name: 'Map', exact: true });
      if (!(await map.isVisible())) await page.getByRole('button', { name: /^(Menu|More)$/ }).click();
      await map.click();
      await expect(page.getByText('Choosing orders for a run — tap orders, then Create Run.')).toBeVisible();

      const chosenLine = line(page, 'Thursday', working);
      const choose = chosenLine.getByRole('button', { name: new RegExp(working) });
      await expect(choose).toHaveAttribute('aria-pressed', 'false');
      await expect(choose).not.toHaveAccessibleName(/Chosen$/);
      await choose.click();
      await expect(page.getByText('1 chosen', { exact: true })).toBeVisible();

      await expect(choose).toHaveAttribute('aria-pressed', 'true');
      await expect(choose).toHaveAccessibleName(new RegExp(`^${working}.*Chosen$`));
      // A thick outline in ink, in a colour no status chip has.
      const outline = await computedStyle(chosenLine, ['outlineWidth', 'outlineStyle', 'outlineColor']);
      expect(Number.parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(3);
      expect(outline.outlineStyle).toBe('solid');
      const chipFills = [
        await paint(statusButton(chosenLine).locator('[data-status]'), 'backgroundColor'),
        await paint(statusButton(line(page, 'Thursday', query)).locator('[data-status]'), 'backgroundColor'),
      ];
      expect(chipFills).not.toContain(outline.outlineColor);
      // The other line is not chosen and has no outline.
      expect((await computedStyle(line(page, 'Thursday', query), ['outlineStyle'])).outlineStyle).toBe('none');

      // The status is still the status: the chip says Working, and choosing did not change it.
      await expect(statusButton(chosenLine)).toHaveAccessibleName('Status: Working');
      await expect(statusButton(chosenLine)).toHaveText('Working');
      expect((await pb.collection('tasks').getFirstListItem(pb.filter('title = {:t}', { t: working }))).status).toBe('working');
      await keepScreenshot(page, { path: test.info().outputPath(`chosen-${screen.name}.png`) });

      await choose.click();
      await expect(choose).toHaveAttribute('aria-pressed', 'false');
      await expect(choose).not.toHaveAccessibleName(/Chosen$/);
      expect((await computedStyle(chosenLine, ['outlineStyle'])).outlineStyle).toBe('none');
    });
  });
}
