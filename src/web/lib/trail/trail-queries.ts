// A record's history, who added and changed it, and Deleted (docs/decisions/034), as TanStack
// Query options over the server's history and Deleted routes (the SDK's `send`).
import { queryOptions } from '@tanstack/react-query';
import type { DeletedEntry, HistoryEntry } from '#domain/history/record-history';
import type { BaseRecord } from '#domain/records';
import { pb } from '../pb';
import { trailKeys } from '../query-keys';

/** PocketBase's list shape, as the history and Deleted routes answer. */
export interface TrailPage<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/** A person as a record names them (`expand` of created_by / updated_by): never an e-mail address. */
export interface Person {
  id: string;
  username: string;
}

/** Who added a record and who changed it last, with when. */
export interface RecordPeople {
  created: string;
  updated: string;
  createdBy: Person | null;
  updatedBy: Person | null;
}

/** The most Deleted shows at once: newest first, far more than a week's slips. */
export const DELETED_PAGE_SIZE = 200;

/** One record's history, oldest first, at the version `updated` (a newer version asks again). */
export function historyQuery(collection: string, id: string, updated: string) {
  return queryOptions({
    queryKey: trailKeys.history(collection, id, updated),
    queryFn: () =>
      pb.send<TrailPage<HistoryEntry>>(`/api/collections/${encodeURIComponent(collection)}/records/${encodeURIComponent(id)}/history`, {
        query: { perPage: 500 },
      }),
  });
}

/** Who added the record and who changed it last (created_by and updated_by, expanded). */
export function peopleQuery(collection: string, id: string, updated: string) {
  return queryOptions({
    queryKey: trailKeys.people(collection, id, updated),
    queryFn: async (): Promise<RecordPeople> => {
      const record = await pb
        .collection(collection)
        .getOne<BaseRecord & { expand?: { created_by?: Person; updated_by?: Person } }>(id, { expand: 'created_by,updated_by' });
      return {
        created: record.created,
        updated: record.updated,
        createdBy: record.expand?.created_by ?? null,
        updatedBy: record.expand?.updated_by ?? null,
      };
    },
  });
}

/** Deleted orders and runs the user may see, newest deleted first. */
export function deletedQuery() {
  return queryOptions({
    queryKey: trailKeys.deleted(),
    queryFn: () => pb.send<TrailPage<DeletedEntry>>('/api/deleted', { query: { perPage: DELETED_PAGE_SIZE } }),
    staleTime: 0,
  });
}
