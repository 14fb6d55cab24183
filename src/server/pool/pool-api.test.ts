import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoOfDay } from '#domain/ledger/iso-dates';
import { MAX_POOL_DATES, MAX_POOL_ROWS, POOL_API } from '#domain/ledger/pool-statement';
import { createTeam, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// The pool check through the official SDK (docs/decisions/040): office staff and admins import the
// pool operator's CSV through a column mapping, every member reads it and sees their figures beside
// our ledger's on the statement date; bad files are refused in sentences; nothing crosses nurseries.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const nursery = () => createTeam(server);

const MAPPING = { account: 'Konto', date: '', trolleys: 'CC', shelves: 'Hylder', extensions: 'Forl' };
const CSV = '\uFEFFKonto;Navn;CC;Hylder;Forl\r\n1001;Green;8;12;2\r\n1002;"Hill; Top";3;0;0\r\n9999;Unknown;1;0;0\r\n';

const importCsv = (account: TestAccount, body: Record<string, unknown>) =>
  account.pb.send(POOL_API.import, {
    method: 'POST',
    body: { fileName: 'cc-nov.csv', statementDate: '2026-11-20', mapping: MAPPING, csv: CSV, ...body },
  });

interface ComparisonAnswer {
  contestBy: string;
  comparison: {
    lines: Array<{
      account: string;
      status: string;
      theirs: unknown;
      ours: unknown;
      difference: unknown;
      customers: Array<{ name: string }>;
    }>;
    different: number;
    onlyTheirs: number;
    onlyOurs: number;
  };
}

async function ledger(office: TestAccount) {
  const customers = office.pb.collection('customers');
  const green = await customers.create({ name: 'Green Garden Centre', poolAccount: '1001' });
  const hill = await customers.create({ name: 'Hill Top', poolAccount: '1002' });
  const far = await customers.create({ name: 'Far Away', poolAccount: '2002' });
  await customers.create({ name: 'No Pool Account' });
  const movements = office.pb.collection('trolley_movements');
  const move = (customer: string, kind: string, date: string, trolleys: number, shelves = 0, extensions = 0, reason = '') =>
    movements.create({ customer, kind, date, trolleys, shelves, extensions, reason });
  await move(green.id, 'out', '2026-11-02', 10, 12, 2);
  await move(green.id, 'in', '2026-11-16', 2);
  // After the statement date: not in our balance on it.
  await move(green.id, 'out', '2026-11-23', 5);
  await move(hill.id, 'out', '2026-11-03', 4);
  await move(far.id, 'out', '2026-11-04', 6);
  await move(far.id, 'adjustment', '2026-11-10', -1, 0, 0, 'lost');
  return { green, hill, far };
}

describe('importing a pool statement', () => {
  it('office imports a mapped CSV; every member reads their figures beside ours and the deadline', async () => {
    const { office, staff, viewer } = await nursery();
    await ledger(office);
    const imported = await importCsv(office, {});
    expect(imported).toMatchObject({
      statementDate: '2026-11-20',
      fileName: 'cc-nov.csv',
      importedBy: office.id,
      mapping: MAPPING,
      rows: [
        { account: '1001', date: '2026-11-20', trolleys: 8, shelves: 12, extensions: 2 },
        { account: '1002', date: '2026-11-20', trolleys: 3, shelves: 0, extensions: 0 },
        { account: '9999', date: '2026-11-20', trolleys: 1, shelves: 0, extensions: 0 },
      ],
    });
    for (const reader of [staff, viewer]) {
      const answer = (await reader.pb.send(POOL_API.comparison(imported.id as string), {})) as ComparisonAnswer;
      expect(answer.contestBy).toBe('2026-12-04');
      expect(answer.comparison.lines.map((line) => [line.account, line.status, line.customers.map((c) => c.name)])).toEqual([
        ['1001', 'same', ['Green Garden Centre']],
        ['1002', 'different', ['Hill Top']],
        ['9999', 'only-theirs', []],
        ['2002', 'only-ours', ['Far Away']],
      ]);
      expect(answer.comparison.lines[1]).toMatchObject({
        theirs: { trolleys: 3, shelves: 0, extensions: 0 },
        ours: { trolleys: 4, shelves: 0, extensions: 0 },
        difference: { trolleys: -1, shelves: 0, extensions: 0 },
      });
      expect(answer.comparison.lines[3]?.ours).toEqual({ trolleys: 5, shelves: 0, extensions: 0 });
    }
    // The newest statement's mapping is the one the next import starts from.
    const newest = await staff.pb.collection('pool_statements').getList(1, 1, { sort: '-created' });
    expect(newest.items[0]?.mapping).toEqual(MAPPING);
  });

  it('reads dated rows, each at its own date, and a deadline across the Christmas bank holidays', async () => {
    const { admin } = await nursery();
    const { green } = await ledger(admin);
    const imported = await importCsv(admin, {
      statementDate: '',
      mapping: { account: 'Account', date: 'Date', trolleys: 'Trolleys', shelves: '', extensions: '' },
      csv: 'Account,Date,Trolleys\n1001,18/12/2026,13\n1001,10/11/2026,10\n',
    });
    expect(imported.statementDate).toBe('2026-12-18');
    const answer = (await admin.pb.send(POOL_API.comparison(imported.id as string), {})) as ComparisonAnswer;
    // 25 and 28 December and 1 January are no working days.
    expect(answer.contestBy).toBe('2027-01-06');
    expect(answer.comparison.lines.filter((line) => line.account === '1001').map((line) => [line.status, line.ours])).toEqual([
      ['same', { trolleys: 13, shelves: 12, extensions: 2 }],
      ['same', { trolleys: 10, shelves: 12, extensions: 2 }],
    ]);
    expect(green.poolAccount).toBe('1001');
  });

  it('refuses bad files and mappings with sentences, and staff and viewers may not import', async () => {
    const { office, staff, viewer } = await nursery();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ csv: '' }, /Choose the CSV file/],
      [{ csv: 'x'.repeat(1_000_001) }, /at most 1 MB/],
      [{ csv: 'Konto;CC\n"1001;3\n' }, /never ends: a closing " is missing/],
      [{ csv: 'Konto;CC;Hylder;Forl\n' }, /a header line but no rows/],
      [{ mapping: { ...MAPPING, account: '' } }, /Choose the column that holds the account number/],
      [{ mapping: { ...MAPPING, trolleys: 'Trolleys' } }, /The file has no column "Trolleys"/],
      [{ mapping: 'Konto' }, /Choose which column holds the account number/],
      [{ statementDate: '20/11/2026' }, /year-month-day/],
      [{ statementDate: '' }, /Enter the statement date/],
      [{ periodFrom: '2026-11-30', periodTo: '2026-11-01' }, /./],
    ];
    for (const [body, message] of cases) {
      const refused = await failure(importCsv(office, body));
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.message + JSON.stringify(refused.response.data)).toMatch(message);
    }
    const rows = await failure(importCsv(office, { csv: 'Konto;CC;Hylder;Forl\n1001;three;0;0\n;1;1;1\n1003;1;1;1\n' }));
    expect(rows.status).toBe(400);
    expect(rows.message).toBe('2 rows could not be read. Correct the file, or check the columns chosen.');
    expect(rows.response.data.rows.message.split('\n')).toEqual([
      'Row 2: "three" in column "CC" is not a whole number of trolleys (at most 99999).',
      'Row 3: the account number (column "Konto") is empty.',
    ]);
    for (const reader of [staff, viewer]) {
      const refused = await failure(importCsv(reader, {}));
      expect(refused.status).toBe(403);
      expect(refused.message).toBe('Only office staff and admins can import pool statements. Ask one of them to import this one.');
      expect((await failure(reader.pb.collection('pool_statements').create({ statementDate: '2026-11-20', rows: [] }))).status).toBe(403);
    }
    expect((await office.pb.collection('pool_statements').getFullList()).length).toBe(0);
  });

  it('the records API takes no more than the import does: at most 60 dates, created or updated (docs/decisions/053)', async () => {
    const { office } = await nursery();
    const onDates = (dates: number) =>
      Array.from({ length: MAX_POOL_ROWS }, (_, i) => ({
        account: `A${i}`,
        date: isoOfDay(20_000 + (i % dates)),
        trolleys: 1,
        shelves: 0,
        extensions: 0,
      }));
    const statements = office.pb.collection('pool_statements');
    const created = await failure(statements.create({ statementDate: '2026-11-20', mapping: MAPPING, rows: onDates(MAX_POOL_ROWS) }));
    expect(created.status).toBe(400);
    expect(created.response.data.rows).toEqual({
      code: 'validation_invalid_value',
      message: `A statement may have balances on at most ${MAX_POOL_DATES} different dates; this one has ${MAX_POOL_ROWS}.`,
    });
    const kept = await statements.create({ statementDate: '2026-11-20', mapping: MAPPING, rows: onDates(MAX_POOL_DATES) });
    const updated = await failure(statements.update(kept.id, { rows: onDates(MAX_POOL_DATES + 1) }));
    expect(updated.status).toBe(400);
    expect(updated.response.data.rows.message).toMatch(/at most 60 different dates; this one has 61/);
    expect((await statements.getOne(kept.id)).rows).toHaveLength(MAX_POOL_ROWS);
  });

  it('matches an account outside ASCII whatever its case, on every date of the statement', async () => {
    const { office } = await nursery();
    const customer = await office.pb.collection('customers').create({ name: 'Øresund Planteskole', poolAccount: 'ØR-1' });
    await office.pb
      .collection('trolley_movements')
      .create({ customer: customer.id, kind: 'out', date: '2026-11-02', trolleys: 4, shelves: 0, extensions: 0 });
    const imported = await importCsv(office, {
      statementDate: '',
      mapping: { account: 'Account', date: 'Date', trolleys: 'Trolleys', shelves: '', extensions: '' },
      csv: 'Account,Date,Trolleys\nør-1,2026-11-10,4\nØR-1,2026-11-01,0\n',
    });
    const answer = (await office.pb.send(POOL_API.comparison(imported.id as string), {})) as ComparisonAnswer;
    expect(answer.comparison.lines.map((line) => [line.account, line.status])).toEqual([
      ['ør-1', 'same'],
      ['ØR-1', 'same'],
    ]);
  });

  it('another nursery sees neither the statement nor its comparison', async () => {
    const ours = await nursery();
    const theirs = await nursery();
    await ledger(ours.office);
    const imported = await importCsv(ours.office, {});
    expect((await failure(theirs.admin.pb.send(POOL_API.comparison(imported.id as string), {}))).status).toBe(404);
    expect((await failure(theirs.admin.pb.collection('pool_statements').getOne(imported.id as string))).status).toBe(404);
    expect((await theirs.admin.pb.collection('pool_statements').getFullList()).length).toBe(0);
    // Their own import compares with their own ledger only: our 1001 customer is not theirs.
    const own = await importCsv(theirs.office, {});
    const answer = (await theirs.office.pb.send(POOL_API.comparison(own.id as string), {})) as ComparisonAnswer;
    expect(answer.comparison.lines.map((line) => line.status)).toEqual(['only-theirs', 'only-theirs', 'only-theirs']);
  });
});
