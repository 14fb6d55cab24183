import { sql, type Kysely } from 'kysely';
import { invitationRefusal, type InvitationPreview } from '#domain/accounts/invitations';
import { lastAdminRefusal, type TeamChange } from '#domain/accounts/last-admin';
import { validatePasswordPair, validateUsername } from '#domain/accounts/validate-signup';
import { ROLES, type Role } from '#domain/records';
import { readText, type FieldErrors } from '#domain/validation';
import { hashPassword, type PasswordHashCost } from '../auth/passwords';
import type { Database, UsersTable } from '../db/schema';
import { ApiError, notFound, validationFailed } from '../errors';
import type { RecordService, WriteBatch } from '../records/record-service';
import { newTokenKey, usersCollection } from '../records/collections/users';
import type { ApiRecord } from '../records/record-mapping';
import { RecordStore, type Row } from '../records/record-store';
import type { SqlDialect } from '../records/filter/field-map';
import type { NurseriesRepository } from '../users/nurseries-repository';
import type { UsersRepository } from '../users/users-repository';
import { invitationRefused, openInvitation, useInvitation } from './invitation-use';
import type { MemberChangeBody, TemporaryPasswordBody, YardAccountBody } from './team-schemas';

export interface TeamServiceDeps {
  records: RecordService;
  users: UsersRepository;
  nurseries: NurseriesRepository;
  db: Kysely<Database>;
  dialect: SqlDialect;
  now: () => Date;
  passwordHashCost: PasswordHashCost;
}

const ROLE_ERROR = { code: 'validation_invalid_value', message: `Choose one of the roles: ${ROLES.join(', ')}.` };
const NAME_MAX_LENGTH = 100;

