import { sql } from 'kysely';
import { COLLECTIONS, type WeekHeadings } from '#domain/records';
import { validateUserSettingsInput } from '#domain/settings/validate-settings';
import { requireStaff } from '../../auth/auth-context';
import { forbidden, validationFailed } from '../../errors';
import { parseJsonColumn, type Collection } from '../collection';
import { BASE_FIELDS } from './base-fields';

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
  readScope(auth) {
    const user = requireStaff(auth);
    return sql`${sql.ref('user')} = ${user.id}`;
  },
  async prepareCreate(body, auth, { store }) {
    const user = requireStaff(auth);
    const result = validateUserSettingsInput(body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    if (await store.findOne('user_settings', 'user', user.id)) {
      throw validationFailed({
        user: { code: 'validation_not_unique', message: 'You already have a settings record; update it instead.' },
      });
    }
    return { user: user.id, settings_json: JSON.stringify(result.value.settings_json ?? {}) };
  },
  async prepareUpdate(body, _existing, auth) {
    requireStaff(auth);
    const result = validateUserSettingsInput(body, 'update');
    if (!result.ok) throw validationFailed(result.errors);
    return result.value.settings_json === undefined ? {} : { settings_json: JSON.stringify(result.value.settings_json) };
  },
  authorizeDelete(auth) {
    requireStaff(auth);
    throw forbidden('Settings cannot be deleted; save empty headings instead.');
  },
  needsDeletePassword: false,
  describeConflict: () => ({ user: { code: 'validation_not_unique', message: 'You already have a settings record; update it instead.' } }),
};
