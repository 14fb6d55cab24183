import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';
import { tasksCollection } from '../records/collections/tasks';
import { compileFilter } from '../records/filter/compile-filter';
import { compilePredicate } from '../records/filter/evaluate-filter';
import { FilterError } from '../records/filter/field-map';
import { parseFilter } from '../records/filter/parse-filter';
import { anyJson, anyText, filterText, headerText, numberParam, payload, sortText, sqlInjection } from './arbitraries';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';

// Generated bad input (issue 9): thousands of hostile filters, bodies, headers and query
// parameters against the real server. Whatever comes in: never a 5xx, never a crash, never a
// record of a collection or user the caller may not see, and SQL stays text.
// FUZZ_RUNS scales the number of inputs (1 = the default of a little over 10,000).

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
let tried = 0;

let server: TestServer;
let ann: TestAccount;
let bob: TestAccount;
let eve: TestAccount;
let annOrderId: string;
let annSettingsId: string;
let runId: string;

beforeAll(async () => {
  server = await startTestServer({ authRateLimitPerMinute: 1_000_000 });
  // Ann's nursery, where Bob works in the office; Eve is of another nursery (docs/decisions/036).
  [ann, eve] = await Promise.all([createAccount(server), createAccount(server)]);
  bob = await createAccount(server, { nursery: ann.nursery, role: 'office' });
  annOrderId = (await ann.pb.collection('tasks').create({ title: 'Greenfield Nursery', day: 'monday', year: FUTURE_YEAR, weekNumber: 47 }))
    .id;
  annSettingsId = (await ann.pb.collection('user_settings').create({ settings_json: { monday_heading: 'Ann only' } })).id;
  const vehicleInfo = { driver: 'Sam', reg: 'AB12 CDE', code: '', date: '2026-03-02', vehicleType: 'lorry', trolleyNumber: 8, grid: [] };
  runId = (await ann.pb.collection('trolley_exports').create({ name: 'Monday run', data: [], vehicleInfo })).id;
});

afterAll(async () => {
  console.log(`fuzz: tried ${tried} generated inputs`);
  await server?.close();
});

interface Answer {
  status: number;
  json: unknown;
  text: string;
}

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  tried++;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: checked by the caller where it matters
  }
  return { status: response.status, json, text };
}

/** The invariants every answer must keep, whoever asked. */
function expectSafe(answer: Answer, caller: TestAccount | null, context: string, checkRecords = true): void {
  if (answer.status >= 500) throw new Error(`${context} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (answer.status >= 400) {
    const body = answer.json as { status?: unknown; message?: unknown } | null;
    // Every error is PocketBase's envelope with a sentence (for 304/204 there is no body).
    if (!body || typeof body.message !== 'string' || body.message === '')
      throw new Error(`${context}: ${answer.status} without a message: ${answer.text.slice(0, 200)}`);
  }
  if (answer.status < 300 && /\$argon2id\$v=/.test(answer.text))
    throw new Error(`${context} leaked a password hash: ${answer.text.slice(0, 300)}`);
  if (!checkRecords || answer.status !== 200 || !answer.json || typeof answer.json !== 'object') return;
  const body = answer.json as { items?: unknown; collectionName?: unknown };
  const records = Array.isArray(body.items) ? (body.items as Array<Record<string, unknown>>) : [body as Record<string, unknown>];
  for (const record of records) {
    if (record && typeof record === 'object' && ('passwordHash' in record || 'tokenKey' in record))
      throw new Error(`${context} leaked a secret column: ${answer.text.slice(0, 300)}`);
    const collection = record.collectionName ?? context.split(' ')[1];
    // Nothing of another nursery, ever; a teammate's account without its address unless an admin asks.
    const nursery = collection === 'nurseries' ? record.id : record.nursery;
    if (nursery !== undefined && nursery !== caller?.nursery)
      throw new Error(`${context} showed a record of another nursery to ${caller?.username ?? 'a visitor'}`);
    if (
      collection === 'users' &&
      record.id !== undefined &&
      record.id !== caller?.id &&
      record.email !== undefined &&
      caller?.role !== 'admin'
    )
      throw new Error(`${context} showed a teammate's e-mail address to ${caller?.username ?? 'a visitor'}`);
    if (collection === 'user_settings' && record.user !== undefined && record.user !== caller?.id)
      throw new Error(`${context} showed another user's settings to ${caller?.username ?? 'a visitor'}`);
  }
}

const COLLECTIONS = ['tasks', 'user_settings', 'trolley_exports', 'users'] as const;
const callerArb = fc.constantFrom('ann', 'bob', 'visitor');
const callerOf = (name: string): TestAccount | null => (name === 'ann' ? ann : name === 'bob' ? bob : null);