export function readRole(value: unknown): Role | null {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

/**
 * What the Team page and the invitation link do, beyond what the records API can say
 * (docs/decisions/035). Every write goes through the one write path (RecordService), several at
 * once in one transaction where they must hold together; the last-admin rule is checked inside
 * that transaction, with the nursery's row locked on PostgreSQL, so two admins demoting each other
 * at the same moment cannot leave a nursery without one.
 */
export class TeamService {
  private readonly store: RecordStore;

  constructor(private readonly deps: TeamServiceDeps) {
    this.store = new RecordStore(deps.db, deps.dialect);
  }

  // ---- invitations ----

  /** What the link shows: the nursery, the address, the role, who invited. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await openInvitation(this.store, token, this.deps.now());
    const [nursery, inviter] = await Promise.all([
      this.deps.nurseries.findById(invitation.nursery),
      this.deps.users.findById(invitation.invitedBy),
    ]);
    if (!nursery) throw invitationRefused(invitationRefusal('unknown'));
    return {
      nurseryName: nursery.name,
      email: invitation.email,
      role: invitation.role,
      invitedBy: inviter ? inviter.name.trim() || inviter.username : `An admin of ${nursery.name}`,
      expires: invitation.expires,
    };
  }

  /**
   * A signed-in person accepts: their account moves to the invitation's nursery with its role.
   * Leaving a nursery they are the only admin of (with others in it) is refused, as any demotion of
   * a last admin is. An account whose address the invitation was sent to is verified by it.
   */
  async accept(user: UsersTable, token: string): Promise<ApiRecord> {
    const invitation = await openInvitation(this.store, token, this.deps.now());
    if (user.nursery === invitation.nursery)
      throw new ApiError(409, 'You are already a member of this nursery. Open the board to carry on.');
    const row = await this.deps.records.systemBatch(async (batch) => {
      await this.lockNursery(batch, user.nursery);
      const existing = await batch.store.findById('users', user.id);
      if (!existing) throw notFound();
      const changes: Row = { nursery: invitation.nursery, role: invitation.role };
      if (!existing.verified && String(existing.email) === invitation.email) changes.verified = true;
      const updated = await batch.update('users', existing, changes);
      await this.checkAdminsRemain(
        batch,
        user.nursery,
        user.id,
        { remove: true },
        'You are the only admin of your nursery. Make someone else its admin first, then accept the invitation.',
      );
      await useInvitation(batch, invitation.id, user.id, this.deps.now());
      return updated;
    });
    return usersCollection.toRecord(row);
  }

  // ---- members ----

  /** A member of the admin's own nursery, or 404 (another nursery's people are nobody here). */
  private async memberOf(admin: UsersTable, id: string, db: Kysely<Database> = this.deps.db): Promise<UsersTable> {
    const member = (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UsersTable | undefined;
    if (!member || member.nursery === '' || member.nursery !== admin.nursery) throw notFound();
    return member;
  }

  /**
   * A yard account: a username and password, no e-mail, in the admin's nursery; verified (there is
   * no address to verify) and agreed to nothing yet (the person at the yard screen accepts the terms
   * at the first sign-in, as everyone does).
   */
  async createYardAccount(admin: UsersTable, input: YardAccountBody): Promise<ApiRecord> {
    const errors: FieldErrors = {};
    const username = validateUsername(input.username);
    if (!username.ok) Object.assign(errors, username.errors);
    else if (await this.deps.users.findByUsername(username.value))
      errors.username = { code: 'validation_not_unique', message: 'This username is already taken.' };
    const name = readText(input.name ?? '', NAME_MAX_LENGTH);
    if (!name.ok) errors.name = name.error;
    const role = readRole(input.role ?? 'viewer');
    if (!role) errors.role = ROLE_ERROR;
    const pair = validatePasswordPair(input.password, input.passwordConfirm);
    if (!pair.ok) Object.assign(errors, pair.errors);
    if (Object.keys(errors).length > 0 || !username.ok || !name.ok || !role || !pair.ok) throw validationFailed(errors);
    const passwordHash = await hashPassword(pair.value.password, this.deps.passwordHashCost);
    const row = await this.deps.records.systemBatch((batch) =>
      batch.insert('users', {
        username: username.value,
        name: name.text.trim(),
        email: '',
        emailVisibility: false,
        verified: true,
        termsAgreement: '',
        tokenKey: newTokenKey(),
        nursery: admin.nursery,
        role,
        disabled: false,
        mustChangePassword: false,
        lastSignIn: '',
        passwordHash,
      }),
    );
    return usersCollection.toRecord(row);
  }

  /** A new role, or disabling / enabling. Disabling ends the person's sessions and live streams at once. */
  async change(admin: UsersTable, id: string, input: MemberChangeBody): Promise<ApiRecord> {
    let change: TeamChange & Row;
    if ('role' in input && !('disabled' in input)) {
      const role = readRole(input.role);
      if (!role) throw validationFailed({ role: ROLE_ERROR });
      change = { role };
    } else if ('disabled' in input && !('role' in input) && typeof input.disabled === 'boolean') {
      change = { disabled: input.disabled };
    } else {
      throw validationFailed({
        body: { code: 'validation_invalid_body', message: 'Send either a new role or whether the account is disabled (true or false).' },
      });
    }
    const row = await this.deps.records.systemBatch(async (batch) => {
      await this.lockNursery(batch, admin.nursery);
      const member = await this.memberOf(admin, id, batch.db);
      const changes: Row = { ...change };
      // A disabled person is signed out everywhere: their tokens were signed with the old key.
      if ('disabled' in change && change.disabled && !member.disabled) changes.tokenKey = newTokenKey();
      const updated = await batch.update('users', member as unknown as Row, changes);
      await this.checkAdminsRemain(batch, admin.nursery, id, change);
      return updated;
    });
    return usersCollection.toRecord(row);
  }

  /** A temporary password: sessions end now, and the person chooses their own at the next sign-in. */
  async setTemporaryPassword(admin: UsersTable, id: string, input: TemporaryPasswordBody): Promise<ApiRecord> {
    const pair = validatePasswordPair(input.password, input.passwordConfirm);
    if (!pair.ok) throw validationFailed(pair.errors);
    const passwordHash = await hashPassword(pair.value.password, this.deps.passwordHashCost);
    const row = await this.deps.records.systemBatch(async (batch) => {
      const member = await this.memberOf(admin, id, batch.db);
      return batch.update('users', member as unknown as Row, { passwordHash, tokenKey: newTokenKey(), mustChangePassword: true });
    });
    return usersCollection.toRecord(row);
  }

  /**
   * Takes a person out of the nursery: a yard account (no e-mail) is deleted; an account with an
   * address keeps existing without a nursery, signed out, until an invitation brings it into one.
   */
  async remove(admin: UsersTable, id: string): Promise<void> {
    await this.deps.records.systemBatch(async (batch) => {
      await this.lockNursery(batch, admin.nursery);
      const member = await this.memberOf(admin, id, batch.db);
      if (member.email === '') await batch.delete('users', member as unknown as Row);
      else await batch.update('users', member as unknown as Row, { nursery: '', role: 'viewer', tokenKey: newTokenKey() });
      await this.checkAdminsRemain(batch, admin.nursery, id, { remove: true });
    });
  }

  // ---- the last-admin rule ----

  /**
   * Serialises changes to one nursery's people on PostgreSQL (a row lock on the nursery until the
   * transaction ends); SQLite runs one write transaction at a time anyway.
   */
  private async lockNursery(batch: WriteBatch, nursery: string): Promise<void> {
    if (batch.dialect !== 'postgres' || nursery === '') return;
    await sql`SELECT id FROM nurseries WHERE id = ${nursery} FOR UPDATE`.execute(batch.db);
  }

  /** After `change` was written in `batch`: refused (and rolled back) if the nursery has no active admin left. */
  private async checkAdminsRemain(
    batch: WriteBatch,
    nursery: string,
    targetId: string,
    change: TeamChange,
    refusal?: string,
  ): Promise<void> {
    if (nursery === '') return;
    const members = await batch.db
      .selectFrom('users')
      .select(['id', 'role', 'disabled', 'nursery'])
      .where('nursery', '=', nursery)
      .execute();
    const activeAdmins = members.filter((m) => m.role === 'admin' && !m.disabled);
    if (activeAdmins.length > 0) return;
    // Nobody is left at all (the only member moved to another nursery): nobody is locked out.
    if (members.length === 0) return;
    // Said as the rule says it of the nursery before the change (the target was its last admin).
    const others = members.filter((m) => m.id !== targetId).map((m) => ({ id: m.id, role: m.role, disabled: Boolean(m.disabled) }));
    const message =
      refusal ??
      lastAdminRefusal([...others, { id: targetId, role: 'admin', disabled: false }], targetId, change) ??
      'A nursery always needs an admin who can sign in. Make someone else an admin first.';
    throw new ApiError(409, message);
  }
}
