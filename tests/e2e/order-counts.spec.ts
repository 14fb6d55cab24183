import type { Page } from '@playwright/test';
import { datesOfIsoWeek } from '../../src/domain/weeks';
import { api, unique } from '../support/e2e-api';
import { boardPath, column, line, ownWeek, SCREENS } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { keepScreenshot } from '../support/screenshots';

// Trolleys, shelves and extensions are numbers (docs/decisions/063-trolley-counts-as-numbers.md):
// Add Order sets them with steppers a gloved thumb can use, tapped or typed; the board line shows
// "3T 1S" and the day's header counts the trolleys; an order whose `trollies` text (written
// through the API) is not a number is marked on the board until someone sets its trolleys.

const form = (page: Page) => page.getByRole('form', { name: 'Order' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const daySummary = (page: Page, day: string) => column(page, day).getByTestId('day-summary');

// Two form fills and two board loads each: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

for (const [n, screen] of SCREENS.entries()) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('Add Order takes trolleys and shelves tapped and typed; the board line shows "3T 1S" and the day counts 3', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(7 + n);
      const monday = datesOfIsoWeek(week.year, week.week)[0]!.day;
      const title = `Counted ${unique()}`;

      await signIn(page, account, boardPath(week));
      await column(page, 'Monday')
        .getByRole('link', { name: `Add order on Monday ${monday}` })
        .click();
      await field(page, 'Customer name').fill(title);

      // Typed, then tapped: 2 and + make 3.
      await expect(field(page, 'Trolleys')).toHaveValue('0');
      await expect(form(page).getByRole('button', { name: 'Fewer trolleys' })).toBeDisabled();
      await field(page, 'Trolleys').fill('2');
      await form(page).getByRole('button', { name: 'More trolleys' }).click();
      await expect(field(page, 'Trolleys')).toHaveValue('3');
      await form(page).getByRole('button', { name: 'More shelves' }).click();
      await expect(field(page, 'Shelves')).toHaveValue('1');
      // Beyond 99 is set to 99 and says so; a number that is not whole is refused.
      await field(page, 'Extensions').fill('150');
      await expect(field(page, 'Extensions')).toHaveValue('99');
      await expect(form(page).getByText('Extensions: 99 is the most; set to 99.')).toBeVisible();
      await field(page, 'Extensions').fill('1.5');
      await expect(form(page).getByText('Extensions: type a whole number from 0 to 99.')).toBeVisible();
      await field(page, 'Extensions').fill('0');
      await expect(form(page).getByText(/^Extensions: /)).toHaveCount(0);

      // A gloved thumb's target: at least 44 px each way.
      for (const name of ['Fewer trolleys', 'More trolleys', 'More shelves', 'More extensions']) {
        const box = await form(page).getByRole('button', { name }).boundingBox();
        expect(box!.width, name).toBeGreaterThanOrEqual(44);
        expect(box!.height, name).toBeGreaterThanOrEqual(44);
      }
      await field(page, 'Trolleys').scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`add-order-counts-${screen.name}.png`) });

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(boardPath(week));
      const added = line(page, 'Monday', title);
      await expect(added).toContainText('3T 1S');
      await expect(added.getByTitle('3 trolleys, 1 shelf')).toBeVisible();
      await expect(daySummary(page, 'Monday')).toContainText('1 order, 3 trolleys');
      const [stored] = await pb.collection('tasks').getFullList({ filter: pb.filter('title = {:title}', { title }) });
      expect(stored).toMatchObject({ trollies: '3', extras: '1S' });
      await added.scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`board-counts-${screen.name}.png`) });
    });

    test('an order whose trollies the API wrote as "abc" is marked on the board, counts 0, and is fixed on Edit Order', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const week = ownWeek(7 + n);
      const tag = unique();
      const base = { day: 'tuesday', customerType: 'wholesale', other: 'none', year: week.year, weekNumber: week.week };
      const odd = await pb.collection('tasks').create({ ...base, title: `Not a number ${tag}`, trollies: 'abc', extras: 'keep dry 2E' });
      await pb.collection('tasks').create({ ...base, title: `Two ${tag}`, trollies: '2' });

      await signIn(page, account, boardPath(week));
      const marked = line(page, 'Tuesday', `Not a number ${tag}`);
      await expect(marked.getByTitle('Trolleys is not a number: "abc"')).toBeVisible();
      await expect(marked.getByTitle('Trolleys is not a number: "abc"')).toHaveText(/Trolleys\?/);
      await expect(marked).toContainText('2E');
      await expect(line(page, 'Tuesday', `Two ${tag}`).getByText('Trolleys?')).toHaveCount(0);
      await expect(daySummary(page, 'Tuesday')).toContainText('2 orders, 2 trolleys');
      await marked.scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`board-not-a-number-${screen.name}.png`) });

      // Edit Order says what is wrong; setting the trolleys fixes it, the other extras stay.
      await marked.getByRole('link').first().click();
      await expect(
        form(page).getByText('Trolleys was written as "abc", which is not a number, so it counts as 0. Set the number here.'),
      ).toBeVisible();
      await expect(field(page, 'Extensions')).toHaveValue('2');
      await expect(field(page, 'Other extras')).toHaveValue('keep dry');
      await field(page, 'Trolleys').scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: test.info().outputPath(`edit-order-counts-${screen.name}.png`) });
      await expect(field(page, 'Trolleys')).toHaveAttribute('aria-invalid', 'true');
      await form(page).getByRole('button', { name: 'More trolleys' }).click();
      await form(page).getByRole('button', { name: 'More trolleys' }).click();
      await expect(form(page).getByText(/which is not a number/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Order updated successfully!')).toBeVisible();
      await expect(pb.collection('tasks').getOne(odd.id)).resolves.toMatchObject({ trollies: '2', extras: 'keep dry 2E' });
      await page.goto(boardPath(week));
      await expect(line(page, 'Tuesday', `Not a number ${tag}`)).toContainText('2T 2E');
      await expect(line(page, 'Tuesday', `Not a number ${tag}`).getByText('Trolleys?')).toHaveCount(0);
      await expect(daySummary(page, 'Tuesday')).toContainText('2 orders, 4 trolleys');
    });
  });
}
