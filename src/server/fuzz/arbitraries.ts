import fc from 'fast-check';

// Generators of hostile input for the fuzz tests: text with every kind of character, numbers at
// the edges, filter-shaped strings built from the grammar (and broken on purpose), SQL fragments.

/** Any code points, lone surrogates, control characters and bidi overrides included. */
export const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u001b[31m', '\u202e', '\ud800', 'null', 'undefined', '[object Object]', 'x'.repeat(5000)),
);

// NUL in a filter literal is refused by the tokenizer (PostgreSQL cannot hold it in text), so
// generated filters carry it on both databases.
const filterLiteralText = anyText;

/** Text that can go into an HTTP header (Latin-1, no CR/LF/NUL). */
export const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

export const edgeNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, -1, 52, 53, 54, 2024, 9999, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 4e17, 0.5),
);

/** JSON values of any shape, small and deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  anyText,
  edgeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(anyText, { maxLength: 4 }),
  // Deeper than any body limit should allow.
  fc.integer({ min: 20, max: 200 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  }),
);

/** A body with some of `keys` (known fields and fields a client may not set) and hostile values. */
export function payload(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), anyText), anyJson, { maxKeys: 6 });
}

export const SQL_INJECTIONS = [
  "' OR 1=1 --",
  '" OR ""="',
  "'; DROP TABLE tasks; --",
  '"; DROP TABLE users; --',
  "') OR ('1'='1",
  '1) UNION SELECT passwordHash, tokenKey FROM users --',
  "' UNION SELECT * FROM users WHERE '1'='1",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  '*/ --',
  '$1',
  '?',
  ':name',
  '{:q}',
  "'||(SELECT tokenKey FROM users)||'",
  "x' AND sqlite_version() --",
  "'; SELECT pg_sleep(5); --",
];

export const sqlInjection = fc.oneof(
  fc.constantFrom(...SQL_INJECTIONS),
  fc.tuple(fc.constantFrom(...SQL_INJECTIONS), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
);

const FIELDS = [
  'id',
  'title',
  'day',
  'weekNumber',
  'year',
  'created',
  'updated',
  'status',
  'user',
  'other',
  'orderNumber',
  // Not filterable, or not ours to see:
  'passwordHash',
  'tokenKey',
  'email',
  '@request.auth.id',
  'user.email',
  'expand',
  '_rowid_',
];
const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', '~', '!~', '==', '?=', '=~', '<>', ''];

const filterValue = fc.oneof(
  filterLiteralText.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`),
  filterLiteralText.map((t) => `'${t}'`),
  edgeNumber.map(String),
  fc.constantFrom('true', 'false', 'null', '""', "''", '1e400', '-', '0x1F', '{:q}', '@now', 'NaN', '2026-11-21 10:04:05.123Z'),
  sqlInjection.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`),
);

const comparison = fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS), filterValue).map(([f, o, v]) => `${f} ${o} ${v}`);

/** Filter-shaped strings from the grammar, with parentheses, && and ||, sometimes cut short. */
export const filterText: fc.Arbitrary<string> = fc.oneof(
  { depthSize: 'small', withCrossShrink: true },
  comparison,
  fc
    .tuple(
      fc.array(comparison, { minLength: 1, maxLength: 5 }),
      fc.array(fc.constantFrom('&&', '||', '&', '|', 'AND', ''), { minLength: 5, maxLength: 5 }),
      fc.nat(5),
      fc.nat(5),
    )
    .map(
      ([parts, joins, open, close]) =>
        '('.repeat(open) + parts.map((p, i) => (i === 0 ? p : `${joins[i] ?? '&&'} ${p}`)).join(' ') + ')'.repeat(close),
    ),
  fc.tuple(comparison, fc.nat(40)).map(([f, cut]) => f.slice(0, cut)),
  fc.nat(80).map((n) => `${'('.repeat(n)}title = "x"${')'.repeat(n)}`),
  filterLiteralText,
);

export const sortText = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom('', '-', '+', '--'), fc.oneof(fc.constantFrom(...FIELDS), anyText)), { maxLength: 4 })
    .map((terms) => terms.map(([sign, field]) => `${sign}${field}`).join(',')),
  fc.constantFrom('@random', '-@rowid', 'created;DROP TABLE tasks', ',,,'),
);

export const numberParam = fc.oneof(
  edgeNumber.map(String),
  fc.constantFrom('', 'abc', '4e17', '1e400', '-1', '0', '1.5', '0x10', ' 3', '3 ', 'Infinity', 'NaN', '00001', '١'),
);
