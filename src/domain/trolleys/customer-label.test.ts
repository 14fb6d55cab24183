import { describe, expect, it } from 'vitest';
import { customerLabel } from './customer-label';

describe('customerLabel', () => {
  it.each([
    ['Greenfields', '10442', 'Greenfields - 10442'],
    ['Greenfields', 'SO-77', 'Greenfields - SO-77'],
    ['Greenfields', '', 'Greenfields'],
    ['Greenfields', '  ', 'Greenfields'],
    ['Greenfields', '0', 'Greenfields'],
    ['Greenfields', '000', 'Greenfields'],
  ])('%s with order number %o', (title, orderNumber, label) => {
    expect(customerLabel({ title, orderNumber })).toBe(label);
  });
});
