import { invitationExpiry } from '#domain/accounts/invitations';
import { readEmailAddress } from '#domain/accounts/validate-signup';
import { invitations } from '#domain/collections/invitations';
import { roleLabel } from '#domain/collections/users';
import { invitationMail } from '../../mail/messages';
import { validationFailed } from '../../errors';
import { invitationTokenHash, newInvitationToken } from '../../team/invitation-tokens';
import { IN_NURSERY, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';
import { formatTimestamp } from '../ids';

const ADMINS = membersWithRole(['admin'], 'Only admins of your nursery can see and send its invitations.');

/** A nursery's admins see, send, withdraw and clear its invitations; nobody else sees any. */
const rules: AccessRules = {
  list: { gate: ADMINS, condition: IN_NURSERY },
  view: { gate: ADMINS, condition: IN_NURSERY },
  create: { gate: ADMINS, condition: null },
  update: { gate: ADMINS, condition: IN_NURSERY },
  delete: { gate: ADMINS, condition: IN_NURSERY },
};

/**
 * Invitations (fields: src/domain/collections/invitations.ts). Creating one makes its token, keeps
 * its hash and expiry, and mails the link (docs/decisions/035). The mail goes out before the
 * record is stored: should storing fail, the link says it is not valid.
 */
export const invitationsCollection = serverCollection(invitations, {
  rules,
  needsDeletePassword: false,
  async beforeCreate(values, { auth, deps: { users, config, now, outbox, store } }) {
    const email = readEmailAddress(values.email, config.signupAllowedDomains);
    if (!email.ok) throw validationFailed({ email: email.error });
    const inviter = auth.user;
    const nursery = inviter ? await store.findById('nurseries', inviter.nursery) : undefined;
    if (!inviter || !nursery) throw new Error('invitations: only members of a nursery invite (the rules say so)');
    const member = await users.findByEmail(email.email);
    if (member && member.nursery === String(nursery.id))
      throw validationFailed({ email: { code: 'validation_already_member', message: 'This person is already in your nursery.' } });
    const token = newInvitationToken();
    const expires = invitationExpiry(now());
    // Counted against the mail limits first: over one, the inviter is told and nothing is stored.
    await outbox.send(
      invitationMail(config.appUrl, email.email, {
        nurseryName: String(nursery.name),
        invitedBy: inviter.name.trim() || inviter.username,
        role: roleLabel(String(values.role)),
        token,
        expires,
      }),
      { nursery: String(nursery.id) },
    );
    return { email: email.email, tokenHash: invitationTokenHash(token), expires: formatTimestamp(expires) };
  },
});
