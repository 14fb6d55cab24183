import { api, unique } from '../support/e2e-api';
import { test, expect } from '../support/e2e-fixtures';
import { E2E_DELETE_PASSWORD } from '../support/e2e-env';
import { FUTURE_YEAR } from '../support/open-weeks';

// The week's orders over plain HTTP, as a yard tablet's Chromium gets them (issue 7, docs/decisions/027): the list
// comes compressed in a coding Chromium offered (gzip on a LAN address; 127.0.0.1 counts as a
// secure origin, so here it offers br as well), and opening the board again revalidates the
// stored answer with If-None-Match and gets 304, still showing every order.

const week = { year: FUTURE_YEAR, weekNumber: 23 };

interface SeenRequest {
  url: string;
  requestHeaders?: Record<string, string>;
  status?: number;
  responseHeaders?: Record<string, string>;
}

const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

test('the board gets its week compressed and revalidates it with 304', async ({ page, accounts, signIn }) => {
  const staff = await accounts.create();
  const pb = await api(staff);
  const tag = unique();
  const titles = Array.from({ length: 12 }, (_, i) => `Zip ${tag} ${i + 1}`);
  const orders = await Promise.all(
    titles.map((title, i) =>
      pb.collection('tasks').create({ title, day: 'thursday', customerType: 'wholesale', orderNumber: `SO-${i}`, ...week }),
    ),
  );
  try {
    await signIn(page, staff);
    // What went over the wire, before Chromium decoded it or answered from its cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const seen = new Map<string, SeenRequest>();
    const at = (id: string): SeenRequest => {
      let request = seen.get(id);
      if (!request) seen.set(id, (request = { url: '' }));
      return request;
    };
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => void (at(e.requestId).url = e.request.url));
    cdp.on('Network.requestWillBeSentExtraInfo', (e: { requestId: string; headers: Record<string, string> }) => {
      at(e.requestId).requestHeaders = lower(e.headers);
    });
    cdp.on('Network.responseReceivedExtraInfo', (e: { requestId: string; statusCode: number; headers: Record<string, string> }) => {
      Object.assign(at(e.requestId), { status: e.statusCode, responseHeaders: lower(e.headers) });
    });
    const weekLists = () =>
      [...seen.values()].filter(
        (r) =>
          r.url.includes('/api/collections/tasks/records') &&
          decodeURIComponent(r.url).includes(`weekNumber = ${week.weekNumber}`) &&
          r.status !== undefined,
      );

    await page.goto(`/?year=${week.year}&week=${week.weekNumber}`);
    for (const title of titles) await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect.poll(() => weekLists().length).toBeGreaterThan(0);
    const first = weekLists()[0]!;
    expect(first.status).toBe(200);
    const offered = String(first.requestHeaders?.['accept-encoding']).split(/\s*,\s*/);
    expect(offered).toContain('gzip');
    const coding = String(first.responseHeaders?.['content-encoding']);
    expect(['gzip', 'br']).toContain(coding);
    expect(offered).toContain(coding);
    expect(first.responseHeaders?.vary).toMatch(/accept-encoding/i);
    expect(first.responseHeaders?.etag).toMatch(/^W\//);

    // The board asks for its week once more when its realtime subscription is in place (decision
    // 011), and the browser keeps the last answer: wait for that, then note what it stored.
    const settled = async () => {
      let before = -1;
      await expect
        .poll(
          () => {
            const now = weekLists().length;
            const stable = now === before;
            before = now;
            return stable;
          },
          { intervals: [700] },
        )
        .toBe(true);
    };
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await settled();

    // Opening the board again: the browser asks whether its stored week is still current. Other
    // specs write orders meanwhile (the list's version is the collection's), so a reload may
    // rightly get a new answer; three tries, each with the ETag the browser stored last.
    let revalidated = false;
    for (let attempt = 0; attempt < 3 && !revalidated; attempt++) {
      const stored = weekLists().at(-1)?.responseHeaders?.etag;
      expect(stored).toMatch(/^W\//);
      seen.clear();
      await page.reload();
      for (const title of titles) await expect(page.getByText(title, { exact: true })).toBeVisible();
      await expect.poll(() => weekLists().length).toBeGreaterThan(0);
      const again = weekLists()[0]!;
      expect(again.requestHeaders?.['if-none-match']).toBe(stored);
      revalidated = again.status === 304;
      if (!revalidated) expect(again.status).toBe(200);
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await settled();
    }
    expect(revalidated, 'a reload with nothing changed is answered 304').toBe(true);
  } finally {
    for (const order of orders) await pb.collection('tasks').delete(order.id, { headers: { 'X-Confirm-Password': E2E_DELETE_PASSWORD } });
  }
});
