import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../collections/customers';
import { CUSTOMER_FIELD_OF, markDuplicates, readCustomersCsv } from './customer-import';
import { customersCsv } from './exports';

const FIELDS = Object.values(CUSTOMER_FIELD_OF);
const ROUND = { id: 'round000000000n', name: 'Tuesday north' };

const book = [
  {
    name: 'Jardinería Núñez',
    postcode: 'CH4 9ZZ',
    phone: '+44 1244 000000',
    email: 'a@b.example',
    deliveryAddress: 'Back gate\nPlot 4',
    customerType: 'retail',
    usualDay: 'friday',
    usualTrolleys: 7,
    poolAccount: '-CC1',
    round: 'round000000000n',
    kind: 'customer',
    active: true,
    notes: '=SUM(A1)',
  },
  {
    name: '@Home, "Gardens"',
    postcode: '',
    phone: '',
    email: '',
    deliveryAddress: '',
    customerType: 'other',
    usualDay: '',
    usualTrolleys: 0,
    poolAccount: '',
    round: '',
    kind: 'haulier',
    active: false,
    notes: '',
  },
].map((fields) => ({ id: 'x', nursery: 'n', ...fields }) as unknown as CustomerRecord);

describe('reading customers from CSV', () => {
  it('gives back the very customers the book was exported with (round trip)', () => {
    const read = readCustomersCsv(customersCsv(book, new Map([[ROUND.id, ROUND.name]])), [ROUND]);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const pick = (customer: Record<string, unknown>) => Object.fromEntries(FIELDS.map((field) => [field, customer[field]]));
    expect(read.rows.map((row) => pick(row.values ?? {}))).toEqual(
      book.map((customer) => pick(customer as unknown as Record<string, unknown>)),
    );
  });

  it("reads a round by its name, any case; a blank cell is no round; a name the nursery has not is the row's problem", () => {
    const csv = 'Name,Round\nAsh Lane, tuesday NORTH \nBirch,\nCedar,Cotswolds\n';
    const read = readCustomersCsv(csv, [ROUND, { id: 'round000000000s', name: 'South' }]);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => row.values?.round ?? null)).toEqual([ROUND.id, '', null]);
    expect(read.rows[2]?.problems).toEqual([
      'Round: there is no round “Cotswolds” in your nursery. Add it on the Fleet screen first, or leave the cell blank.',
    ]);
  });

  it('writes a round the names do not hold as a blank cell', () => {
    const csv = customersCsv(book);
    expect(csv).toContain('Pool account number,Round,Kind,Active');
    expect(csv).toContain('CC1,,Customer,Yes');
  });

  it("reads the kind by its label or value, any case; a blank cell is a customer; another word is the row's problem", () => {
    const csv = 'Name,Kind\nAsh Lane, HAULIER \nBirch,\nCedar,customer\nDock Road,Carrier\n';
    const read = readCustomersCsv(csv);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => row.values?.kind ?? null)).toEqual(['haulier', 'customer', 'customer', null]);
    expect(read.rows[3]?.problems).toEqual(['Kind: Must be one of: Customer, Haulier.']);
  });

  it('marks a customer the book has, or an earlier row has, ignoring case and spaces', () => {
    const read = readCustomersCsv('Name,Postcode\nGreen Acre,DE1 1AA\ngreen acre,de11aa\nNew,\nGREEN ACRE,\n');
    if (!read.ok) throw new Error(read.message);
    const marked = markDuplicates(read.rows, [{ name: 'Green Acre', postcode: '' }]);
    expect(marked.map((row) => row.problems)).toEqual([
      [],
      ['Row 1 has the same name and postcode.'],
      [],
      ['“Green Acre” without a postcode is already in the customer book.'],
    ]);
    expect(marked[1]?.values).toBeNull();
  });
});
