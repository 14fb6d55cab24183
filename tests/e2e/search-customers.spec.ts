import { api, unique } from '../support/e2e-api';
import { ownWeek, SCREENS } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';

// Search finds customers and their orders (docs/product.md#search, docs/decisions/037): a
// customer by name or postcode, listed above the orders and leading to it on the Customers
// screen, and its orders even when their own customer name differs.

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('finds a customer by name and postcode with its orders, and follows it to the Customers screen', async ({
      page,
      accounts,
      signIn,
    }) => {
      const account = await accounts.create();
      const pb = await api(account);
      const tag = unique();
      const week = ownWeek(48);
      const name = `Bramble Farm Shop ${tag}`;
      const postcode = `zx${tag.slice(0, 2)} 4pq`;
      const customer = await pb.collection('customers').create({ name, postcode, poolAccount: `CC-${tag}` });
      // Linked to the customer, under another name: found by the customer's name only.
      const linked = await pb.collection('tasks').create({
        title: `BFS ${tag} back gate`,
        customer: customer.id,
        day: 'wednesday',
        year: week.year,
        weekNumber: week.week,
      });
      const other = await pb.collection('tasks').create({ title: `Elder Lane ${tag}`, year: week.year, weekNumber: week.week });

      await signIn(page, account, '/search');
      await expect(page.getByText('Finds customer names, order numbers, postcodes and notes.')).toBeVisible();
      const box = page.getByLabel('Search -');
      const customers = page.getByRole('list', { name: 'Matching customers' });
      const orders = page.getByRole('list', { name: 'Search results' });

      // By name, in another case: the customer with the match marked, and its order.
      await box.fill(`bramble FARM shop ${tag}`);
      await expect(customers.getByRole('listitem')).toHaveCount(1);
      await expect(customers.locator(`[data-customer-id="${customer.id}"] mark`)).toHaveText([`Bramble Farm Shop ${tag}`]);
      await expect(orders.locator(`[data-order-id="${linked.id}"]`)).toBeVisible();
      await expect(orders.getByRole('listitem')).toHaveCount(1);
      await expect(orders.locator(`[data-order-id="${other.id}"]`)).toHaveCount(0);

      // By postcode, in capitals: the same customer and its order.
      await box.fill(postcode.toUpperCase());
      await expect(customers.locator(`[data-customer-id="${customer.id}"]`)).toContainText(postcode.toUpperCase());
      await expect(customers.getByRole('listitem')).toHaveCount(1);
      await expect(orders.locator(`[data-order-id="${linked.id}"]`)).toBeVisible();

      // Following the customer opens the Customers screen at that customer.
      await customers.getByRole('link', { name: new RegExp(name) }).click();
      await expect(page).toHaveURL(/\/customers\?/);
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Search customers')).toHaveValue(name);
      const current = page.getByRole('list', { name: 'Customers' }).locator('li[aria-current="true"]');
      await expect(current).toHaveCount(1);
      await expect(current).toContainText(name);
      await expect(current).toBeInViewport();

      // Text no customer or order has.
      await page.goBack();
      await expect(page.getByLabel('Search -')).toHaveValue(postcode.toUpperCase());
      await page.getByLabel('Search -').fill(`no such ${tag}`);
      await expect(page.getByText('No orders match.')).toBeVisible();
      await expect(customers).toHaveCount(0);
    });
  });
}
