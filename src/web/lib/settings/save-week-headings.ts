// Saving the person's week headings (the Settings screen): apart from ./use-week-headings, which
// the board reads at its first paint, so that the board's first load carries no saving code
// (docs/decisions/074).
import { useMutation } from '@tanstack/react-query';
import type { UserSettingsRecord, WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { queryClient } from '../query-client';
import { settingsKeys } from '../query-keys';
import { useCurrentUser } from '../use-current-user';
import { cachedSettingsOf, type CachedSettings } from './settings-cache';
import { fetchOrCreateSettings, settingsCollection } from './settings-fetch';
import { putSettings } from './use-week-headings';

/** Saves the week headings to the user's settings record and the local cache. Throws on failure. */
export async function saveWeekHeadings(userId: string, headings: WeekHeadings): Promise<CachedSettings> {
  const known = queryClient.getQueryData<CachedSettings>(settingsKeys.forUser(userId));
  const recordId = known?.recordId ?? (await fetchOrCreateSettings(userId)).recordId;
  if (!recordId) throw new Error('saveWeekHeadings: fetchOrCreateSettings always gives a record id.');
  const saved = await (
    await settingsCollection()
  ).update<UserSettingsRecord>(recordId, { settings_json: { ...known?.settings_json, ...pickWeekHeadings(headings) } });
  const value = cachedSettingsOf(userId, saved);
  putSettings(value);
  return value;
}

/** The Save Settings action, with its busy, success and error states. */
export function useSaveWeekHeadings() {
  const user = useCurrentUser();
  return useMutation({
    mutationFn: (headings: WeekHeadings) => {
      if (!user) throw new Error('useSaveWeekHeadings: the settings form is only offered to a signed-in user.');
      return saveWeekHeadings(user.id, headings);
    },
  });
}
