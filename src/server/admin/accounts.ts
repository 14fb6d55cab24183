import { sql } from 'kysely';
import { validatePasswordPair } from '#domain/accounts/validate-signup';
import { TERMS_VERSION } from '#domain/records';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { UsersTable } from '../db/schema';
import { ApiError } from '../errors';
import { hashPassword } from '../auth/passwords';
import { formatTimestamp, newRecordId } from '../records/ids';
import { RecordStore } from '../records/record-store';
import { newTokenKey, usersCollection } from '../records/collections/users';

/** A problem the operator can fix, printed without a stack trace. */
export class AdminError extends Error {}

function describe(error: unknown): never {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.data).map(([field, e]) => `  ${field}: ${e.message}`);
    throw new AdminError([error.message, ...fields].join('\n'));
  }
  throw error;
}

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  verified: boolean;
  acceptTerms: boolean;
}

/** Operator-side account tasks, going through the same rules as sign-up. */
export class AccountAdmin {
  private readonly store: RecordStore;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: Config,
  ) {
    this.store = new RecordStore(database.db, database.dialect);
  }

  async findUser(identity: string): Promise<UsersTable> {
    const needle = identity.trim().toLowerCase();
    const { rows } = await this.store.list('users', {
      where: [sql`(${sql.ref('email')} = ${needle} OR LOWER(${sql.ref('username')}) = ${needle})`],
      sort: [],
      page: 1,
      perPage: 1,
      skipTotal: true,
    });
    const user = rows[0] as UsersTable | undefined;
    if (!user) throw new AdminError(`No account has the username or email "${identity}".`);
    return user;
  }

  async createUser(account: NewAccount): Promise<UsersTable> {
    const now = new Date();
    const body = {
      username: account.username,
      email: account.email,
      password: account.password,
      passwordConfirm: account.password,
      termsAgreement: { agreed: true, version: TERMS_VERSION, timestamp: now.toISOString() },
    };
    const values = await usersCollection
      .prepareCreate(body, { user: null }, { store: this.store, dialect: this.database.dialect, config: this.config })
      .catch(describe);
    const stamp = formatTimestamp(now);
    const row = {
      ...values,
      id: newRecordId(),
      created: stamp,
      updated: stamp,
      verified: account.verified,
      termsAgreement: account.acceptTerms ? values.termsAgreement : '',
    };
    await this.store.insert('users', row);
    return this.findUser(account.username);
  }

  async verifyUser(identity: string): Promise<UsersTable> {
    const user = await this.findUser(identity);
    await this.store.update('users', user.id, { verified: true, updated: formatTimestamp(new Date()) });
    return user;
  }

  /** Sets a new password and signs the user out everywhere. */
  async setPassword(identity: string, password: string): Promise<UsersTable> {
    const user = await this.findUser(identity);
    const pair = validatePasswordPair(password, password);
    if (!pair.ok)
      throw new AdminError(
        Object.values(pair.errors)
          .map((e) => e.message)
          .join(' '),
      );
    await this.store.update('users', user.id, {
      passwordHash: await hashPassword(pair.value.password),
      tokenKey: newTokenKey(),
      updated: formatTimestamp(new Date()),
    });
    return user;
  }
}
