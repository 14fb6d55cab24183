import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv } from './csv';

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

describe('the spreadsheet-injection guard', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+44 1234 567890', "'+44 1234 567890"],
    ['-3 back on Monday', "'-3 back on Monday"],
    ['-3', "'-3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('makes the text %j inert with a leading quote', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('leaves text that only contains those characters later alone', () => {
    expect(csvField('Smith & Sons = best')).toBe('Smith & Sons = best');
    expect(csvField('a@b.example')).toBe('a@b.example');
    expect(csvField(' =1')).toBe(' =1');
  });

  it('writes numbers as numbers, negative ones too, and nothing for a number that is not finite', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('starts with a UTF-8 byte-order mark and ends every line with CRLF, a line break inside a cell quoted', () => {
    const text = toCsv([
      ['Name', 'Note'],
      ['Jardinería Núñez £', 'two\nlines'],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text).toBe('\uFEFFName,Note\r\nJardinería Núñez £,"two\nlines"\r\n');
  });

  it('reads back what it wrote, guard quote and all', () => {
    const read = parseCsv(
      toCsv([
        ['A', 'B'],
        ['=1', 'x, "y"'],
        [-4, 'ok'],
      ]),
    );
    expect(read.ok && read.rows).toEqual([
      ["'=1", 'x, "y"'],
      ['-4', 'ok'],
    ]);
  });
});
