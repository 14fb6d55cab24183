import type { Options } from '@node-rs/argon2';

// The argon2 library (a native module of ~3 MB resident) is loaded on the first password hashed
// or checked, not at start: a server that answers boards with tokens may never need it
// (docs/decisions/073).
let argon2: Promise<typeof import('@node-rs/argon2')> | null = null;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/**
 * `default`: argon2id with the library's defaults (~60 ms here), slow enough to resist guessing,
 * fast enough for logins. `test`: the cheapest argon2id, for test servers only (never set from the
 * environment, see Config.passwordHashCost). Verifying reads the cost from the hash itself.
 */
export type PasswordHashCost = 'default' | 'test';

const COSTS: Readonly<Record<PasswordHashCost, Options>> = {
  default: {},
  test: { memoryCost: 64, timeCost: 1, parallelism: 1 },
};

export async function hashPassword(password: string, cost: PasswordHashCost = 'default'): Promise<string> {
  return (await loadArgon2()).hash(password, COSTS[cost]);
}

/**
 * A bcrypt hash, as PocketBase keeps passwords: accounts brought over by
 * `npm run admin -- import-pocketbase` keep theirs until their first sign-in, which rehashes the
 * password to ours (docs/decisions/048).
 */
export function isBcryptHash(passwordHash: string): boolean {
  return /^\$2[aby]\$\d\d\$/.test(passwordHash);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    // Loaded on the first such sign-in only: most servers never hold a bcrypt hash.
    if (isBcryptHash(passwordHash)) return await (await import('bcryptjs')).default.compare(password, passwordHash);
    return await (await loadArgon2()).verify(passwordHash, password);
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
