import { api, unique } from '../support/e2e-api';
import { ONE_SIZE, ownWeek } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Search also finds postcodes and notes (docs/product.md#search), and shows where it matched:
// the matched part marked, and a match in the notes with the words around it. On the yard's phone:
// nothing here differs by size (docs/decisions/086).

const screen = ONE_SIZE.yard;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test('finds an order by its postcode and by words in its notes, showing where', async ({ page, accounts, signIn }) => {
    const account = await accounts.create();
    const pb = await api(account);
    const tag = unique();
    const week = ownWeek(47);
    const postcode = `zq${tag.slice(0, 2)} 9xw`;
    const order = await pb.collection('tasks').create({
      title: `Quiet Lane ${tag}`,
      day: 'tuesday',
      customerType: 'retail',
      other: 'none',
      postcode,
      orderInfo: `Deliveries after 10am only.\nRing the brass bell ${tag} twice at the yard gate, then wait by the greenhouse.`,
      year: week.year,
      weekNumber: week.week,
    });

    await signIn(page, account, '/search');
    await expect(page.getByText('Finds customer names, order numbers, postcodes and notes.')).toBeVisible();
    const box = page.getByLabel('Search -');
    const result = page.getByRole('list', { name: 'Search results' }).locator(`[data-order-id="${order.id}"]`);

    // By postcode, in any case: the postcode shows with the match marked.
    await box.fill(postcode.toUpperCase().slice(0, 5));
    await expect(result).toBeVisible();
    await expect(result.locator('mark')).toHaveText([postcode.toUpperCase().slice(0, 5)]);

    // By words in the notes: the words around them show, the match marked.
    await box.fill(`bell ${tag} TWICE`);
    await expect(result).toBeVisible();
    // On one line, cut to whole words around the match.
    await expect(result).toContainText(`Notes: …after 10am only. Ring the brass bell ${tag} twice at the yard gate, then wait by the…`);
    await expect(result.locator('mark')).toHaveText([`bell ${tag} twice`]);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1);

    // Other orders' notes do not match.
    await box.fill(`bell ${tag} three times`);
    await expect(page.getByText('No orders match.')).toBeVisible();
  });
});
