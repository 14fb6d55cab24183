import type PocketBase from 'pocketbase';
import { RUNS_API } from '../../src/domain/runs/runs-api';
import { api, unique } from '../support/e2e-api';
import { ownWeek, toast } from '../support/e2e-board';
import { expect, test } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';
import { keepScreenshot } from '../support/screenshots';

// Dispatch books every stop, and a dispatched run is fixed (docs/decisions/064), on a phone and a
// desktop: the dispatch dialog lists each stop with what it will book out to whom, says which will
// book nothing, links one stop's order to its close match and makes the other's customer right
// there, and the answer names every stop; the run opened in the mapper is read-only, and the plan
// kept on this device for it is set aside with a sentence.

// Each test makes its own nursery, so the week is the nursery's alone.
const WEEK = ownWeek(20);
const SCREENS = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;
const VEHICLE = { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 4 };

async function order(pb: PocketBase, title: string, trollies: string, customer = '') {
  return pb.collection('tasks').create({
    title,
    customer,
    trollies,
    postcode: 'GL7 1AB',
    day: 'tuesday',
    customerType: 'wholesale',
    year: WEEK.year,
    weekNumber: WEEK.week,
  });
}

const stopOf = (o: { id: string; title?: string; trollies?: string }) => ({
  id: o.id,
  title: String(o.title),
  postcode: 'GL7 1AB',
  trollies: String(o.trollies),
  extras: '',
  orderNumber: '',
});

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('the dispatch dialog lists every stop, links the unlinked ones there, and the answer names each', async ({
      page,
      accounts,
      signIn,
    }) => {
      const office = await accounts.create();
      const pb = await api(office);
      const u = unique();
      const green = await pb.collection('customers').create({ name: `Green Garden ${u}` });
      const hillside = await pb.collection('customers').create({ name: `Hillside Garden Centre ${u} Ltd`, postcode: 'GL7 1AB' });
      const linked = await order(pb, `Green Garden ${u}`, '3', green.id);
      const closeOne = await order(pb, `hillside garden centre ${u}`, '2');
      const newOne = await order(pb, `Meadow Farm Shop ${u}`, '1');
      const name = `Dispatch run ${u}`;
      const run = await pb.collection('trolley_exports').create({
        name,
        data: [stopOf(linked), stopOf(closeOne), stopOf(newOne)],
        vehicleInfo: { ...VEHICLE, grid: ['', '', '', ''] },
      });
      await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'loading' } });

      await signIn(page, office, '/runs');
      await page
        .getByRole('listitem', { name })
        .getByRole('button', { name: `Dispatch: ${name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Dispatch ${name}?` });
      const stops = dialog.getByRole('list', { name: `Stops of ${name}` });
      await expect(stops.getByRole('listitem')).toHaveCount(3);
      await expect(stops.getByRole('listitem').nth(0)).toContainText(`Green Garden ${u} — 3 trolleys`);
      await expect(stops.getByRole('listitem').nth(1)).toContainText('Books nothing: its order has no customer yet.');
      await expect(dialog.getByRole('status')).toHaveText(`2 stops will book nothing: hillside garden centre ${u}, Meadow Farm Shop ${u}.`);
      await keepScreenshot(page, { path: test.info().outputPath(`dispatch-dialog-${screen.name}.png`) });

      // The close match, offered by name and postcode, links the order.
      await stops.getByRole('button', { name: `Link to Hillside Garden Centre ${u} Ltd, GL7 1AB` }).click();
      await expect(stops.getByRole('listitem').nth(1)).toContainText(`Hillside Garden Centre ${u} Ltd — 2 trolleys`);
      await expect(dialog.getByRole('status')).toHaveText(`1 stop will book nothing: Meadow Farm Shop ${u}.`);
      // No close match: the customer is made from the stop, and its order linked to it.
      await stops.getByRole('button', { name: `Create customer Meadow Farm Shop ${u}` }).click();
      await expect(stops.getByRole('listitem').nth(2)).toContainText(`Meadow Farm Shop ${u} — 1 trolley`);
      await expect(dialog.getByRole('status')).toHaveCount(0);
      await keepScreenshot(page, { path: test.info().outputPath(`dispatch-dialog-linked-${screen.name}.png`) });

      await dialog.getByRole('button', { name: 'Dispatch and book out' }).click();
      await expect(
        toast(
          page,
          `Run dispatched. Booked 3 stops out: Green Garden ${u} (3 trolleys), Hillside Garden Centre ${u} Ltd (2 trolleys), Meadow Farm Shop ${u} (1 trolley).`,
        ),
      ).toBeVisible();
      const row = page.getByRole('listitem', { name });
      await expect(row.locator('[data-state]')).toHaveText('Dispatched');
      // The run shows what it booked, stop by stop.
      await expect(row.getByRole('list', { name: `Drops of ${name}` }).getByText('Booked out: 2 trolleys')).toBeVisible();

      const made = await pb.collection('customers').getFullList({ filter: pb.filter('name = {:name}', { name: `Meadow Farm Shop ${u}` }) });
      expect(made.map((customer) => [customer.postcode, customer.customerType])).toEqual([['GL7 1AB', 'wholesale']]);
      const out = await pb
        .collection('trolley_movements')
        .getFullList({ filter: pb.filter('run = {:run}', { run: run.id }), sort: 'trolleys' });
      expect(out.map((movement) => [movement.customer, movement.kind, movement.trolleys])).toEqual([
        [made[0]?.id, 'out', 1],
        [hillside.id, 'out', 2],
        [green.id, 'out', 3],
      ]);
      await keepScreenshot(page, { path: test.info().outputPath(`dispatched-run-${screen.name}.png`), fullPage: true });
    });

    test('a dispatched run opens read-only in the mapper, and the plan kept on this device is set aside', async ({
      page,
      accounts,
      signIn,
    }) => {
      const office = await accounts.create();
      const pb = await api(office);
      const u = unique();
      const green = await pb.collection('customers').create({ name: `Green Garden ${u}` });
      const first = await order(pb, `Green Garden ${u}`, '1', green.id);
      const second = await order(pb, `Oak Nurseries ${u}`, '1');
      const grid = [`Green Garden ${u}`, `Oak Nurseries ${u}`, '', ''];
      const run = await pb.collection('trolley_exports').create({
        name: `Fixed run ${u}`,
        data: [stopOf(first), stopOf(second)],
        vehicleInfo: { ...VEHICLE, grid },
      });
      await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'loading' } });

      await signIn(page, office);
      // A plan changed on this device before the run was dispatched elsewhere, never saved.
      const draftKey = `trolley_mapper_draft:${office.id}:${run.id}`;
      const kept = {
        plan: { stops: [stopOf(second), stopOf(first)], vehicleInfo: { ...VEHICLE, code: '', grid: ['', '', '', ''] } },
        base: { id: run.id, updated: run.updated },
        entryKey: 'elsewhere',
        at: new Date().toISOString(),
      };
      // As a string: the specs compile without the DOM's types.
      await page.evaluate(`window.localStorage.setItem(${JSON.stringify(draftKey)}, ${JSON.stringify(JSON.stringify(kept))})`);
      await pb.send(RUNS_API.state(run.id), { method: 'POST', body: { state: 'dispatched' } });

      // The fleet arrives only once the run is on screen, as on a busy yard: the run stays as dispatched.
      let releaseFleet = () => {};
      const fleetHeld = new Promise<void>((resolve) => (releaseFleet = resolve));
      await page.route('**/api/collections/vehicles/records**', async (route) => {
        await fleetHeld;
        await route.continue();
      });
      await page.goto(`/runs/view/${run.id}`);
      await expect(
        page.getByText('This run was dispatched, so the plan kept on this device was set aside; this is the plan as dispatched.'),
      ).toBeVisible();
      const fleetAnswered = page.waitForResponse((response) => response.url().includes('/api/collections/vehicles/records'));
      releaseFleet();
      await fleetAnswered;
      expect(await page.evaluate(`window.localStorage.getItem(${JSON.stringify(draftKey)})`)).toBeNull();
      // The plan as dispatched: its order and its cells, not the kept one.
      const list = page.getByRole('list', { name: 'Customers on this run' });
      await expect(list.getByRole('listitem')).toHaveText([
        new RegExp(`^1{1,2}Green Garden ${u}`),
        new RegExp(`^2{1,2}Oak Nurseries ${u}`),
      ]);
      await expect(page.getByRole('button', { name: `Trolley 1: Green Garden ${u}` })).toBeDisabled();
      for (const control of ['Clear All', 'Erase', 'Fill', 'Blank Trolley', 'Blank the rest', 'Edit', 'Save', 'Undo', '4T', '8T', 'Lorry'])
        await expect(page.getByRole('button', { name: control, exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Move stop/ })).toHaveCount(0);
      // The details are read, not typed: no field anywhere on the page.
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('definition').first()).toHaveText('Sam');
      await expect(page.getByText('4T lorry', { exact: true })).toBeVisible();

      await keepScreenshot(page, { path: test.info().outputPath(`fixed-run-${screen.name}.png`), fullPage: true });

      // Dragging the first stop onto the second does nothing.
      const stops = list.getByRole('listitem');
      const from = await stops.nth(0).boundingBox();
      const to = await stops.nth(1).boundingBox();
      if (from && to) {
        await page.mouse.move(from.x + 10, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(to.x + 10, to.y + to.height / 2 + 5, { steps: 8 });
        await page.mouse.up();
      }
      await expect(stops.nth(0)).toContainText(`Green Garden ${u}`);
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);

      // Print prints the server's plan: Green first, as dispatched (the kept plan had Oak first).
      const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print', exact: true }).click()]);
      const file = test.info().outputPath(`run-sheet-${screen.name}.pdf`);
      await sheet.saveAs(file);
      const text = readPdf(file).rawText;
      expect(text.indexOf(`Green Garden ${u}`)).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(`Green Garden ${u}`)).toBeLessThan(text.indexOf(`Oak Nurseries ${u}`));
    });
  });
}
