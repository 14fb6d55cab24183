import { describe, expect, it } from 'vitest';
import { groupOrders, isInGroup, LINK_PLAN_SHOWN, planLinks, type UnlinkedOrders } from './link-plan';

// The linking assistant's plan (docs/decisions/066): each group of orders lands in exactly one part.

const book = [
  { id: 'c1', name: 'Hillside Garden Centre', postcode: 'GL7 1AB' },
  { id: 'c2', name: 'Twins', postcode: 'OX1 1AA' },
  { id: 'c3', name: 'twins', postcode: 'ox11aa' },
  { id: 'c4', name: 'Café Verde', postcode: 'BS1 4DJ' },
];

const rows = (title: string, postcode: string, orders = 1, customerType: UnlinkedOrders['customerType'] = 'wholesale'): UnlinkedOrders => ({
  title,
  postcode,
  customerType,
  orders,
});

/** Which part of the plan a group lands in, and the ids it is offered. */
function placeOf(title: string, postcode: string): [string, string[]] {
  const plan = planLinks([rows(title, postcode)], book);
  const exact = plan.exact.groups[0];
  if (exact) return ['exact', [exact.customer.id]];
  const close = plan.close.groups[0];
  if (close) return [close.reason, close.suggestions.map((s) => s.id)];
  return ['none', []];
}

describe('the plan for orders without a customer', () => {
  it.each([
    ['the same name and postcode', 'Hillside Garden Centre', 'GL7 1AB', 'exact', ['c1']],
    ['case and spaces differ only', 'HILLSIDE gardencentre', 'gl71ab', 'exact', ['c1']],
    ['"Ltd" added', 'Hillside Garden Centre Ltd', 'GL7 1AB', 'close', ['c1']],
    ['an accent left off', 'Cafe Verde', 'BS1 4DJ', 'close', ['c4']],
    ['another postcode, the same name', 'Hillside Garden Centre', 'SN1 1AA', 'close', ['c1']],
    ['two customers of this name and postcode', 'Twins', 'OX1 1AA', 'several', ['c2', 'c3']],
    ['a name nobody has', 'Meadow Farm Shop', 'GL7 1AB', 'none', []],
    ['a word more is another name', 'Hillside Garden Centre North', 'GL7 1AB', 'none', []],
  ])('%s: %s, %s is %s', (_, title, postcode, part, ids) => {
    expect(placeOf(title, postcode)).toEqual([part, ids]);
  });

  it('groups spellings of one name and postcode, counts every order, and keeps the commonest spelling and type', () => {
    const plan = planLinks(
      [
        rows('meadow farm', 'GL7 1AB', 1, 'retail'),
        rows('Meadow Farm', 'GL7 1AB', 3, 'retail'),
        rows('Meadow Farm', 'GL7 1AB', 1, 'wholesale'),
        rows('Hillside Garden Centre', 'GL7 1AB', 2),
      ],
      book,
    );
    expect(plan.withoutCustomer).toBe(7);
    expect(plan.rest).toEqual({
      orders: 5,
      groups: [{ title: 'Meadow Farm', postcode: 'GL7 1AB', customerType: 'retail', orders: 5 }],
      moreGroups: 0,
    });
    expect(plan.exact.orders).toBe(2);
    expect(plan.close).toEqual({ orders: 0, groups: [], moreGroups: 0 });
  });

  it('lists the groups with the most orders first, at most LINK_PLAN_SHOWN, and counts the rest', () => {
    const many = Array.from({ length: LINK_PLAN_SHOWN + 3 }, (_, i) => rows(`Shop ${i}`, '', i === 7 ? 50 : 1));
    const plan = planLinks(many, []);
    expect(plan.rest.groups).toHaveLength(LINK_PLAN_SHOWN);
    expect(plan.rest.groups[0]).toMatchObject({ title: 'Shop 7', orders: 50 });
    expect(plan.rest.moreGroups).toBe(3);
    expect(plan.rest.orders).toBe(LINK_PLAN_SHOWN + 2 + 50);
  });

  it('has nothing to do when every order has a customer', () => {
    expect(planLinks([], book)).toEqual({
      withoutCustomer: 0,
      exact: { orders: 0, groups: [], moreGroups: 0 },
      close: { orders: 0, groups: [], moreGroups: 0 },
      rest: { orders: 0, groups: [], moreGroups: 0 },
    });
  });

  it('finds a group again from the spelling it was shown with', () => {
    const [group] = groupOrders([rows('Meadow Farm', 'GL7 1AB'), rows('meadow  farm', 'gl7 1ab')]);
    expect(group).toBeDefined();
    if (!group) return;
    expect(isInGroup({ title: 'MEADOW FARM', postcode: 'GL71AB' }, group)).toBe(true);
    expect(isInGroup({ title: 'Meadow Farm Shop', postcode: 'GL7 1AB' }, group)).toBe(false);
  });
});
