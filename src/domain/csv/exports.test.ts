import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../collections/customers';
import type { OrderRecord } from '../collections/tasks';
import type { TrolleyMovementRecord } from '../collections/trolley-movements';
import { parseCsv } from './csv';
import { countCell, csvFileName, customersCsv, ledgerCsv, ordersCsv } from './exports';

const order = (fields: Partial<OrderRecord>): OrderRecord =>
  ({
    id: 'o',
    title: 'Greenfields',
    day: 'monday',
    postcode: 'AB1 2CD',
    orderNumber: '',
    customerType: 'wholesale',
    other: 'none',
    weekNumber: 12,
    year: 2027,
    orderInfo: '',
    status: '',
    trollies: '',
    extras: '',
    ...fields,
  }) as OrderRecord;

const rowsOf = (text: string) => {
  const read = parseCsv(text);
  if (!read.ok) throw new Error(read.message);
  return [read.headers, ...read.rows];
};

describe('orders as CSV', () => {
  it('lists a week by day, each day in board order, with labels a person reads', () => {
    const text = ordersCsv([
      order({ title: 'Wed first', day: 'wednesday', trollies: '3', status: 'pulled' }),
      order({ title: 'Mon second', day: 'monday', customerType: 'retail', other: 'collect', extras: '2 + shelf' }),
      order({ title: 'Mon third', day: 'monday', orderInfo: '=cmd|calc', trollies: '-1' }),
    ]);
    expect(rowsOf(text)).toEqual([
      [
        'Year',
        'Week',
        'Day',
        'Customer name',
        'Postcode',
        'Order number',
        'Customer type',
        'Board type',
        'Status',
        'Trollies',
        'Extras',
        'Additional info',
      ],
      ['2027', '12', 'Monday', 'Mon second', 'AB1 2CD', '', 'Retail', 'Collect', '', '', '2 + shelf', ''],
      ['2027', '12', 'Monday', 'Mon third', 'AB1 2CD', '', 'Wholesale', 'Whiteboard', '', '-1', '', "'=cmd|calc"],
      ['2027', '12', 'Wednesday', 'Wed first', 'AB1 2CD', '', 'Wholesale', 'Whiteboard', 'Pulled', '3', '', ''],
    ]);
  });

  it('keeps a plain count a number (a minus one too) and any other count text', () => {
    expect(countCell('4')).toBe(4);
    expect(countCell(' -1 ')).toBe(-1);
    expect(countCell('1.5')).toBe(1.5);
    expect(countCell('2 + shelf')).toBe('2 + shelf');
    expect(countCell('')).toBe('');
  });
});

describe('the customer book and a ledger as CSV', () => {
  it('writes every customer field with its label', () => {
    const customer = {
      id: 'c',
      name: '@Home Gardens',
      postcode: 'ZZ1 1ZZ',
      phone: '+44 1632 960000',
      email: 'buyer@home.example',
      deliveryAddress: 'Yard 2\nBack gate',
      customerType: 'retail',
      usualDay: 'friday',
      usualTrolleys: 6,
      poolAccount: 'CC-1001',
      round: 'round000000000n',
      kind: 'haulier',
      active: true,
      notes: '',
    } as CustomerRecord;
    expect(rowsOf(customersCsv([customer], new Map([['round000000000n', 'Tuesday north']])))[1]).toEqual([
      "'@Home Gardens",
      'ZZ1 1ZZ',
      "'+44 1632 960000",
      'buyer@home.example',
      'Yard 2\nBack gate',
      'Retail',
      'Friday',
      '6',
      'CC-1001',
      'Tuesday north',
      'Haulier',
      'Yes',
      '',
    ]);
  });

  it('writes each movement as its signed change to what the customer holds, as numbers', () => {
    const movement = (fields: Partial<TrolleyMovementRecord>) =>
      ({
        id: 'm',
        kind: 'in',
        reason: '',
        date: '2026-11-20',
        trolleys: 3,
        shelves: 0,
        extensions: 1,
        note: '',
        run: '',
        ...fields,
      }) as TrolleyMovementRecord;
    const text = ledgerCsv(
      [
        movement({ note: '-2 were broken' }),
        movement({ kind: 'out', run: 'r1', trolleys: 5, extensions: 0 }),
        movement({ kind: 'adjustment', reason: 'lost', trolleys: -2, extensions: 0 }),
      ],
      'Greenfields',
    );
    expect(text.split('\r\n').slice(1, 4)).toEqual([
      "Greenfields,2026-11-20,Returned,,-3,0,-1,No,'-2 were broken",
      'Greenfields,2026-11-20,Delivered,,5,0,0,Yes,',
      'Greenfields,2026-11-20,Adjustment,Lost,-2,0,0,No,',
    ]);
  });
});

describe('csvFileName', () => {
  it('keeps letters, digits and dashes of each part', () => {
    expect(csvFileName('week', 2027, 12, 'board')).toBe('week_2027_12_board.csv');
    expect(csvFileName('ledger', 'Núñez & Sons / Yard')).toBe('ledger_Nunez-Sons-Yard.csv');
    expect(csvFileName('', '///')).toBe('export.csv');
  });
});
