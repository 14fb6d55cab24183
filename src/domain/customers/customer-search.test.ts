import { describe, expect, it } from 'vitest';
import { SEARCHED_CUSTOMERS } from '../orders/order-lists';
import { customerSearch } from './customer-search';

describe("search's customers", () => {
  it('look in name, postcode and pool account, by name, as many as the orders search names', () => {
    expect(customerSearch('  Green ')).toEqual({
      filter: { expression: 'name ~ {:text} || postcode ~ {:text} || poolAccount ~ {:text}', params: { text: 'Green' } },
      sort: 'name',
      limit: SEARCHED_CUSTOMERS,
    });
  });

  it('send % and _ as the characters they are', () => {
    expect(customerSearch('50%_off').filter.params).toEqual({ text: '50\\%\\_off' });
  });
});
