import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, forbidden } from '../errors';
import type { Throttles } from './throttles';

const MAX_WRONG = 5;
const WINDOW_MS = 15 * 60 * 1000;

/** Case-insensitive, constant-time comparison of the typed deletion password (D4). */
export function isDeletePassword(typed: string | string[] | undefined, expected: string): boolean {
  if (typeof typed !== 'string' || typed === '' || expected === '') return false;
  const a = Buffer.from(typed.trim().toLowerCase());
  const b = Buffer.from(expected.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The delete routes' check of `X-Confirm-Password` (D4). Wrong guesses are counted per (user,
 * address) in the database: after five in 15 minutes even the right password waits, so the shared
 * password cannot be guessed at request speed (it was, at ~470 tries a second).
 */
export function deletePasswordCheck(throttles: Throttles, expected: string): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const key = `delete|${request.auth.user?.id ?? 'visitor'}|${request.ip}`;
    if ((await throttles.count(key)) >= MAX_WRONG)
      throw new ApiError(429, 'Too many wrong deletion passwords. Wait 15 minutes and try again.');
    if (!isDeletePassword(request.headers['x-confirm-password'], expected)) {
      await throttles.hit(key, WINDOW_MS);
      throw forbidden('Incorrect password.');
    }
    // The right password forgives earlier typing mistakes.
    await throttles.clear(key);
  };
}
