import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FilterError } from './field-map';
import { createItemsDatabase, ITEM_FIELDS, type TestDatabase } from './filter-test-table';
import { parseSort } from './parse-sort';

let db: Kysely<TestDatabase>;

beforeAll(async () => {
  db = await createItemsDatabase();
});

afterAll(async () => {
  await db.destroy();
});

/** Row ids in the order the sort gives, with id as the final tie-breaker like the records routes. */
async function idsSortedBy(sort: string): Promise<string[]> {
  let query = db.selectFrom('items').select('id');
  for (const term of parseSort(sort, ITEM_FIELDS)) {
    query = query.orderBy(sql.ref(term.column), term.direction);
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

function sortError(sort: string): string {
  try {
    parseSort(sort, ITEM_FIELDS);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(sort)} to be rejected`);
}

describe('parseSort', () => {
  it('maps API names to columns, "-" descending and "+" or no sign ascending', () => {
    expect(parseSort('-created,title,+weekNumber', ITEM_FIELDS)).toEqual([
      { column: 'created', direction: 'desc' },
      { column: 'title', direction: 'asc' },
      { column: 'week_number', direction: 'asc' },
    ]);
  });

  it('ignores blanks, spaces and empty items', () => {
    expect(parseSort('', ITEM_FIELDS)).toEqual([]);
    expect(parseSort(' , ', ITEM_FIELDS)).toEqual([]);
    expect(parseSort(' -done , ,title,', ITEM_FIELDS)).toEqual([
      { column: 'is_done', direction: 'desc' },
      { column: 'title', direction: 'asc' },
    ]);
  });

  it('orders rows newest first by -created', async () => {
    expect(await idsSortedBy('-created')).toEqual(['f', 'e', 'h', 'g', 'c', 'b', 'a', 'd']);
  });

  it('orders by several fields in priority order', async () => {
    expect(await idsSortedBy('-weekNumber,title')).toEqual(['f', 'e', 'b', 'c', 'a', 'h', 'g', 'd']);
    expect(await idsSortedBy('+done,-weekNumber')).toEqual(['f', 'e', 'b', 'c', 'g', 'a', 'h', 'd']);
  });

  it.each([
    ['colour', 'Invalid sort: unknown field "colour".'],
    ['-colour', 'Invalid sort: unknown field "colour".'],
    ['title,-week_number', 'Invalid sort: unknown field "week_number".'],
    ['constructor', 'Invalid sort: unknown field "constructor".'],
    ['title; DROP TABLE items', 'Invalid sort: unknown field "title; DROP TABLE items".'],
    ['-', 'Invalid sort: expected a field name after "-".'],
    ['title,+', 'Invalid sort: expected a field name after "+".'],
    ['-data', 'Invalid sort: field "data" cannot be sorted.'],
  ])('rejects %j', (sort, message) => {
    expect(sortError(sort)).toBe(message);
  });

  it('refuses a sort longer than 3500 characters', () => {
    expect(sortError('title,'.repeat(600))).toBe('Invalid sort: the sort is too long (3600 characters; at most 3500).');
  });
});
