import { describe, expect, it } from 'vitest';
import { changedMeanwhileSentence, replaceQuestion, whenSaved, type SavedRun } from './run-saver';

// Local times: the record's UTC time is shown in the device's zone, so the cases build it from a local Date.
const now = new Date(2026, 10, 23, 15, 0);
const utc = (local: Date) => local.toISOString().replace('T', ' ');
const today1012 = utc(new Date(2026, 10, 23, 10, 12, 5));

const run = (user: string, over: Partial<SavedRun> = {}): SavedRun =>
  ({ id: 'r1', name: '23-11-2026-Sam-AB12', user, updated: today1012, data: [], ...over }) as unknown as SavedRun;

describe('whenSaved', () => {
  it.each([
    ['today', today1012, 'at 10:12'],
    ['another day this year', utc(new Date(2026, 10, 21, 7, 5)), 'on 21 Nov at 07:05'],
    ['last year', utc(new Date(2025, 11, 30, 18, 45)), 'on 30 Dec 2025 at 18:45'],
    ['unreadable', 'soon', ''],
  ])('%s', (_, updated, text) => {
    expect(whenSaved(updated, now)).toBe(text);
  });
});

describe('replaceQuestion and changedMeanwhileSentence', () => {
  it.each([
    {
      saver: 'someone whose name is not readable',
      record: run('u-tom'),
      question: 'Replace the run saved by someone else at 10:12?',
      conflict: 'Someone else changed this run at 10:12.',
    },
    {
      saver: 'a teammate whose name the server shows',
      record: run('u-tom', { expand: { user: { username: 'Tom' } } }),
      question: 'Replace the run saved by Tom at 10:12?',
      conflict: 'Tom changed this run at 10:12.',
    },
    {
      saver: 'the person asking, elsewhere',
      record: run('u-me', { expand: { user: { username: 'me' } } }),
      question: 'Replace the run you saved at 10:12?',
      conflict: 'You changed this run at 10:12 in another tab or on another device.',
    },
    {
      saver: "a teammate named by the run's updated_by",
      record: run('u-tom', { expand: { updated_by: { username: 'Tom' } } }),
      question: 'Replace the run saved by Tom at 10:12?',
      conflict: 'Tom changed this run at 10:12.',
    },
    {
      saver: 'a blank name',
      record: run('u-tom', { expand: { user: { username: '  ' } } }),
      question: 'Replace the run saved by someone else at 10:12?',
      conflict: 'Someone else changed this run at 10:12.',
    },
  ])('$saver', ({ record, question, conflict }) => {
    expect(replaceQuestion(record, 'u-me', now)).toBe(question);
    expect(changedMeanwhileSentence(record, 'u-me', now)).toBe(conflict);
  });
});
