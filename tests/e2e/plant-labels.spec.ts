import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, unique } from '../support/e2e-api';
import { SCREENS, openMenu } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// The plant-label list (docs/decisions/057, docs/product.md#plant-labels) at phone and desktop
// sizes: a member of staff pastes an order's plant names, sees which have labels and which need
// printing (names found whatever their case, punctuation and spacing), marks a new one, and marks
// one printed; the server holds what the screen shows, each plant once. A viewer reads only.

/** axe-core itself (pinned in package.json), run inside the page as tests/e2e/dark-mode.spec.ts does. */
const AXE_SOURCE = readFileSync(path.join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core's colour-contrast failures on the page as it is now, one line per element. */
async function contrastViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's CSP allows no inline script but its own.
  await page.evaluate(`(() => {\n${AXE_SOURCE}\n})()`);
  return page.evaluate<string[]>(`axe
    .run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    .then((result) => result.violations.flatMap((violation) => violation.nodes.map((node) =>
      node.target.join(' ') + ': ' + (node.any[0]?.message ?? node.failureSummary))))`);
}

async function openMenuItem(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('paste plant names, see which need printing, mark a new one and mark one printed', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
      const pb = await api(admin);
      const u = unique();
      await pb.collection('plant_labels').create({ plant_name: `Lavandula angustifolia ${u}`, has_labels: 'labels' });
      await pb.collection('plant_labels').create({ plant_name: `Rosa 'Iceberg' ${u} 10L`, has_labels: 'print' });

      await signIn(page, staff);
      await openMenuItem(page, 'Plant labels');
      await expect(page.getByRole('heading', { name: 'Plant labels', level: 1 })).toBeVisible();
      const toPrint = page.getByRole('list', { name: 'Plants that need printing' });
      await expect(toPrint.getByRole('listitem')).toHaveCount(1);

      // As pasted from an order sheet: other case and spacing, no quotes, a blank line, a repeat.
      await page
        .getByLabel('Plant names, one a line')
        .fill(`lavandula  ANGUSTIFOLIA ${u}\nRosa Iceberg ${u} 10L\n\nBuxus sempervirens ${u}\nbuxus sempervirens ${u}`);
      await page.getByRole('button', { name: 'Check plants' }).click();
      const checked = page.getByRole('list', { name: 'Checked plants' });
      const row = (name: string) => checked.getByRole('listitem').filter({ hasText: name });
      await expect(checked.getByRole('listitem')).toHaveCount(3);
      await expect(page.getByText('3 plants checked: 1 needs printing, 1 has labels, 1 not checked yet.')).toBeVisible();
      await expect(row(`lavandula  ANGUSTIFOLIA ${u}`)).toContainText('Has labels');
      await expect(row(`Rosa Iceberg ${u} 10L`)).toContainText('Needs printing');
      await expect(row(`Buxus sempervirens ${u}`)).toContainText('Not checked');
      await expect(page.getByRole('alert')).toContainText('1 new plant was added to the list.');

      // The new plant has no labels yet: it joins the plants to print.
      await row(`Buxus sempervirens ${u}`).getByRole('button', { name: 'Needs printing' }).click();
      await expect(row(`Buxus sempervirens ${u}`)).toContainText('Needs printing');
      await expect(toPrint.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText('3 plants checked: 2 need printing, 1 has labels.')).toBeVisible();
      await keepScreenshot(page, { path: test.info().outputPath(`plant-labels-${screen.name}.png`), fullPage: true });

      // Printed: off the list to print, and the checked row says it has labels now.
      await toPrint
        .getByRole('listitem')
        .filter({ hasText: `Rosa 'Iceberg' ${u} 10L` })
        .getByRole('button', { name: 'Printed' })
        .click();
      await expect(toPrint.getByRole('listitem')).toHaveCount(1);
      await expect(row(`Rosa Iceberg ${u} 10L`)).toContainText('Has labels');

      // The server holds the same, each plant once.
      const plants = await pb.collection('plant_labels').getFullList({ sort: 'plant_name' });
      expect(plants.map((p) => [p.plant_name, p.has_labels])).toEqual([
        [`Buxus sempervirens ${u}`, 'print'],
        [`Lavandula angustifolia ${u}`, 'labels'],
        [`Rosa 'Iceberg' ${u} 10L`, 'labels'],
      ]);
    });

    test('a viewer checks a list but adds and marks nothing', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const viewer = await accounts.create({ nursery: admin.nursery, role: 'viewer' });
      const pb = await api(admin);
      const u = unique();
      await pb.collection('plant_labels').create({ plant_name: `Taxus baccata ${u}`, has_labels: 'print' });

      await signIn(page, viewer, '/plant-labels');
      await page.getByLabel('Plant names, one a line').fill(`Taxus baccata ${u}\nHedera helix ${u}`);
      await page.getByRole('button', { name: 'Check plants' }).click();
      await expect(page.getByText('2 plants checked: 1 needs printing, 1 not on the list.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Printed|Has labels|Needs printing)$/ })).toHaveCount(0);
      expect((await pb.collection('plant_labels').getFullList()).map((p) => p.plant_name)).toEqual([`Taxus baccata ${u}`]);
    });

    test('a deleted plant is in Deleted as a plant, and Restore brings it back to the list', async ({ page, accounts, signIn }) => {
      const admin = await accounts.create();
      const pb = await api(admin);
      const u = unique();
      const plant = await pb.collection('plant_labels').create({ plant_name: `Hebe pinguifolia ${u}`, has_labels: 'print' });
      await pb.collection('plant_labels').delete(plant.id);

      await signIn(page, admin, '/deleted');
      const entry = page
        .getByRole('list', { name: 'Deleted orders and runs' })
        .getByRole('listitem')
        .filter({ hasText: `Hebe pinguifolia ${u}` });
      await expect(entry).toContainText('Plant');
      await expect(entry).toContainText('Needs printing');
      await entry.getByRole('button', { name: `Restore Hebe pinguifolia ${u}` }).click();
      await expect(entry).toHaveCount(0);
      await openMenuItem(page, 'Plant labels');
      await expect(page.getByRole('list', { name: 'Plants that need printing' })).toContainText(`Hebe pinguifolia ${u}`);
    });
  });
}

for (const theme of ['light', 'dark'] as const)
  test(`in ${theme}, every state, mark and message of the screen has enough contrast`, async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const pb = await api(admin);
    const u = unique();
    await pb.collection('plant_labels').create({ plant_name: `Salvia ${u}`, has_labels: 'labels' });
    await pb.collection('plant_labels').create({ plant_name: `Hosta ${u}`, has_labels: 'print' });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await signIn(page, admin, '/plant-labels');
    await page.getByLabel('Plant names, one a line').fill(`Salvia ${u}\nHosta ${u}\nFern ${u}`);
    await page.getByRole('button', { name: 'Check plants' }).click();
    await expect(page.getByText('3 plants checked: 1 needs printing, 1 has labels, 1 not checked yet.')).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath(`plant-labels-${theme}.png`) });
    expect(await contrastViolations(page)).toEqual([]);
  });
