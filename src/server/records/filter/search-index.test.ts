import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compileFilter, containsPattern, MAX_SEARCH_LENGTH, trigramQuery } from './compile-filter';
import { FilterError, type FieldMap } from './field-map';
import { parseFilter } from './parse-filter';

// The search index (docs/decisions/010) may only make `~` faster, never change its answer: the same filters
// compiled with and without the trigram index must select the same rows, whatever the text.

interface Row {
  id: number;
  title: string;
}

const INDEXED: FieldMap = { title: { column: 'title', type: 'text', textIndex: { ftsTable: 'rows_fts', ftsColumn: 'title' } } };
const PLAIN: FieldMap = { title: { column: 'title', type: 'text' } };

let db: Kysely<{ rows: Row }>;

beforeAll(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await sql`CREATE TABLE rows (id INTEGER PRIMARY KEY, title TEXT NOT NULL)`.execute(db);
  await sql`CREATE VIRTUAL TABLE rows_fts USING fts5(title, content='rows', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER rows_fts_insert AFTER INSERT ON rows BEGIN INSERT INTO rows_fts (rowid, title) VALUES (new.id, new.title); END`.execute(
    db,
  );
});

afterAll(async () => {
  await db.destroy();
});

async function idsMatching(filter: string, fields: FieldMap): Promise<number[]> {
  const rows = await db
    .selectFrom('rows')
    .select('id')
    .where(compileFilter(parseFilter(filter), fields, 'sqlite'))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

const quoted = (value: string) => JSON.stringify(value);

/** What `~` meant before the index: LOWER() on both sides of LIKE, over every row. */
async function idsByReferenceLike(search: string): Promise<number[]> {
  const pattern = containsPattern(search);
  const rows = await sql<{
    id: number;
  }>`SELECT id FROM rows WHERE LOWER(COALESCE(title, '')) LIKE LOWER(${pattern}) ESCAPE '\\' ORDER BY id`.execute(db);
  return rows.rows.map((row) => row.id);
}

describe('~ with a trigram index', () => {
  it('asks the index only for pieces of three or more characters, quoted', () => {
    const index = { ftsTable: 'rows_fts', ftsColumn: 'title' };
    expect(trigramQuery('%oak%', index)).toBe('title : ("oak")');
    expect(trigramQuery('%ok%', index)).toBeNull();
    expect(trigramQuery('green%house_x', index)).toBe('title : ("green" AND "house")');
    expect(trigramQuery(String.raw`%50\%off%`, index)).toBe('title : ("50%off")');
    expect(trigramQuery('%say "hi" NEAR(a b) OR x*%', index)).toBe('title : ("say ""hi"" NEAR(a b) OR x*")');
    expect(trigramQuery('%ab\u0000cd%', index)).toBeNull();
  });

  it('sends the index query as a bound parameter', () => {
    const compiled = db
      .selectFrom('rows')
      .select('id')
      .where(compileFilter(parseFilter('title ~ "Oak"'), INDEXED, 'sqlite'))
      .compile();
    expect(compiled.sql).toContain('rowid IN (SELECT rowid FROM "rows_fts" WHERE "rows_fts" MATCH ?)');
    expect(compiled.parameters).toEqual(['title : ("Oak")', '%Oak%']);
  });

  it('gives the same rows as LOWER() LIKE over every row, for any titles and any search', async () => {
    const alphabet = fc.constantFrom(...'aAbBoOkK %_\\"\'*:()-^ éÉŵ🌱\u00df'.split(''), '🌱', 'NEAR', 'AND', 'OR', 'NOT');
    const text = fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 15 }),
        fc.array(text, { minLength: 1, maxLength: 5 }),
        async (titles, searches) => {
          await db.deleteFrom('rows').execute();
          await sql`INSERT INTO rows_fts (rows_fts) VALUES ('delete-all')`.execute(db);
          await db
            .insertInto('rows')
            .values(titles.map((title, i) => ({ id: i + 1, title })))
            .execute();
          for (const search of searches) {
            const filter = `title ~ ${quoted(search)}`;
            const expected = { filter, ids: await idsByReferenceLike(search) };
            expect({ filter, ids: await idsMatching(filter, INDEXED) }).toEqual(expected);
            expect({ filter, ids: await idsMatching(filter, PLAIN) }).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it(`refuses a search text over ${MAX_SEARCH_LENGTH} characters, on either side and with !~`, () => {
    const long = 'x'.repeat(MAX_SEARCH_LENGTH + 1);
    for (const filter of [`title ~ "${long}"`, `title !~ "${long}"`, `"${long}" ~ title`]) {
      expect(() => compileFilter(parseFilter(filter), PLAIN, 'sqlite')).toThrow(
        new FilterError('Invalid filter: the search text is too long (101 characters; at most 100).'),
      );
    }
    expect(() => compileFilter(parseFilter(`title ~ "${'🌱'.repeat(MAX_SEARCH_LENGTH)}"`), PLAIN, 'sqlite')).not.toThrow();
  });
});
