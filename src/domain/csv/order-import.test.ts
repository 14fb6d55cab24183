import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../collections/tasks';
import { ordersCsv } from './exports';
import { unguard } from './csv-import';
import { FIELD_OF, readOrdersCsv } from './order-import';

const FIELDS = Object.values(FIELD_OF);

const week: OrderRecord[] = [
  {
    title: 'Jardinería Núñez',
    day: 'wednesday',
    postcode: 'CH4 9ZZ',
    orderNumber: 'SO-1',
    customerType: 'retail',
    other: 'none',
    status: 'missed',
    trollies: '3',
    extras: '',
    orderInfo: '=HYPERLINK("x")\nsecond line',
  },
  {
    title: '@Home, "Gardens"',
    day: 'monday',
    postcode: '',
    orderNumber: '-7',
    customerType: 'wholesale',
    other: 'collect',
    status: '',
    trollies: '-1',
    extras: '2 + shelf',
    orderInfo: '',
  },
  {
    title: 'Held',
    day: 'sunday',
    postcode: '',
    orderNumber: '',
    customerType: 'other',
    other: 'holding',
    status: 'loaded',
    trollies: '',
    extras: '1',
    orderInfo: '',
  },
].map((fields) => ({ id: 'x', year: 2027, weekNumber: 20, ...fields }) as OrderRecord);

describe('reading orders from CSV', () => {
  it('gives back the very orders a week was exported with (round trip)', () => {
    const read = readOrdersCsv(ordersCsv(week));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows.every((row) => row.problems.length === 0)).toBe(true);
    const pick = (order: Record<string, unknown>) => Object.fromEntries(FIELDS.map((field) => [field, order[field]]));
    const byDay = [...week].sort((a, b) => a.day.localeCompare(b.day));
    const imported = read.rows.map((row) => pick(row.values ?? {})).sort((a, b) => String(a.day).localeCompare(String(b.day)));
    expect(imported).toEqual(byDay.map((order) => pick(order as unknown as Record<string, unknown>)));
  });

  it('takes labels or stored values in any case, and columns in any order', () => {
    const read = readOrdersCsv(
      'customer name,DAY,Week,Year,Status,Board type\r\nA,TUESDAY,5,2027,query,whiteboard\r\nB,friday,6,2027,pulled,collect\r\n',
    );
    expect(read.ok && read.rows.map((row) => row.values)).toEqual([
      { title: 'A', day: 'tuesday', weekNumber: 5, year: 2027, status: 'missed', other: 'none' },
      { title: 'B', day: 'friday', weekNumber: 6, year: 2027, status: 'pulled', other: 'collect' },
    ]);
  });

  it('reads a blank status and "None" (its label) as no status', () => {
    const read = readOrdersCsv(
      'Customer name,Day,Week,Year,Status\r\nA,Monday,5,2027,\r\nB,Monday,5,2027, NONE \r\nC,Monday,5,2027,None\r\n',
    );
    expect(read.ok && read.rows.map((row) => row.values?.status)).toEqual(['', '', '']);
  });

  it('says what is wrong with each row in words, and keeps the valid rows apart', () => {
    const read = readOrdersCsv('Year,Week,Day,Customer name\n2027,20,Monday,Fine\n2027,54,Someday,\n');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows[0]).toMatchObject({ row: 1, problems: [] });
    expect(read.rows[1]?.row).toBe(2);
    expect(read.rows[1]?.values).toBeNull();
    expect(read.rows[1]?.problems).toHaveLength(3);
    expect(read.rows[1]?.problems.join(' ')).toMatch(/Week must be between 1 and 5[23]/);
  });

  it('refuses a file whose columns it does not know, or that lacks a needed one, saying which', () => {
    expect(readOrdersCsv('Year,Week,Day,Customer name,Colour\n2027,1,Monday,A,red\n')).toEqual({
      ok: false,
      message: expect.stringContaining('columns this import does not know: "Colour"'),
    });
    expect(readOrdersCsv('')).toEqual({ ok: false, message: 'The file is empty. Choose a CSV file of orders, such as an exported week.' });
    expect(readOrdersCsv('Year,Day,Customer name\n2027,Monday,A\n')).toEqual({ ok: false, message: 'The file needs the columns Week.' });
  });

  it('takes off only the quote the export put before formula-like text', () => {
    expect(unguard("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguard("'-3")).toBe('-3');
    expect(unguard("'tis the season")).toBe("'tis the season");
  });
});
