// Who saved a run last and when, in the words of the mapper's questions ("Replace the run saved
// by Tom at 10:12?"). A run's `user` is its last saver (docs/product.md#saved-runs). Anyone who
// may see a run may see its `updated_by` person's username (docs/decisions/034), so that expand
// names them; a run saved before people were recorded has none, and the sentence says "someone
// else".
import type { TrolleyExportRecord } from '#domain/records';

/** A saved run as the mapper asks for it: with its last saver when the server may show them. */
export type SavedRun = TrolleyExportRecord & {
  expand?: { updated_by?: { username?: unknown }; user?: { username?: unknown } };
};

export type Saver = { kind: 'you' } | { kind: 'named'; name: string } | { kind: 'unknown' };

export function saverOf(run: SavedRun, myUserId: string | null): Saver {
  if (myUserId !== null && run.user === myUserId) return { kind: 'you' };
  const name = run.expand?.updated_by?.username ?? run.expand?.user?.username;
  return typeof name === 'string' && name.trim() !== '' ? { kind: 'named', name: name.trim() } : { kind: 'unknown' };
}

/**
 * When a record was saved, as staff say it: "at 10:12" today, "on 23 Nov at 10:12" another day.
 * The time is the device's own (the record's `updated` is UTC).
 */
export function whenSaved(updated: string, now: Date): string {
  const date = new Date(updated.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return `at ${time}`;
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `on ${day} at ${time}`;
}

/** The question before a new plan replaces a run of the same name. */
export function replaceQuestion(run: SavedRun, myUserId: string | null, now: Date): string {
  const when = whenSaved(run.updated, now);
  const saver = saverOf(run, myUserId);
  if (saver.kind === 'you') return `Replace the run you saved ${when}?`;
  return `Replace the run saved by ${saver.kind === 'named' ? saver.name : 'someone else'} ${when}?`;
}

/** What happened when a save was refused because the run was saved elsewhere meanwhile. */
export function changedMeanwhileSentence(run: SavedRun, myUserId: string | null, now: Date): string {
  const when = whenSaved(run.updated, now);
  const saver = saverOf(run, myUserId);
  if (saver.kind === 'you') return `You changed this run ${when} in another tab or on another device.`;
  return `${saver.kind === 'named' ? saver.name : 'Someone else'} changed this run ${when}.`;
}
