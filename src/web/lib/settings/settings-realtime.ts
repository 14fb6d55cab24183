// The person's own settings, live (docs/product.md#settings): a save of the week headings on one
// device shows on every board they have open. The server sends `user_settings` events to the
// record's owner only; an event for anyone else is ignored all the same. The nursery's headings
// arrive the same way, as a feed of their own next to this one (./nursery-realtime).
import { COLLECTIONS, type UserSettingsRecord } from '#domain/records';
import { queryClient } from '../query-client';
import { settingsKeys } from '../query-keys';
import type { LiveFeed, RecordEvent } from '../realtime';
import { currentUser } from '../session';
import { cachedSettingsOf } from './settings-cache';
import { putSettings } from './use-week-headings';

function onSettingsEvent(event: RecordEvent<UserSettingsRecord>): void {
  const record = event.record;
  const userId = currentUser()?.id;
  if (!record?.id || !userId || record.user !== userId) return;
  // A settings record is never deleted by the app; if one is, the next fetch makes a new one.
  if (event.action === 'delete') void queryClient.invalidateQueries({ queryKey: settingsKeys.forUser(userId) });
  else putSettings(cachedSettingsOf(userId, record));
}

export const userSettingsFeed: LiveFeed = {
  collection: COLLECTIONS.userSettings,
  onEvent: (event) => onSettingsEvent(event as RecordEvent<UserSettingsRecord>),
  catchUp: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
};
