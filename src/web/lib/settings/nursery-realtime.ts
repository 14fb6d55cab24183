// The nursery's settings, live (docs/decisions/035): an admin's new name or route headings show
// on every member's open board at once. The server sends `nurseries` events to members of that
// nursery only; an event for any other nursery is ignored all the same.
import { COLLECTIONS, type NurseryRecord } from '#domain/records';
import { queryClient } from '../query-client';
import { nurseryKeys } from '../query-keys';
import type { LiveFeed, RecordEvent } from '../realtime';
import { currentUser } from '../session';
import { applyNurseryChange } from './nursery-changes';

function onNurseryEvent(event: RecordEvent<NurseryRecord>): void {
  const nursery = currentUser()?.nursery;
  if (event.action === 'update' && event.record && nursery && event.record.id === nursery) applyNurseryChange(event.record);
}

export const nurseryFeed: LiveFeed = {
  collection: COLLECTIONS.nurseries,
  onEvent: (event) => onNurseryEvent(event as RecordEvent<NurseryRecord>),
  catchUp: () => void queryClient.invalidateQueries({ queryKey: nurseryKeys.all }),
};
