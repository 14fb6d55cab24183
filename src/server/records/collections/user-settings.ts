import { userSettings } from '#domain/collections/user-settings';
import { validationFailed } from '../../errors';
import { IN_NURSERY, MEMBER, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/**
 * One record per user, visible and writable only by that user, within their nursery; never
 * deleted (docs/decisions/005). A person's own headings change only their own board, so a
 * viewer may set theirs too (docs/decisions/036).
 */
const OWN = `user = @request.auth.id && ${IN_NURSERY}`;
const rules: AccessRules = {
  list: { gate: MEMBER, condition: OWN },
  view: { gate: MEMBER, condition: OWN },
  create: { gate: MEMBER, condition: null },
  update: { gate: MEMBER, condition: OWN },
  delete: { gate: MEMBER, condition: OWN, deny: 'Settings cannot be deleted; save empty headings instead.' },
};

const ALREADY_HAVE = { code: 'validation_not_unique', message: 'You already have a settings record; update it instead.' };

/** Each user's week headings (fields: src/domain/collections/user-settings.ts). */
export const userSettingsCollection = serverCollection(userSettings, {
  rules,
  needsDeletePassword: false,
  async beforeCreate(values, context) {
    if (await context.deps.store.findOne('user_settings', 'user', values.user)) throw validationFailed({ user: ALREADY_HAVE });
  },
  describeConflict: () => ({ user: ALREADY_HAVE }),
});
