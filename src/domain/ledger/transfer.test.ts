import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOf, COUNTS, ZERO_BALANCE, type Balance } from './balance';
import type { MovementOfCustomer } from './below-zero';
import { readTransfer, transferBelowZero, transferMovements } from './transfer';

// Hauliers in the ledger (docs/decisions/079): a transfer is one movement pair, so every party's
// balance stays the sum of its movements and the nursery's total does not move.

const HAULIERS = ['haulier0000000a', 'haulier0000000b', 'haulier0000000c'];
const CUSTOMERS = Array.from({ length: 12 }, (_, i) => `customer${String(i).padStart(7, '0')}`);
const PARTIES = [...HAULIERS, ...CUSTOMERS];

const counts = fc.record({
  trolleys: fc.integer({ min: 0, max: 999 }),
  shelves: fc.integer({ min: 0, max: 999 }),
  extensions: fc.integer({ min: 0, max: 999 }),
});
const date = fc.integer({ min: 0, max: 700 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10));

/** One thing that happens in the yard: a movement of any party, or a haulier handing on to a customer. */
const operation = fc.oneof(
  fc.record({ op: fc.constantFrom('out' as const, 'in' as const), party: fc.constantFrom(...PARTIES), counts, date }),
  fc.record({
    op: fc.constant('adjustment' as const),
    party: fc.constantFrom(...PARTIES),
    counts: fc.record({
      trolleys: fc.integer({ min: -999, max: 999 }),
      shelves: fc.integer({ min: -999, max: 999 }),
      extensions: fc.integer({ min: -999, max: 999 }),
    }),
    date,
  }),
  fc.record({
    op: fc.constant('transfer' as const),
    haulier: fc.constantFrom(...HAULIERS),
    customer: fc.constantFrom(...CUSTOMERS),
    counts,
    date,
  }),
);

const total = (balances: ReadonlyMap<string, Balance>): Balance => {
  const sum = { ...ZERO_BALANCE };
  for (const balance of balances.values()) for (const count of COUNTS) sum[count] += balance[count];
  return sum;
};

describe('transfers in the ledger', () => {
  it('after 10,000 generated movements with transfers, each party holds the sum of its movements and transfers leave the total alone', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 10_000, maxLength: 10_000 }), (operations) => {
        const movements: MovementOfCustomer[] = [];
        // The model: what each party holds, changed by each operation as the yard understands it.
        const held = new Map<string, Balance>(PARTIES.map((party) => [party, { ...ZERO_BALANCE }]));
        const change = (party: string, sign: number, by: Balance) => {
          const balance = held.get(party) ?? { ...ZERO_BALANCE };
          for (const count of COUNTS) balance[count] += sign * by[count];
          held.set(party, balance);
        };
        let transfers = 0;
        for (const operation of operations) {
          if (operation.op === 'transfer') {
            const before = total(held);
            const pair = transferMovements({
              haulier: operation.haulier,
              customer: operation.customer,
              date: operation.date,
              ...operation.counts,
            });
            movements.push(...pair);
            change(operation.haulier, -1, operation.counts);
            change(operation.customer, 1, operation.counts);
            expect(total(held)).toEqual(before);
            // The pair moves the same counts, on the same day, from the haulier to the customer.
            expect(pair.map((m) => [m.customer, m.kind, m.date])).toEqual([
              [operation.haulier, 'in', operation.date],
              [operation.customer, 'out', operation.date],
            ]);
            transfers += 1;
          } else {
            movements.push({ customer: operation.party, kind: operation.op, date: operation.date, ...operation.counts });
            change(operation.party, operation.op === 'in' ? -1 : 1, operation.counts);
          }
        }
        expect(transfers).toBeGreaterThan(0);
        for (const party of PARTIES)
          expect(balanceOf(movements.filter((movement) => movement.customer === party)), party).toEqual(held.get(party));
        // The nursery's total is the sum of all movements, in which every transfer's pair cancels out.
        expect(balanceOf(movements)).toEqual(total(held));
        const withoutTransfers = operations.flatMap((operation) =>
          operation.op === 'transfer' ? [] : [{ kind: operation.op, date: operation.date, ...operation.counts }],
        );
        expect(balanceOf(movements)).toEqual(balanceOf(withoutTransfers));
      }),
      { numRuns: 3, seed: 34 },
    );
  });
});

describe('readTransfer', () => {
  const good = { haulier: HAULIERS[0], customer: CUSTOMERS[0], date: '2026-11-24', trolleys: '5', receivedBy: 'Jo Green' };

  it('reads what a form or multipart sends', () => {
    expect(readTransfer(good)).toEqual({
      ok: true,
      transfer: {
        haulier: HAULIERS[0],
        customer: CUSTOMERS[0],
        date: '2026-11-24',
        trolleys: 5,
        shelves: 0,
        extensions: 0,
        receivedBy: 'Jo Green',
        note: '',
        belowZero: false,
      },
    });
  });

  it.each([
    [{ haulier: '' }, 'haulier', 'Choose the haulier who handed the trolleys on.'],
    [{ customer: HAULIERS[0] }, 'customer', 'A haulier cannot hand trolleys on to itself: choose a customer.'],
    [{ date: '24/11/2026' }, 'date', 'Enter the day it was handed on as year-month-day, for example 2026-11-24.'],
    [{ trolleys: '1000' }, 'trolleys', 'Trolleys must be a whole number between 0 and 999.'],
    [{ shelves: '-1' }, 'shelves', 'Shelves must be a whole number between 0 and 999.'],
    [{ extensions: 'two' }, 'extensions', 'Extensions must be a whole number between 0 and 999.'],
    [{ trolleys: '0' }, 'trolleys', 'Enter how many trolleys, shelves or extensions were handed on: at least one must be more than 0.'],
    [{ receivedBy: ' ' }, 'receivedBy', 'Write who received the trolleys, as the docket names them.'],
    [{ belowZero: 'true' }, 'note', 'Give the reason for recording it below zero: it is kept as the note of the transfer.'],
  ])('refuses %o on %s with a sentence', (change, field, message) => {
    const read = readTransfer({ ...good, ...change });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors[field]?.message).toBe(message);
  });
});

describe('transferBelowZero', () => {
  it('names what the haulier holds and would be left with, or nothing when it holds enough', () => {
    expect(
      transferBelowZero('Road Haulage Ltd', { trolleys: 2, shelves: 0, extensions: 0 }, { trolleys: 5, shelves: 0, extensions: 0 }),
    ).toBe('Road Haulage Ltd holds 2 trolleys; handing on 5 would leave -3. Confirm and give a reason to record it.');
    expect(
      transferBelowZero('Road Haulage Ltd', { trolleys: 5, shelves: 1, extensions: 0 }, { trolleys: 5, shelves: 1, extensions: 0 }),
    ).toBe('');
  });
});
