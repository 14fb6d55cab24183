import { addOrder, api, unique } from '../support/e2e-api';
import { column } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { FUTURE_YEAR } from '../support/open-weeks';

// The board's first screen of lines comes first (issue 32, docs/decisions/074): the first board a
// page load shows draws each day's first screen of lines in its first frame and the rest of the
// week in the next, so a long day is readable sooner. Nothing is left out: every line follows.

/** Lines are at least 32 px apart: a day's first `innerHeight / 32` lines fill the screen. */
const LINE_PX = 32;

test("a long day draws the lines of the first screen first, then the rest of the week's", async ({ page, accounts, signIn }) => {
  test.setTimeout(120_000);
  const account = await accounts.create();
  const pb = await api(account);
  const tag = unique();
  const week = { year: FUTURE_YEAR, weekNumber: 23 };
  const titles = Array.from({ length: 70 }, (_, i) => `Long Monday ${String(i + 1).padStart(2, '0')} ${tag}`);
  for (let i = 0; i < titles.length; i += 10)
    await Promise.all(
      titles.slice(i, i + 10).map((title) => addOrder(pb, { ...week, title, day: 'monday', customerType: 'retail', other: 'none' })),
    );

  // What the first render that has Monday's lines commits, before the browser paints it: how many
  // lines, and where the last of them ends.
  // A string: it runs in the page, and the tests' TypeScript has no DOM types.
  await page.addInitScript({
    content: `(() => {
      const seen = { count: 0, bottom: 0, innerHeight: window.innerHeight };
      window.firstMondayLines = seen;
      new MutationObserver((_, observer) => {
        const lines = document.querySelectorAll('[data-day="monday"] li');
        if (lines.length === 0) return;
        observer.disconnect();
        seen.count = lines.length;
        seen.bottom = lines[lines.length - 1].getBoundingClientRect().bottom;
      }).observe(document, { childList: true, subtree: true });
    })()`,
  });
  await signIn(page, account, `/?year=${week.year}&week=${week.weekNumber}`);

  const monday = column(page, 'Monday');
  await expect(monday.getByRole('listitem').filter({ hasText: tag })).toHaveCount(70);
  const first = JSON.parse(await page.evaluate<string>('JSON.stringify(window.firstMondayLines)')) as {
    count: number;
    bottom: number;
    innerHeight: number;
  };
  expect(first.count, 'the first frame holds a screen of lines, not all 70').toBe(Math.ceil(first.innerHeight / LINE_PX));
  expect(first.bottom, 'and they reach past the bottom of the screen').toBeGreaterThanOrEqual(first.innerHeight);
});
