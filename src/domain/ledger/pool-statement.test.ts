import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv/csv';
import { comparePool } from './pool-comparison';
import { mappingProblem, readPoolRows, readStatementDate, suggestMapping, type ColumnMapping } from './pool-statement';

function file(text: string) {
  const read = parseCsv(text);
  if (!read.ok) throw new Error(read.message);
  return read;
}

const MAPPING: ColumnMapping = { account: 'Konto', date: '', trolleys: 'CC', shelves: 'Hylder', extensions: '' };

describe('reading the pool statement through a mapping', () => {
  it('reads each account, empty counts as 0, at the statement date', () => {
    const read = readPoolRows(file('Konto;Navn;CC;Hylder\n1001;Smith;5;10\n1002;Jones;;2\n'), MAPPING, '2026-11-20');
    expect(read).toEqual({
      ok: true,
      rows: [
        { account: '1001', date: '2026-11-20', trolleys: 5, shelves: 10, extensions: 0 },
        { account: '1002', date: '2026-11-20', trolleys: 0, shelves: 2, extensions: 0 },
      ],
    });
  });

  it('reads the rows’ own dates when a date column is chosen', () => {
    const read = readPoolRows(
      file('Konto,Dato,CC\n1001,30/11/2026,5\n1001,31.10.2026,4\n'),
      { ...MAPPING, date: 'Dato', shelves: '' },
      '2026-11-30',
    );
    expect(read.ok && read.rows.map((row) => row.date)).toEqual(['2026-11-30', '2026-10-31']);
  });

  it('lists each bad row by its line in the file, in words', () => {
    const read = readPoolRows(file('Konto;CC;Hylder\n1001;five;1\n;3;1\n1002;2.5;0\n1003;1;1\n1003;2;2\n'), MAPPING, '2026-11-20');
    expect(read).toEqual({
      ok: false,
      message: '4 rows could not be read. Correct the file, or check the columns chosen.',
      errors: [
        'Row 2: "five" in column "CC" is not a whole number of trolleys (at most 99999).',
        'Row 3: the account number (column "Konto") is empty.',
        'Row 4: "2.5" in column "CC" is not a whole number of trolleys (at most 99999).',
        'Row 6: account 1003 is listed twice for the same date (also on row 5).',
      ],
    });
  });

  it('refuses a mapping that names no account, no counts, a missing or a repeated column', () => {
    const headers = ['Konto', 'CC', 'Hylder'];
    expect(mappingProblem({ ...MAPPING, account: '' }, headers)).toBe('Choose the column that holds the account number.');
    expect(mappingProblem({ ...MAPPING, trolleys: '', shelves: '' }, headers)).toMatch(/at least one column of counts/);
    expect(mappingProblem({ ...MAPPING, date: 'Dato' }, headers)).toBe(
      'The file has no column "Dato" (chosen for date). Its columns are: Konto, CC, Hylder.',
    );
    expect(mappingProblem({ ...MAPPING, shelves: 'CC' }, headers)).toBe(
      'The column "CC" is chosen twice. Choose a different column for each.',
    );
  });

  it('suggests the remembered mapping when it fits, else guesses from the headers', () => {
    expect(suggestMapping(['Konto', 'CC', 'Hylder'], MAPPING)).toEqual(MAPPING);
    expect(suggestMapping(['Account number', 'Statement date', 'Trolleys', 'Shelves', 'Extensions'], MAPPING)).toEqual({
      account: 'Account number',
      date: 'Statement date',
      trolleys: 'Trolleys',
      shelves: 'Shelves',
      extensions: 'Extensions',
    });
  });

  it('reads dates as statements write them and refuses impossible ones', () => {
    expect(readStatementDate('2026-11-20')).toBe('2026-11-20');
    expect(readStatementDate('4/12/2026')).toBe('2026-12-04');
    expect(readStatementDate('31/02/2026')).toBeNull();
    expect(readStatementDate('12/31/2026')).toBeNull();
  });
});

describe('their figures beside ours', () => {
  it('marks differences and the accounts only one side has', () => {
    const customer = (id: string) => [{ id, name: id }];
    const comparison = comparePool(
      [
        { account: '1001', date: '2026-11-20', trolleys: 5, shelves: 10, extensions: 0 },
        { account: '1002', date: '2026-11-20', trolleys: 3, shelves: 0, extensions: 0 },
        { account: '9999', date: '2026-11-20', trolleys: 1, shelves: 0, extensions: 0 },
      ],
      [
        { account: '1001', date: '2026-11-20', customers: customer('a'), balance: { trolleys: 5, shelves: 10, extensions: 0 } },
        { account: '1002', date: '2026-11-20', customers: customer('b'), balance: { trolleys: 2, shelves: 0, extensions: 1 } },
        { account: '2002', date: '2026-11-20', customers: customer('c'), balance: { trolleys: 4, shelves: 0, extensions: 0 } },
      ],
      '2026-11-20',
    );
    expect(comparison.lines.map((line) => [line.account, line.status])).toEqual([
      ['1001', 'same'],
      ['1002', 'different'],
      ['9999', 'only-theirs'],
      ['2002', 'only-ours'],
    ]);
    expect(comparison.lines[1]?.difference).toEqual({ trolleys: 1, shelves: 0, extensions: -1 });
    expect(comparison).toMatchObject({ different: 1, onlyTheirs: 1, onlyOurs: 1 });
  });

  it('compares only the counts the statement has a column for', () => {
    const comparison = comparePool(
      [{ account: '1002', date: '2026-11-20', trolleys: 2, shelves: 0, extensions: 0 }],
      [{ account: '1002', date: '2026-11-20', customers: [{ id: 'b', name: 'b' }], balance: { trolleys: 2, shelves: 6, extensions: 1 } }],
      '2026-11-20',
      ['trolleys'],
    );
    expect(comparison.lines[0]).toMatchObject({ status: 'same', difference: { trolleys: 0, shelves: 0, extensions: 0 } });
    expect(comparison.counts).toEqual(['trolleys']);
  });
});
