import { userSettings } from '#domain/collections/user-settings';
import { validationFailed } from '../../errors';
import { STAFF, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** One record per user, visible and writable only by that user; never deleted (docs/decisions/005). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: 'user = @request.auth.id' },
  view: { gate: STAFF, condition: 'user = @request.auth.id' },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: 'user = @request.auth.id' },
  delete: { gate: STAFF, condition: 'user = @request.auth.id', deny: 'Settings cannot be deleted; save empty headings instead.' },
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
