import { hash, verify, type Options } from '@node-rs/argon2';

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

export function hashPassword(password: string, cost: PasswordHashCost = 'default'): Promise<string> {
  return hash(password, COSTS[cost]);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
