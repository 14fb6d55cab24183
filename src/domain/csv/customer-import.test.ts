import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../collections/customers';
import { CUSTOMER_FIELD_OF, markDuplicates, readCustomersCsv } from './customer-import';
import { customersCsv } from './exports';

const FIELDS = Object.values(CUSTOMER_FIELD_OF);

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
    active: false,
    notes: '',
  },
].map((fields) => ({ id: 'x', nursery: 'n', ...fields }) as unknown as CustomerRecord);

describe('reading customers from CSV', () => {
  it('gives back the very customers the book was exported with (round trip)', () => {
    const read = readCustomersCsv(customersCsv(book));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const pick = (customer: Record<string, unknown>) => Object.fromEntries(FIELDS.map((field) => [field, customer[field]]));
    expect(read.rows.map((row) => pick(row.values ?? {}))).toEqual(
      book.map((customer) => pick(customer as unknown as Record<string, unknown>)),
    );
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
