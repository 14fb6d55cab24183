import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';

describe('reading CSV', () => {
  it('reads a header and rows separated by commas', () => {
    expect(parseCsv('Account,Trolleys\nA1,3\nA2,4\n')).toEqual({
      ok: true,
      separator: ',',
      headers: ['Account', 'Trolleys'],
      rows: [
        ['A1', '3'],
        ['A2', '4'],
      ],
    });
  });

  it('reads semicolons, a byte-order mark, CRLF and blank lines', () => {
    const read = parseCsv('\uFEFFKonto;CC;Dato\r\n\r\n1001;5;20-11-2026\r\n1002;0;20-11-2026\r\n');
    expect(read).toMatchObject({ ok: true, separator: ';', headers: ['Konto', 'CC', 'Dato'] });
    expect(read.ok && read.rows).toEqual([
      ['1001', '5', '20-11-2026'],
      ['1002', '0', '20-11-2026'],
    ]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks inside', () => {
    const read = parseCsv('Name;Account;Note\n"Smith; Sons";"A-1";"said ""hi""\non two lines"\n');
    expect(read.ok && read.rows).toEqual([['Smith; Sons', 'A-1', 'said "hi"\non two lines']]);
  });

  it('says what is wrong with an empty file, a header alone or an unclosed quote', () => {
    expect(parseCsv('')).toEqual({ ok: false, message: 'The file is empty. Choose the CSV file the pool operator sent.' });
    expect(parseCsv('\uFEFF\n  \n')).toMatchObject({ ok: false });
    expect(parseCsv('Account,Trolleys\n')).toEqual({ ok: false, message: 'The file has a header line but no rows under it.' });
    expect(parseCsv('Account,Trolleys\n"A1,3\nA2,4')).toEqual({
      ok: false,
      message: 'A quoted field that starts on line 2 never ends: a closing " is missing.',
    });
  });
});

describe('writing CSV', () => {
  it('quotes what needs it and makes formulas inert', () => {
    expect(
      toCsv([
        ['Date', 'Note'],
        ['2026-11-03', 'a, "b"'],
        ['x', '=SUM(A1)'],
        [1, -2],
      ]),
    ).toBe('\uFEFFDate,Note\r\n2026-11-03,"a, ""b"""\r\nx,\'=SUM(A1)\r\n1,-2\r\n');
  });
});
