import { COLLECTIONS, type WeekHeadings } from '#domain/records';
import { validateUserSettingsInput } from '#domain/settings/validate-settings';
import { validationFailed } from '../../errors';
import { STAFF, type AccessRules } from '../access-rules';
import { callerId, namedUser, parseJsonColumn, type Collection } from '../collection';
import { BASE_FIELDS } from './base-fields';

/** One record per user, visible and writable only by that user; never deleted (docs/decisions/005). */
const rules: AccessRules = {
  list: { gate: STAFF, condition: 'user = @request.auth.id' },
  view: { gate: STAFF, condition: 'user = @request.auth.id' },
  create: { gate: STAFF, condition: null },
  update: { gate: STAFF, condition: 'user = @request.auth.id' },
  delete: { gate: STAFF, condition: 'user = @request.auth.id', deny: 'Settings cannot be deleted; save empty headings instead.' },
};

const ALREADY_HAVE = { code: 'validation_not_unique', message: 'You already have a settings record; update it instead.' };

/** Each user's week headings: one record per user, visible and writable only by that user. */
export const userSettingsCollection: Collection = {
  name: COLLECTIONS.userSettings,
  id: 'pbc_settings_0001',
  table: 'user_settings',
  fields: {
    ...BASE_FIELDS,
    user: { column: 'user', type: 'relation' },
    settings_json: { column: 'settings_json', type: 'json' },
  },
  toRecord: (row) => ({
    id: row.id,
    collectionId: userSettingsCollection.id,
    collectionName: userSettingsCollection.name,
    user: row.user,
    settings_json: parseJsonColumn<WeekHeadings>(row.settings_json, {}),
    created: row.created,
    updated: row.updated,
  }),
  rules,
  // `user`: only the caller, or on update the record's own user (namedUser).
  clientFields: { user: 'always', settings_json: 'always' },
  async prepareCreate(body, context) {
    const user = namedUser(body, context) ?? callerId(context);
    const result = validateUserSettingsInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    if (await context.deps.store.findOne('user_settings', 'user', user)) throw validationFailed({ user: ALREADY_HAVE });
    return { user, settings_json: JSON.stringify(result.value.settings_json ?? {}) };
  },
  async prepareUpdate(body, existing, context) {
    namedUser(body, context, existing);
    const result = validateUserSettingsInput(body, 'update');
    if (!result.ok) throw validationFailed(result.errors);
    return result.value.settings_json === undefined ? {} : { settings_json: JSON.stringify(result.value.settings_json) };
  },
  needsDeletePassword: false,
  describeConflict: () => ({ user: ALREADY_HAVE }),
};
