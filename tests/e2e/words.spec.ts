import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DRIVER_API } from '../../src/domain/driver/driver-link';
import { addOrder, api, unique } from '../support/e2e-api';
import { boardPath, column, ownWeek } from '../support/e2e-board';
import { E2E_DELETE_PASSWORD, repoRoot } from '../support/e2e-env';
import { test, expect } from '../support/e2e-fixtures';

// One vocabulary (docs/decisions/070): no screen a signed-in admin reaches, no printed pick sheet
// or run sheet and no mailed message shows a word docs/glossary.md retired, except the spec's own
// texts the glossary keeps. The list is read from the glossary, so the doc is the one source.
// Week 3 of next year is this journey's own (tests/support/e2e-board.ts).

const WEEK = ownWeek(3);

interface Retired {
  word: string;
  pattern: RegExp;
  /** Texts kept wherever they stand ("Task deleted."). */
  kept: string[];
  /** Texts kept only as a whole line, cell or column of their own ("Trollies" the label; {n} a number). */
  keptAlone: RegExp[];
}

/** "Trollies: {n}" -> /^Trollies: \d+(\.\d+)?$/: the label and nothing else on its line. */
function wholeLabel(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{n\\}', String.raw`\d+(?:\.\d+)?`);
  return new RegExp(`^${escaped}$`);
}

