import { api, unique } from '../support/e2e-api';
import { boardPath, line, ONE_SIZE, ownWeek, toast } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// The trolley ledger (docs/decisions/038), on the yard's phone: the owed badge on the board,
// recording a return on the Customers screen and seeing the balance change, and booking a saved
// run's trolleys out with a count changed first — once. One size: nothing here differs by size
// (docs/decisions/086); ledger-returns.spec.ts records a return at a desktop's.

/** A board week of its own (see ownWeek). */
const WEEK = ownWeek(48);

const screen = ONE_SIZE.yard;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('the owed badge on the board, and a return recorded on the Customers screen', async ({ page, accounts, signIn }) => {
    const admin = await accounts.create();
    const staff = await accounts.create({ nursery: admin.nursery, role: 'staff' });
    const pb = await api(admin);
    const u = unique();
    const customer = await pb.collection('customers').create({ name: `Owing Garden Centre ${u}`, postcode: 'AB1 2CD' });
    await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 14, shelves: 3 });
    await pb
      .collection('tasks')
      .create({ title: `Owing ${u}`, customer: customer.id, day: 'monday', year: WEEK.year, weekNumber: WEEK.week });
    await pb.collection('tasks').create({ title: `Square ${u}`, day: 'monday', year: WEEK.year, weekNumber: WEEK.week });
    const later = await pb.collection('customers').create({ name: `Zed Nursery ${u}` });
    await pb.collection('trolley_movements').create({ customer: later.id, kind: 'out', date: '2026-11-20', trolleys: 20 });

    await signIn(page, staff, boardPath(WEEK));
    await expect(line(page, 'Monday', `Owing ${u}`).getByRole('img', { name: 'Owes 14 trolleys' })).toBeVisible();
    await expect(line(page, 'Monday', `Square ${u}`)).toBeVisible();
    await expect(line(page, 'Monday', `Square ${u}`).getByRole('img', { name: /^Owes/ })).toHaveCount(0);

    await page.goto('/customers');
    const list = page.getByRole('list', { name: 'Customers' });
    await expect(list).toContainText('Owes 14 trolleys, 3 shelves');
    // Sorted by what they owe, and by for how long.
    await expect(list.getByRole('listitem').first()).toContainText(`Owing Garden Centre ${u}`);
    await page.getByLabel('Sort by').selectOption('owed');
    await expect(list.getByRole('listitem').first()).toContainText(`Zed Nursery ${u}`);
    await page.getByLabel('Sort by').selectOption('longest');
    await expect(list.getByRole('listitem').first()).toContainText(`Owing Garden Centre ${u}`);
    await list.getByRole('button', { name: `Trolleys of Owing Garden Centre ${u}` }).click();
    const ledger = page.getByRole('dialog', { name: `Trolleys: Owing Garden Centre ${u}` });
    await expect(ledger.getByRole('status')).toHaveText(/Owes 14 trolleys, 3 shelves since/);
    // Staff record returns only: no choice of kind.
    const form = ledger.getByRole('form', { name: 'Record a return' });
    await expect(form.getByLabel('Kind')).toHaveCount(0);
    await form.getByLabel('Trolleys').fill('4');
    await form.getByRole('button', { name: 'Record return' }).click();
    await expect(toast(page, 'Return recorded.')).toBeVisible();
    await expect(ledger.getByRole('status')).toHaveText(/Owes 10 trolleys, 3 shelves since/);
    await expect(ledger.getByRole('list', { name: 'Movements' }).getByRole('listitem')).toHaveCount(2);
    // A return of nothing is refused with the server's sentence.
    await form.getByRole('button', { name: 'Record return' }).click();
    await expect(form.getByLabel('Trolleys')).toHaveAccessibleDescription(/at least one must be more than 0/);
    await ledger.getByRole('button', { name: 'Close' }).click();
    await expect(list).toContainText('Owes 10 trolleys, 3 shelves');
  });

  test('Book trolleys out for a saved run, with a count changed first, once', async ({ page, accounts, signIn }) => {
    const office = await accounts.create();
    const pb = await api(office);
    const u = unique();
    const customer = await pb.collection('customers').create({ name: `Run Customer ${u}` });
    const linked = await pb
      .collection('tasks')
      .create({ title: `Run Customer ${u}`, customer: customer.id, trollies: '3', year: WEEK.year, weekNumber: WEEK.week });
    const unlinked = await pb.collection('tasks').create({ title: `Walk-in ${u}`, trollies: '1', year: WEEK.year, weekNumber: WEEK.week });
    const stop = (order: { id: string; title?: string; trollies?: string }) => ({
      id: order.id,
      title: String(order.title),
      trollies: String(order.trollies),
      postcode: '',
      extras: '',
      orderNumber: '',
    });
    const run = await pb.collection('trolley_exports').create({
      name: `Ledger run ${u}`,
      data: [stop(linked), stop(unlinked)],
      vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 12, grid: [] },
    });

    await signIn(page, office, '/runs');
    await page.getByRole('button', { name: `Book trolleys out for Ledger run ${u}` }).click();
    const dialog = page.getByRole('dialog', { name: `Book trolleys out: Ledger run ${u}` });
    const stops = dialog.getByRole('list', { name: 'Stops to book' });
    await expect(stops.getByRole('listitem').nth(1)).toContainText('Not booked: Its order is not linked to a customer');
    const trolleys = dialog.getByLabel(`Trolleys for Run Customer ${u}`);
    await expect(trolleys).toHaveValue('3');
    await trolleys.fill('4');
    await dialog.getByRole('button', { name: 'Book 1 stop out' }).click();
    await expect(
      toast(page, `Booked 1 stop out: Run Customer ${u} (4 trolleys). 1 stop booked nothing: Walk-in ${u} (no customer).`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await pb.collection('trolley_movements').getFullList()).map((m) => [m.customer, m.kind, m.trolleys, m.run]))
      .toEqual([[customer.id, 'out', 4, run.id]]);

    // Again: the stop shows as booked, and there is nothing left to book.
    await page.getByRole('button', { name: `Book trolleys out for Ledger run ${u}` }).click();
    await expect(stops.getByRole('listitem').first()).toContainText('Booked out already.');
    await expect(dialog.getByRole('button', { name: 'Book 0 stops out' })).toBeDisabled();
  });
});
