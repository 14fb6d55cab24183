import { describe, expect, it } from 'vitest';
import { statementCsv, statementFileName } from './statement-csv';
import { buildStatement, movementLabel, type StatementMovement } from './statement';

let seq = 0;
function movement(
  kind: StatementMovement['kind'],
  date: string,
  trolleys: number,
  shelves = 0,
  extensions = 0,
  reason = '',
): StatementMovement {
  seq += 1;
  return {
    id: `m${seq}`,
    kind,
    reason,
    date,
    trolleys,
    shelves,
    extensions,
    note: '',
    created: `2026-01-01 00:00:${String(seq).padStart(2, '0')}.000Z`,
  };
}

describe('a customer statement', () => {
  const movements = [
    movement('in', '2026-11-10', 3, 1),
    movement('out', '2026-10-01', 10, 20, 4),
    movement('adjustment', '2026-11-15', -1, 0, 0, 'lost'),
    movement('out', '2026-11-03', 5, 10, 2),
    movement('in', '2026-10-20', 4, 8, 0),
    movement('out', '2026-12-02', 7),
  ];

  it('opens with what was held before the period and runs a balance through it in date order', () => {
    const statement = buildStatement(movements, '2026-11-01', '2026-11-30');
    expect(statement.opening).toEqual({ trolleys: 6, shelves: 12, extensions: 4 });
    expect(statement.lines.map((line) => line.movement.date)).toEqual(['2026-11-03', '2026-11-10', '2026-11-15']);
    expect(statement.lines.map((line) => line.change.trolleys)).toEqual([5, -3, -1]);
    expect(statement.lines.map((line) => line.balance)).toEqual([
      { trolleys: 11, shelves: 22, extensions: 6 },
      { trolleys: 8, shelves: 21, extensions: 6 },
      { trolleys: 7, shelves: 21, extensions: 6 },
    ]);
    expect(statement.closing).toEqual({ trolleys: 7, shelves: 21, extensions: 6 });
  });

  it('counts both ends of the period and nothing after it', () => {
    const statement = buildStatement(movements, '2026-10-01', '2026-11-03');
    expect(statement.opening).toEqual({ trolleys: 0, shelves: 0, extensions: 0 });
    expect(statement.lines).toHaveLength(3);
    expect(statement.closing).toEqual({ trolleys: 11, shelves: 22, extensions: 6 });
  });

  it('keeps the recorded order within a day, and an empty period closes at its opening', () => {
    const sameDay = [movement('in', '2026-11-05', 1), movement('out', '2026-11-05', 4)];
    expect(buildStatement(sameDay, '2026-11-01', '2026-11-30').lines.map((line) => line.balance.trolleys)).toEqual([-1, 3]);
    const empty = buildStatement(movements, '2027-01-01', '2027-01-31');
    expect(empty.lines).toEqual([]);
    expect(empty.closing).toEqual(empty.opening);
    expect(empty.closing.trolleys).toBe(14);
  });

  it('names each movement', () => {
    expect(movementLabel({ kind: 'out', reason: '' })).toBe('Delivered');
    expect(movementLabel({ kind: 'in', reason: '' })).toBe('Returned');
    expect(movementLabel({ kind: 'adjustment', reason: 'damaged' })).toBe('Adjustment (damaged)');
  });
});

describe('a statement as CSV', () => {
  it('frames the movements with the opening and closing balances', () => {
    const statement = buildStatement(
      [movement('out', '2026-11-03', 5, 10, 2), movement('in', '2026-10-03', 0, 1), movement('in', '2026-11-04', 2, 0, 0)],
      '2026-11-01',
      '2026-11-30',
    );
    expect(statementCsv(statement, 'Smith, Garden Centre').split('\r\n')).toEqual([
      '\uFEFFCustomer,Date,Movement,Note,Trolleys,Shelves,Extensions,Balance trolleys,Balance shelves,Balance extensions',
      '"Smith, Garden Centre",2026-11-01,Opening balance,,,,,0,-1,0',
      '"Smith, Garden Centre",2026-11-03,Delivered,,5,10,2,5,9,2',
      '"Smith, Garden Centre",2026-11-04,Returned,,-2,0,0,3,9,2',
      '"Smith, Garden Centre",2026-11-30,Closing balance,,,,,3,9,2',
      '',
    ]);
    expect(statementFileName('Łódź Ogrody & Co.', '2026-11-01', '2026-11-30', 'pdf')).toBe(
      'statement_Łodz-Ogrody-Co_2026-11-01_2026-11-30.pdf',
    );
  });
});
