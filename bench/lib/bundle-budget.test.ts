import { describe, expect, it } from 'vitest';
import { budgetVerdicts, verdictLine, type Chunk } from './bundle';

const chunk = (file: string, kbGzip: number, hasPdfCode = false): Chunk => ({ file, kbGzip, hasPdfCode });
const budgets = { firstPaintKb: 50, ordersVisibleKb: 60 };

describe('the board size check (scripts/check-bundle-budget.ts)', () => {
  it('passes a build at or under every budget', () => {
    const verdicts = budgetVerdicts(
      { firstPaint: [chunk('assets/board.js', 50)], firstPaintKb: 50, ordersVisible: [], ordersVisibleKb: 60 },
      budgets,
    );
    expect(verdicts.map((v) => v.isOver)).toEqual([false, false, false]);
    expect(verdictLine(verdicts[0]!)).toBe('First paint: 50.00 kB of 50 kB gzip (0.00 kB to spare).');
  });

  it('fails first paint and the orders each on their own budget', () => {
    const verdicts = budgetVerdicts(
      {
        firstPaint: [chunk('assets/board.js', 50.01)],
        firstPaintKb: 50.01,
        ordersVisible: [chunk('assets/board-data.js', 10)],
        ordersVisibleKb: 60.01,
      },
      budgets,
    );
    expect(verdicts.filter((v) => v.isOver).map((v) => v.what)).toEqual(['First paint', "Until the week's orders show"]);
    expect(verdictLine(verdicts[1]!)).toBe("OVER BUDGET: Until the week's orders show 60.01 kB gzip; the budget is 60 kB.");
  });

  it('fails a board that carries the PDF code, whatever its size', () => {
    const verdicts = budgetVerdicts(
      {
        firstPaint: [chunk('assets/board.js', 10)],
        firstPaintKb: 10,
        ordersVisible: [chunk('assets/board-data.js', 5, true)],
        ordersVisibleKb: 15,
      },
      budgets,
    );
    expect(verdicts.filter((v) => v.isOver).map((v) => v.what)).toEqual(['PDF code on the board']);
  });
});
