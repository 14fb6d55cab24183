import { timingSafeEqual } from 'node:crypto';
import { ApiError, forbidden } from '../errors';
import type { Throttles } from './throttles';

const MAX_WRONG = 5;
const WINDOW_MS = 15 * 60 * 1000;

/** Case-insensitive, constant-time comparison of the typed deletion password (docs/decisions/020). */
export function isDeletePassword(typed: string | string[] | undefined, expected: string): boolean {
  if (typeof typed !== 'string' || typed === '' || expected === '') return false;
  const a = Buffer.from(typed.trim().toLowerCase());
  const b = Buffer.from(expected.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface DeletePasswordAttempt {
  /** The signed-in user deleting (null for a visitor, whom the rules refuse anyway). */
  userId: string | null;
  /** The caller's address. */
  address: string;
  /** What was typed (`X-Confirm-Password`). */
  typed: string | string[] | undefined;
}

/** Throws 403 "Incorrect password." or 429; resolves when the delete may go ahead. */
export type DeletePasswordCheck = (attempt: DeletePasswordAttempt) => Promise<void>;

/**
 * The deletion password check of the write path (docs/decisions/020). Wrong guesses are counted per (user,
 * address) in the database: after five in 15 minutes even the right password waits, so the shared
 * password cannot be guessed at request speed (it was, at ~470 tries a second).
 */
export function deletePasswordCheck(throttles: Throttles, expected: string): DeletePasswordCheck {
  return async ({ userId, address, typed }) => {
    const key = `delete|${userId ?? 'visitor'}|${address}`;
    if ((await throttles.count(key)) >= MAX_WRONG)
      throw new ApiError(429, 'Too many wrong deletion passwords. Wait 15 minutes and try again.');
    if (!isDeletePassword(typed, expected)) {
      await throttles.hit(key, WINDOW_MS);
      throw forbidden('Incorrect password.');
    }
    // The right password forgives earlier typing mistakes.
    await throttles.clear(key);
  };
}