describe('the filter parser and compiler', { timeout: 60_000 }, () => {
  it('turn any text into a filter or a FilterError, and every filter into SQL that runs', async () => {
    const db = server.built.database.db;
    const sample = { id: 'abc', title: 'Greenfield', day: 'monday', weekNumber: 47, year: 2026, created: '2026-11-21 10:00:00.000Z' };
    await fc.assert(
      fc.asyncProperty(filterText, async (text) => {
        tried++;
        let node;
        try {
          node = parseFilter(text);
        } catch (error) {
          if (error instanceof FilterError) return;
          throw error;
        }
        let condition;
        try {
          condition = compileFilter(node, tasksCollection.fields, server.built.database.dialect);
          compilePredicate(node, tasksCollection.fields, server.built.database.dialect)(sample);
        } catch (error) {
          if (error instanceof FilterError) return;
          throw error;
        }
        await sql`SELECT count(*) AS n FROM tasks WHERE ${condition}`.execute(db);
      }),
      { numRuns: runs(4500) },
    );
  });
});

describe('the records API under generated input', { timeout: 180_000 }, () => {
  it('answers list query parameters without a 5xx or a record the caller may not see', async () => {
    const param = fc.record(
      {
        page: numberParam,
        perPage: numberParam,
        sort: sortText,
        filter: filterText,
        fields: fc.oneof(anyText, fc.constantFrom('*', 'id,passwordHash,tokenKey', 'id,email', 'expand.user')),
        skipTotal: fc.oneof(fc.constantFrom('1', 'true', '0', 'false', 'yes'), anyText),
        expand: fc.constantFrom('user', 'user.passwordHash', ''),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COLLECTIONS), callerArb, param, async (collection, who, query) => {
        const caller = callerOf(who);
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const answer = await call('GET', `/api/collections/${collection}/records?${search}`, { token: caller?.pb.authStore.token });
        expectSafe(answer, caller, `list ${collection} ?${search.slice(0, 200)}`);
      }),
      { numRuns: runs(1500) },
    );
  });

  it('refuses or stores generated create bodies, always for the caller', async () => {
    const keys = {
      tasks: [
        'title',
        'day',
        'weekNumber',
        'year',
        'customerType',
        'other',
        'status',
        'orderInfo',
        'trollies',
        'extras',
        'postcode',
        'orderNumber',
        'user',
        'id',
        'created',
      ],
      user_settings: ['settings_json', 'user', 'id'],
      trolley_exports: ['name', 'data', 'vehicleInfo', 'user', 'id'],
      users: [
        'username',
        'email',
        'password',
        'passwordConfirm',
        'termsAgreement',
        'verified',
        'emailVisibility',
        'tokenKey',
        'passwordHash',
      ],
    } as const;
    const body = fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: anyText },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COLLECTIONS), callerArb, body, fc.nat(), async (collection, who, raw, seed) => {
        const caller = callerOf(who);
        const generated = raw ?? JSON.stringify(fc.sample(payload(keys[collection]), { numRuns: 1, seed })[0]);
        const answer = await call('POST', `/api/collections/${collection}/records`, { token: caller?.pb.authStore.token, body: generated });
        // A sign-up answers with the new account itself.
        expectSafe(answer, caller, `create ${collection} ${generated.slice(0, 200)}`, collection !== 'users');
        if (answer.status === 200 && collection !== 'users') {
          const record = answer.json as Record<string, unknown>;
          expect(record.user).toBe(caller?.id);
        }
      }),
      { numRuns: runs(1300) },
    );
  });

  it('refuses or applies generated updates, never to what the caller may not change', async () => {
    const targets = (): Array<{ collection: string; id: string; caller: TestAccount }> => [
      { collection: 'tasks', id: annOrderId, caller: bob },
      { collection: 'trolley_exports', id: runId, caller: bob },
      { collection: 'user_settings', id: annSettingsId, caller: ann },
      { collection: 'user_settings', id: annSettingsId, caller: bob },
      { collection: 'users', id: eve.id, caller: eve },
      { collection: 'users', id: ann.id, caller: bob },
    ];
    const keys = [
      'title',
      'weekNumber',
      'year',
      'status',
      'day',
      'settings_json',
      'data',
      'vehicleInfo',
      'name',
      'user',
      'verified',
      'email',
      'username',
      'termsAgreement',
      'password',
      'oldPassword',
      'tokenKey',
      'id',
      'updated',
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat(5), payload(keys), fc.option(headerText), async (index, body, ifMatch) => {
        const target = targets()[index] as ReturnType<typeof targets>[number];
        const headers: Record<string, string> = ifMatch === null ? {} : { 'if-match': ifMatch };
        const answer = await call('PATCH', `/api/collections/${target.collection}/records/${target.id}`, {
          token: target.caller.pb.authStore.token,
          body: JSON.stringify(body),
          headers,
        });
        expectSafe(answer, target.caller, `update ${target.collection} ${JSON.stringify(body).slice(0, 200)}`);
        // Someone else's settings and account are not found, as if they did not exist.
        if (
          target.collection !== 'tasks' &&
          target.collection !== 'trolley_exports' &&
          target.caller.id !== (target.collection === 'users' ? target.id : ann.id)
        )
          expect([400, 404]).toContain(answer.status);
        if (answer.status === 200 && (target.collection === 'tasks' || target.collection === 'trolley_exports'))
          expect([ann.id, bob.id]).toContain((answer.json as Record<string, unknown>).user);
      }),
      { numRuns: runs(1300) },
    );
    // The accounts are as they were where clients may not change them.
    const annNow = await ann.pb.collection('users').getOne(ann.id);
    expect(annNow.verified).toBe(true);
    expect(annNow.email).toBe(ann.email);
  });

  it('treats generated Authorization, If-Match, X-Confirm-Password and Content-Type headers safely', async () => {
    const realToken = () => ann.pb.authStore.token;
    const forgedNone = () => {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = { id: ann.id, collectionId: '_pb_users_auth_', type: 'auth', exp: 4102444800 };
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    };
    const authorization = fc.oneof(
      headerText,
      fc.constantFrom('', 'Bearer', 'Bearer ', 'null', 'undefined'),
      fc.nat(200).map((i) => {
        const t = realToken();
        // Not the last character of a segment: its low bits are padding and may decode the same.
        let at = i % (t.length - 1);
        if (t[at + 1] === '.') at -= 1;
        return t.slice(0, at) + (t[at] === 'a' ? 'b' : 'a') + t.slice(at + 1);
      }),
      headerText.map((junk) => realToken() + junk),
      fc.constant('genuine'),
      fc.constant('forged-none'),
    );
    const contentType = fc.oneof(
      headerText,
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        authorization,
        fc.constantFrom('GET users', 'GET user_settings', 'GET tasks', 'POST tasks', 'PATCH tasks', 'DELETE tasks'),
        fc.option(headerText),
        contentType,
        fc.oneof(
          anyText,
          anyJson.map((v) => JSON.stringify(v) ?? ''),
        ),
        async (rawAuth, what, extra, type, body) => {
          const token = rawAuth === 'genuine' ? realToken() : rawAuth === 'forged-none' ? forgedNone() : rawAuth;
          // fetch trims header values, as any HTTP client may. A token with text appended is still
          // Ann's (JWT libraries accept base64 padding such as a trailing "="): whoever sends it holds
          // her token, so it may sign in as her, and only as her.
          const genuine = token
            .trim()
            .replace(/^Bearer\s+/i, '')
            .startsWith(realToken());
          const [method, collection] = what.split(' ') as [string, string];
          const path =
            method === 'GET' || method === 'POST'
              ? `/api/collections/${collection}/records`
              : `/api/collections/${collection}/records/${annOrderId}`;
          const headers: Record<string, string> = { 'content-type': type };
          if (extra !== null) headers[method === 'DELETE' ? 'x-confirm-password' : 'if-match'] = extra;
          const answer = await call(method, path, { token, headers, body: method === 'GET' || method === 'DELETE' ? undefined : body });
          expectSafe(answer, genuine ? ann : null, `${what} with Authorization ${JSON.stringify(token.slice(0, 80))}`);
          if (!genuine) expect(answer.status).toBeGreaterThanOrEqual(400);
          if (method === 'DELETE') expect(answer.status).not.toBe(204);
        },
      ),
      { numRuns: runs(1200) },
    );
    // The order survived every wrong deletion password.
    expect((await ann.pb.collection('tasks').getOne(annOrderId)).id).toBe(annOrderId);
  });

  it('keeps SQL injection strings as text, in stored fields and in searches', async () => {
    await fc.assert(
      fc.asyncProperty(sqlInjection, async (text) => {
        const created = await call('POST', '/api/collections/tasks/records', {
          token: ann.pb.authStore.token,
          body: JSON.stringify({ title: text, orderNumber: text, day: 'monday', year: FUTURE_YEAR, weekNumber: 47 }),
        });
        expectSafe(created, ann, `create tasks ${text}`);
        if (created.status === 200) {
          const id = (created.json as { id: string }).id;
          const read = await ann.pb.collection('tasks').getOne(id);
          tried++;
          expect(read.title).toBe(text);
          expect(read.orderNumber).toBe(text);
        }
        const filter = ann.pb.filter('title ~ {:q} || orderNumber ~ {:q}', { q: text });
        const search = await call('GET', `/api/collections/tasks/records?perPage=30&sort=-created&filter=${encodeURIComponent(filter)}`, {
          token: ann.pb.authStore.token,
        });
        expectSafe(search, ann, `search ${text}`);
        // With an unescaped % (or a \ escape) the operand is the client's own LIKE pattern, as in
        // PocketBase, so only plain text must find itself.
        if (search.status === 200 && created.status === 200 && !/[%\\]/.test(text))
          expect((search.json as { items: Array<{ id: string }> }).items.map((o) => o.id)).toContain((created.json as { id: string }).id);
      }),
      { numRuns: runs(500) },
    );
    // Every table is still there and still answers.
    for (const collection of COLLECTIONS)
      expect((await call('GET', `/api/collections/${collection}/records`, { token: ann.pb.authStore.token })).status).toBe(200);
    expect(tried).toBeGreaterThan(0);
  });
});
