// Each user's settings (collection `user_settings`): the week headings of their board.

import { readWeekHeadings } from '../settings/week-headings-field';
import { defineCollection, json, relation, type RecordOf } from './fields';

/** One record per user, visible and writable only by that user; `user` and `nursery` are set by the server. */
export const userSettings = defineCollection({
  name: 'user_settings',
  id: 'pbc_settings_0001',
  noun: 'settings',
  fields: {
    user: relation('users', { settable: 'always', stamp: 'create' }),
    // The nursery it belongs to, set by the server from the caller (docs/decisions/036).
    nursery: relation('nurseries', { settable: 'always', stamp: 'create', stampWith: 'nursery', default: '' }),
    // A missing or null `settings_json` is the empty record the web app makes for a new user.
    settings_json: json(readWeekHeadings, { settable: 'always', default: {} }),
  },
  indexes: [{ name: 'user_settings_user_unique', on: ['user'], unique: true }],
});

/** A person's own settings (collection `user_settings`). */
export type UserSettingsRecord = RecordOf<typeof userSettings>;
