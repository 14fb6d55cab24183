import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (~60 ms here): slow enough to resist guessing, fast enough for logins.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks `password` against the user's hash, or, when there is no such user, against a dummy hash
 * made with the same settings, so an unknown name takes as long to refuse as a wrong password and
 * the answer time does not tell which usernames exist.
 */
export async function verifyPasswordOf(user: { passwordHash: string } | undefined, password: string): Promise<boolean> {
  if (user) return verifyPassword(user.passwordHash, password);
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
  return false;
}
