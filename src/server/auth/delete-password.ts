import { timingSafeEqual } from 'node:crypto';
import { ApiError, forbidden } from '../errors';
import { hashPassword, verifyPassword, type PasswordHashCost } from './passwords';
import type { Throttles } from './throttles';

const MAX_WRONG = 5;
const WINDOW_MS = 15 * 60 * 1000;

/** Deletion passwords are compared ignoring letter case and surrounding spaces (docs/decisions/020). */
export function normalizeDeletePassword(text: string): string {
  return text.trim().toLowerCase();
}

/** Case-insensitive, constant-time comparison of the typed deletion password (docs/decisions/020). */
export function isDeletePassword(typed: string | string[] | undefined, expected: string): boolean {
  if (typeof typed !== 'string' || typed === '' || expected === '') return false;
  const a = Buffer.from(normalizeDeletePassword(typed));
  const b = Buffer.from(normalizeDeletePassword(expected));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A nursery's own deletion password as stored: the hash of its normalised text. */
export function hashDeletePassword(text: string, cost: PasswordHashCost = 'default'): Promise<string> {
  return hashPassword(normalizeDeletePassword(text), cost);
}

/**
 * What a nursery's deletion password is (docs/decisions/036): the hash of its own, or the text of
 * the server's (the operator's DELETE_PASSWORD, or the one generated before there were nurseries),
 * or null when there is neither.
 */
export type ExpectedDeletePassword = { hash: string } | { text: string } | null;

/** What of a nursery decides its deletion password. */
export interface NurseryDeletePassword {
  /** The hash of its own: chosen by its admins, or generated when it was made ('' for neither). */
  deletePasswordHash: string;
  /** The generated one while it has not chosen its own ('' once it has, or when none was generated). */
  generatedDeletePassword: string;
}

/**
 * Which deletion password holds for a nursery (docs/decisions/055): the one its admins chose; else
 * the operator's DELETE_PASSWORD of the running server, whichever process made the nursery (an
 * admin command started without it generates one); else the one generated for it; else the
 * server's older generated one (secrets.json, for the nursery of an installation from before
 * nurseries); else none.
 */
export function expectedDeletePassword(
  nursery: NurseryDeletePassword | undefined,
  server: { operator: string | null; stored: string | null },
): ExpectedDeletePassword {
  const hash = nursery?.deletePasswordHash ?? '';
  const isChosen = hash !== '' && (nursery?.generatedDeletePassword ?? '') === '';
  if (isChosen) return { hash };
  if (server.operator !== null && server.operator !== '') return { text: server.operator };
  if (hash !== '') return { hash };
  return server.stored === null ? null : { text: server.stored };
}

export interface DeletePasswordAttempt {
  /** The signed-in user deleting (null for a visitor, whom the rules refuse anyway). */
  userId: string | null;
  /** Their nursery, whose deletion password holds. */
  nursery: string;
  /** The caller's address. */
  address: string;
  /** What was typed (`X-Confirm-Password`). */
  typed: string | string[] | undefined;
}

/** Throws 403 "Incorrect password." or 429; resolves when the delete may go ahead. */
export type DeletePasswordCheck = (attempt: DeletePasswordAttempt) => Promise<void>;

export const NO_DELETE_PASSWORD = "Your nursery has no deletion password yet. An admin sets one in the nursery's settings.";

/**
 * The deletion password check of the write path (docs/decisions/020, 036). Wrong guesses are
 * counted per (user, address) in the database: after five in 15 minutes even the right password
 * waits, so the password cannot be guessed at request speed (it was, at ~470 tries a second).
 */
export function deletePasswordCheck(
  throttles: Throttles,
  expectedFor: (nursery: string) => Promise<ExpectedDeletePassword>,
): DeletePasswordCheck {
  return async ({ userId, nursery, address, typed }) => {
    const key = `delete|${userId ?? 'visitor'}|${address}`;
    if ((await throttles.count(key)) >= MAX_WRONG)
      throw new ApiError(429, 'Too many wrong deletion passwords. Wait 15 minutes and try again.');
    const expected = await expectedFor(nursery);
    if (expected === null) throw forbidden(NO_DELETE_PASSWORD);
    const right =
      'hash' in expected
        ? typeof typed === 'string' && typed.trim() !== '' && (await verifyPassword(expected.hash, normalizeDeletePassword(typed)))
        : isDeletePassword(typed, expected.text);
    if (!right) {
      await throttles.hit(key, WINDOW_MS);
      throw forbidden('Incorrect password.');
    }
    // The right password forgives earlier typing mistakes.
    await throttles.clear(key);
  };
}
