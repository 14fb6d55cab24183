import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, failure, startTestServer, type TestAccount, type TestServer } from '../../../tests/support/server';

// New orders go into this week or later (issue 7, Create order): the server refuses a past week
// on create as the form does, by the nursery's (UK) calendar with a grace period after midnight
// on Monday; updates and the server's own writes may still use any week.

const PAST_WEEK_MESSAGE = (week: number, year: number, current: string) =>
  `Week ${week} of ${year} has already passed. New orders go into this week (${current}) or a later one.`;

describe('a new order goes into this week or later', () => {
  let server: TestServer;
  let staff: TestAccount;
  // The server's clock, moved by the tests: Sunday 22 November 2026, noon, is in week 47 of 2026.
  let clock = new Date('2026-11-22T12:00:00.000Z');
  const order = (week: { year: number; weekNumber: number }, title = 'Greenfields') => ({ title, day: 'monday', ...week });

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => clock });
    staff = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
  });

  async function titlesStored(): Promise<string[]> {
    return (await staff.pb.collection('tasks').getFullList({ sort: 'created' })).map((r) => r.title as string);
  }

  it('refuses a past week with a sentence on weekNumber, and stores nothing', async () => {
    clock = new Date('2026-11-22T12:00:00.000Z');
    const before = await titlesStored();
    for (const week of [
      { year: 2026, weekNumber: 46 },
      { year: 2026, weekNumber: 1 },
      { year: 2025, weekNumber: 50 },
    ]) {
      const error = await failure(staff.pb.collection('tasks').create(order(week, 'Too late')));
      expect(error.status).toBe(400);
      expect(error.response).toMatchObject({
        status: 400,
        message: 'Failed to create or update the record. Please check the highlighted fields.',
      });
      expect(error.response.data).toEqual({
        weekNumber: {
          code: 'validation_min_number_constraint',
          message: PAST_WEEK_MESSAGE(week.weekNumber, week.year, 'week 47 of 2026'),
        },
      });
    }
    expect(await titlesStored()).toEqual(before);
  });

  it('accepts this week, week 53 of 2026 and next year; refuses week 53 of a 52-week year', async () => {
    clock = new Date('2026-11-22T12:00:00.000Z');
    for (const week of [
      { year: 2026, weekNumber: 47 },
      { year: 2026, weekNumber: 53 },
      { year: 2027, weekNumber: 1 },
      { year: '2027', weekNumber: '52' },
    ]) {
      await expect(staff.pb.collection('tasks').create(order(week as { year: number; weekNumber: number }))).resolves.toMatchObject({
        year: Number(week.year),
        weekNumber: Number(week.weekNumber),
      });
    }
    const error = await failure(staff.pb.collection('tasks').create(order({ year: 2027, weekNumber: 53 })));
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({
      weekNumber: { code: 'validation_max_number_constraint', message: 'Week must be between 1 and 52 for 2027.' },
    });
  });

  it('lets staff edit an order of a week that has since passed, and move any order to a past week', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z'); // Monday of week 10
    const march = await staff.pb.collection('tasks').create(order({ year: 2026, weekNumber: 12 }, 'Made in March'));
    clock = new Date('2026-11-22T12:00:00.000Z');
    // Creating in week 12 now is refused, but the March order still takes every change.
    expect((await failure(staff.pb.collection('tasks').create(order({ year: 2026, weekNumber: 12 })))).status).toBe(400);
    await expect(staff.pb.collection('tasks').update(march.id, { title: 'Corrected', status: 'loaded' })).resolves.toMatchObject({
      title: 'Corrected',
      weekNumber: 12,
      year: 2026,
      status: 'loaded',
    });
    await expect(staff.pb.collection('tasks').update(march.id, { weekNumber: 11 })).resolves.toMatchObject({ weekNumber: 11 });

    const current = await staff.pb.collection('tasks').create(order({ year: 2026, weekNumber: 47 }, 'Moved back'));
    await expect(staff.pb.collection('tasks').update(current.id, { year: 2025, weekNumber: 40 })).resolves.toMatchObject({
      year: 2025,
      weekNumber: 40,
    });
  });

  it('judges by the UK date, still taking last week until 04:00 on Monday', async () => {
    // Monday 1 June 2026 starts week 23; the UK is on summer time (UTC+1).
    const lastWeek = { year: 2026, weekNumber: 22 };
    clock = new Date('2026-06-01T02:59:00.000Z'); // 03:59 in the UK
    await expect(staff.pb.collection('tasks').create(order(lastWeek, 'Sent just after midnight'))).resolves.toMatchObject(lastWeek);

    // 04:00 in the UK, but still 03:00 in UTC: a server judging by UTC would still take last week.
    clock = new Date('2026-06-01T03:00:00.000Z');
    const error = await failure(staff.pb.collection('tasks').create(order(lastWeek, 'Sent at four')));
    expect(error.response.data).toEqual({
      weekNumber: { code: 'validation_min_number_constraint', message: PAST_WEEK_MESSAGE(22, 2026, 'week 23 of 2026') },
    });
    await expect(staff.pb.collection('tasks').create(order({ year: 2026, weekNumber: 23 }))).resolves.toMatchObject({ weekNumber: 23 });
  });

  it('lets the server itself (demo seed, operator tools) add orders to past weeks', async () => {
    clock = new Date('2026-11-22T12:00:00.000Z');
    const row = await server.built.records.systemCreate('tasks', {
      ...order({ year: 2024, weekNumber: 3 }, 'History'),
      user: staff.id,
      nursery: staff.nursery,
    });
    expect(await staff.pb.collection('tasks').getOne(String(row.id))).toMatchObject({ title: 'History', year: 2024, weekNumber: 3 });
  });
});
