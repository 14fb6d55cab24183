import { describe, expect, it } from 'vitest';
import { tasksCollection } from '../collections/tasks';
import { usersCollection } from '../collections/users';
import { FilterError } from './field-map';
import { checkFilterCost, FILTER_COST_CODE, filterCost, MAX_FILTER_COST } from './filter-cost';
import { parseFilter } from './parse-filter';

// The cost of a filter: characters of text it may read per record, at worst (docs/decisions/017).

const ORDERS = tasksCollection.fields;
const cost = (filter: string) => filterCost(parseFilter(filter), ORDERS);

function refusal(filter: string): FilterError {
  try {
    checkFilterCost(parseFilter(filter), ORDERS);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected ${filter} to be refused`);
}

describe('filterCost', () => {
  it('counts a search for a typed text as the longest text of the field it reads', () => {
    expect(cost('orderInfo ~ "pallets"')).toBe(5000);
    expect(cost('orderInfo !~ "pallets"')).toBe(5000);
    expect(cost('title ~ "oak" || orderNumber ~ "oak"')).toBe(300);
    expect(cost('title ~ "oak" || orderNumber ~ "oak" || postcode ~ "oak" || orderInfo ~ "oak"')).toBe(5400);
  });

  it('multiplies the widths when the text looked for is another field', () => {
    expect(cost('orderInfo ~ title')).toBe(5000 * 200);
    expect(cost('title ~ orderInfo')).toBe(200 * 5000);
    expect(cost('postcode ~ orderNumber')).toBe(100 * 100);
    // A typed text that contains a field's text: the field is the pattern, the typed text is read.
    expect(cost('"Greenfields Garden Centre" ~ title')).toBe(25 * 200);
  });

  it('counts other comparisons up to the shorter side, numbers and true/false as one', () => {
    expect(cost('year = 2026 && weekNumber = 12')).toBe(2);
    expect(cost('other = "holding"')).toBe(7);
    expect(cost('orderInfo = orderInfo')).toBe(5000);
    expect(cost('title != null')).toBe(4);
    expect(cost('created > "2026-01-01"')).toBe(10);
    expect(cost('user = "abc"')).toBe(3);
    expect(filterCost(parseFilter('verified = true'), usersCollection.fields)).toBe(1);
  });

  it('adds every condition, whether joined by && or ||', () => {
    expect(cost('(orderInfo ~ "a" && title ~ "b") || orderInfo ~ "c"')).toBe(5000 + 200 + 5000);
    expect(filterCost(null, ORDERS)).toBe(0);
  });
});

describe('checkFilterCost', () => {
  it(`allows up to ${MAX_FILTER_COST.toLocaleString('en-GB')} characters: four searches of the notes, the app's search`, () => {
    const four = Array.from({ length: 4 }, (_, i) => `orderInfo ~ "pallet ${i}"`).join(' || ');
    expect(cost(four)).toBe(MAX_FILTER_COST);
    expect(() => checkFilterCost(parseFilter(four), ORDERS)).not.toThrow();
    expect(() => checkFilterCost(parseFilter('title ~ "oak" || orderNumber ~ "oak"'), ORDERS)).not.toThrow();
    expect(() => checkFilterCost(null, ORDERS)).not.toThrow();
  });

  it('refuses a field searched for another long field, saying why in words', () => {
    const error = refusal('orderInfo ~ title');
    expect(error.code).toBe(FILTER_COST_CODE);
    expect(error.message).toBe(
      'Invalid filter: it could read up to 1,000,000 characters of text for each record, more than the 20,000 allowed, so that one ' +
        'list cannot hold up everyone else. "orderInfo ~ title" alone counts 5,000 × 200: it looks for the whole of one field\'s ' +
        'text at every position of the other. Search for a typed text instead.',
    );
  });

  it('refuses many allowed searches together, naming the costliest', () => {
    const five = ['pallets', 'trays', 'back door', 'gate', 'bell'].map((word) => `orderInfo ~ "${word}"`).join(' || ');
    expect(refusal(five).message).toBe(
      'Invalid filter: it could read up to 25,000 characters of text for each record, more than the 20,000 allowed, so that one ' +
        'list cannot hold up everyone else. The costliest of its 5 conditions, "orderInfo ~ "pallets"", counts 5,000. Use fewer ' +
        'conditions on long text.',
    );
    // A long typed text is shortened in the message.
    const long = Array(5)
      .fill(`orderInfo !~ "${'x'.repeat(60)}"`)
      .join(' && ');
    expect(refusal(long).message).toContain('"orderInfo !~ "xxxxxxxxxxxxxxxxxxxx…"", counts 5,000.');
  });

  it('refuses a chain of cheap comparisons that reads too much in total', () => {
    const chain = Array(5).fill('orderInfo = orderInfo').join(' || ');
    expect(refusal(chain).message).toContain('up to 25,000 characters');
  });
});