/** The "Retired words" list of docs/glossary.md: `- **word** \`pattern\` — … Kept: "text", "label" (on its own).` */
function retiredWords(): Retired[] {
  const glossary = readFileSync(path.join(repoRoot, 'docs/glossary.md'), 'utf8');
  const section = glossary.split(/^## Retired words$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((row) => row.startsWith('- **'))
    .map((row) => {
      const head = /^- \*\*(.+?)\*\* `([^`]+)`/.exec(row);
      if (!head) throw new Error(`docs/glossary.md: a retired word without its pattern: ${row}`);
      const kept = [...(row.split('Kept:')[1] ?? '').matchAll(/"([^"]+)"( \(on its own\))?/g)];
      return {
        word: head[1]!,
        pattern: new RegExp(head[2]!, 'i'),
        kept: kept.filter((match) => !match[2]).map((match) => match[1]!),
        keptAlone: kept.filter((match) => match[2]).map((match) => wholeLabel(match[1]!)),
      };
    });
}

const RETIRED = retiredWords();

/**
 * The retired words in `text`, one line per find. Text is cut into lines, table cells (tabs) and
 * PDF columns (two spaces or more), so a label standing alone can be told from a sentence.
 */
function retiredIn(where: string, text: string): string[] {
  const pieces = text
    .split(/\n|\t| {2,}/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const found: string[] = [];
  for (const piece of pieces) {
    for (const retired of RETIRED) {
      if (retired.keptAlone.some((label) => label.test(piece))) continue;
      const rest = retired.kept.reduce((left, kept) => left.split(kept).join(' | '), piece);
      if (retired.pattern.test(rest)) found.push(`${where}: "${retired.word}" in "${piece}"`);
    }
  }
  return found;
}

/** The page's text as a person reads it, once nothing is still loading. */
async function screenText(page: Page): Promise<string> {
  await expect(page.getByText('Fetching Orders...')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate<string>('document.body.innerText');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A PDF's text one printed line a line, as poppler groups the words it draws (`pdftotext
 * -bbox-layout`), with a tab where the gap between two words is wider than a space (a space is about
 * a fifth of the line's height; the run sheet's columns stand 0.45 of it apart), so a column's header is a piece of
 * its own.
 */
function pdfText(file: string): string {
  const layout = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
  const words = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  return [...layout.matchAll(/<line[^>]*>([\s\S]*?)<\/line>/g)]
    .map((line) => {
      let text = '';
      let lastEnd: number | null = null;
      for (const [, xMin, yMin, xMax, yMax, word] of line[1]!.matchAll(words)) {
        const gap = lastEnd === null ? 0 : Number(xMin) - lastEnd;
        text += lastEnd === null ? '' : gap > 0.35 * (Number(yMax) - Number(yMin)) ? '\t' : ' ';
        text += word!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
        lastEnd = Number(xMax);
      }
      return text;
    })
    .join('\n');
}

async function printed(page: Page, button: string, file: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const saved = test.info().outputPath(file);
  await download.saveAs(saved);
  return pdfText(saved);
}

test('the glossary retires words, each with a pattern', () => {
  expect(RETIRED.map((retired) => retired.word)).toEqual(
    expect.arrayContaining(['task', 'Trollies', 'Selection mode', 'Whiteboard', 'Misc', '0T']),
  );
  expect(RETIRED.find((retired) => retired.word === 'task')?.kept).toContain('Task deleted.');
  // The check itself: a kept text passes, the same word in another sentence does not.
  expect(retiredIn('t', 'Task deleted.\nTrollies\nTrollies: 3\nTotal Trollies: 4\nMisc')).toEqual([]);
  expect(
    retiredIn(
      't',
      'Selection mode is on.\n3 orders · 0T\nin on 2026-11-28\nNo tasks\nBoard type: Whiteboard → Collect\nTrollies: "2" → "3"',
    ),
  ).toHaveLength(6);
});

test('no screen, printed sheet or mail an admin sees shows a retired word', async ({ page, accounts, signIn, mailbox }) => {
  test.setTimeout(180_000);
  const admin = await accounts.create();
  const pb = await api(admin);
  const u = unique();
  const week = { year: WEEK.year, weekNumber: WEEK.week };

  // Orders on the board, a collect, one on holding, one without trolleys; one whose board type
  // and trolleys changed (its history names both); one deleted; a customer with a deleted return.
  const customer = await pb.collection('customers').create({ name: `Words Gardens ${u}`, postcode: 'AB1 2CD' });
  await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 6 });
  const returned = await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'in', date: '2026-11-28', trolleys: 2 });
  await pb.collection('trolley_movements').delete(returned.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  const monday = await addOrder(pb, {
    title: `Monday Greens ${u}`,
    day: 'monday',
    customerType: 'wholesale',
    other: 'none',
    trollies: '3',
    orderNumber: 'SO-1234',
    ...week,
  });
  await addOrder(pb, {
    title: `No trolleys ${u}`,
    day: 'monday',
    customerType: 'retail',
    other: 'none',
    trollies: '',
    orderInfo: 'Back gate',
    ...week,
  });
  const changed = await addOrder(pb, {
    title: `Changed ${u}`,
    day: 'tuesday',
    customerType: 'other',
    other: 'none',
    trollies: '2',
    ...week,
  });
  await pb.collection('tasks').update(changed.id, { other: 'collect', trollies: '3' });
  await addOrder(pb, { title: `Held ${u}`, day: 'wednesday', customerType: 'wholesale', other: 'holding', ...week });
  const gone = await addOrder(pb, { title: `Gone ${u}`, day: 'thursday', customerType: 'wholesale', other: 'none', ...week });
  await pb.collection('tasks').delete(gone.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  const run = await pb.collection('trolley_exports').create({
    name: `Words run ${u}`,
    data: [
      { id: monday.id, title: monday.title, postcode: 'AB1 2CD', trollies: '3', extras: '', orderNumber: 'SO-1234' },
      { id: 'none', title: `Empty stop ${u}`, postcode: 'ME1 1AA', trollies: '0', extras: '', orderNumber: '' },
    ],
    vehicleInfo: { driver: 'Sam', reg: 'AB12 CDE', code: 'R1', date: '2026-11-24', vehicleType: 'lorry', trolleyNumber: 4, grid: [] },
  });
  const link = await pb.send<{ shortUrl: string }>(DRIVER_API.runLinks(run.id), { method: 'POST', body: {} });

  await signIn(page, admin);
  const found: string[] = [];
  const look = async (screen: string) => found.push(...retiredIn(screen, await screenText(page)));

  await page.goto(boardPath(WEEK));
  await expect(column(page, 'Monday').getByText(`Monday Greens ${u}`)).toBeVisible();
  await look('board');
  await page.getByRole('button', { name: 'Map', exact: true }).first().click();
  await expect(page.getByText('0 chosen').first()).toBeVisible();
  await look('board in map mode');
  await page.keyboard.press('Escape');

  await page.goto(`/collect?year=${WEEK.year}&week=${WEEK.week}`);
  await expect(page.getByText(`Changed ${u}`).first()).toBeVisible();
  await look('collects');
  await page.goto('/holdingPage');
  await expect(page.getByText(`Held ${u}`)).toBeVisible();
  await look('holding');
  await page.goto(`/search?q=${encodeURIComponent(u)}`);
  await expect(page.getByText(`Monday Greens ${u}`).first()).toBeVisible();
  await look('search');
  await page.goto(`/edit/${changed.id}`);
  await expect(page.getByRole('list', { name: 'History of this order' }).getByRole('listitem').first()).toBeVisible();
  await look('edit order with its history');
  await page.goto(`/createCustomer?year=${WEEK.year}&week=${WEEK.week}`);
  await expect(page.getByRole('form', { name: 'Order' })).toBeVisible();
  await look('add order');

  await page.goto('/runs');
  await expect(page.getByText(`Words run ${u}`).first()).toBeVisible();
  await look('runs');
  await page.goto(`/runs/view/${run.id}`);
  await expect(page.getByRole('button', { name: `Move stop 2, Empty stop ${u}` })).toBeVisible();
  await look('trolley mapper');
  const runSheet = await printed(page, 'Print', 'run-sheet.pdf');
  found.push(...retiredIn('run sheet PDF', runSheet));

  await page.goto(`/weekday/${WEEK.year}/${WEEK.week}/monday/${mondayOf(WEEK.year, WEEK.week)}`);
  await expect(page.getByText(`Monday Greens ${u}`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Trollies', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Notes', exact: true }).check();
  await look('pick sheet');
  const pickSheet = await printed(page, 'Print', 'pick-sheet.pdf');
  expect(pickSheet).toContain(`Monday Greens ${u}`);
  found.push(...retiredIn('pick sheet PDF', pickSheet));

  for (const [screen, address, shown] of [
    ['customers', '/customers', `Words Gardens ${u}`],
    ['link orders', '/link-orders', ''],
    ['pool statement', '/pool-statement', ''],
    ['plant labels', '/plant-labels', ''],
    ['deleted', '/deleted', `Gone ${u}`],
    ['settings', '/settings', ''],
    ['team', '/team', ''],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (shown) await expect(page.getByText(shown).first()).toBeVisible();
    await look(screen);
  }

  // A mailed message: an invitation from Team.
  const email = `words.${u}@nursery.test`;
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const mail = await mailbox.waitFor(email, 'invited you');
  found.push(...retiredIn('invitation mail', `${mail.subject}\n${mail.text}`));

  // The driver's page, opened from the run's driver link.
  await page.goto(new URL(link.shortUrl).pathname);
  await expect(page.getByRole('list', { name: 'Drops' }).getByRole('heading', { name: `Monday Greens ${u}` })).toBeVisible();
  await look("driver's page");

  expect(found).toEqual([]);
});

/** The day of the month of the Monday of an ISO week, as the pick sheet's address names it. */
function mondayOf(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekOneMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(weekOneMonday + (week - 1) * 7 * 86_400_000).getUTCDate();
}
