// One way to make test accounts, shared by the Vitest server tests (tests/support/server.ts) and
// the Playwright fixtures (tests/support/e2e-fixtures.ts): the operator's account code
// (src/server/admin/accounts.ts), which validates like sign-up and writes through the one write
// path. No mail round trip and no sign-up request per account; the journeys that test sign-up and
// verification by mail make their accounts the way a person does.
import { AccountAdmin } from '../../src/server/admin/accounts';
import type { Role } from '../../src/domain/records';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';

export interface AccountOptions {
  /** A verified e-mail address (default true). */
  verified?: boolean;
  /** Agreed to the current terms, v1.0 (default true); otherwise to older terms, as after a terms change. */
  acceptTerms?: boolean;
  /**
   * The nursery the account joins, with `role` (default office: every action of the tests before
   * roles, deletes included). Without it the account makes a nursery of its own and is its admin,
   * as a sign-up does: two accounts made without share nothing (docs/decisions/036).
   */
  nursery?: string;
  role?: Role;
}

export interface CreatedAccount {
  id: string;
  username: string;
  email: string;
  password: string;
  nursery: string;
  role: Role;
}

export const TEST_PASSWORD = 'green-house-42';

let counter = 0;

/** Creates an account through `admin` with a unique username and e-mail. */
export async function createTestAccount(admin: AccountAdmin, options: AccountOptions = {}): Promise<CreatedAccount> {
  const { verified = true, acceptTerms = true, nursery } = options;
  const n = `${process.pid}${++counter}${Math.floor(Math.random() * 1e6)}`;
  const username = `staff${n}`;
  const email = `staff${n}@nursery.test`;
  const membership = nursery ? { nursery, role: options.role ?? 'office' } : {};
  const user = await admin.createUser({ username, email, password: TEST_PASSWORD, verified, acceptTerms: true, ...membership });
  if (!acceptTerms) await admin.agreeToTerms(user.id, 'v0.9');
  if (!nursery && options.role && options.role !== 'admin')
    throw new Error('createTestAccount: a role other than admin needs a nursery to join');
  return { id: user.id, username, email, password: TEST_PASSWORD, nursery: user.nursery, role: user.role as Role };
}

/**
 * For a server in another process (the Playwright e2e server): opens its database with the same
 * settings, makes the account, closes the database again.
 */
export async function createAccountInDatabase(config: Config, options: AccountOptions = {}): Promise<CreatedAccount> {
  const database = await openDatabase(config);
  try {
    return await createTestAccount(new AccountAdmin(database, { ...config, passwordHashCost: 'test' }), options);
  } finally {
    await database.close();
  }
}
