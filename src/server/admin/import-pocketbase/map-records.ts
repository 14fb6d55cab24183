// How the original app's PocketBase records become ours (docs/decisions/048). Pure: no database,
// no clock. Each function answers what to write — the body our collection's validation reads, the
// columns only the server sets, the times and whether it goes to Deleted — or why it is skipped.
// Relations to people and customers go through `refs`, the ids they got here.

import { DAYS, ROLES, type Role } from '#domain/records';
import { isRunState, type RunState, type RunStateStep } from '#domain/runs/run-states';
import { normalizeLegacyYear } from '#domain/weeks';
import { LABEL_STATES, type LabelState } from '#domain/plant-labels/plant-labels';
import type { PbRecord } from './pocketbase-data';

/** Our collections an import writes (besides the nursery). */
export type Target = 'users' | 'user_settings' | 'customers' | 'trolley_movements' | 'tasks' | 'trolley_exports' | 'plant_labels';

export interface Planned {
  kind: 'record';
  target: Target;
  /** The PocketBase record's id, and a suffix where one record becomes two (`:in`). */
  sourceId: string;
  /** The id it keeps where free. */
  wantedId: string;
  /** What our collection's validation reads (its declaration's fields). */
  body: Record<string, unknown>;
  /** Columns only the server sets (who made it, the nursery, a password hash ...). */
  trusted: Record<string, unknown>;
  created: string;
  updated: string;
  /** Soft-deleted in the original app: lands in Deleted. */
  deleted: boolean;
  /** Files the original app holds for this record, and our field they go to. */
  files?: { field: string; items: PlannedFile[] };
}

/**
 * One file of the original app: where it is in pb_data/storage (its collection and record) and its
 * stored name; `title` when the original app gave it one (an order photo of its `files` collection).
 */
export interface PlannedFile {
  collection: string;
  record: string;
  name: string;
  title?: string;
}

export interface Skipped {
  kind: 'skip';
  sourceId: string;
  reason: string;
}

export type Mapped = Planned | Skipped;

/** Our ids of the people and customers already mapped ('' when the one named was not imported). */
export interface Refs {
  user(pbId: unknown): string;
  /** The name an imported person goes by here ('' when not imported). */
  userName(pbId: unknown): string;
  customer(pbId: unknown): string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** A relation's one id: PocketBase keeps a list when the field allows several. */
function one(value: unknown): string {
  return Array.isArray(value) ? text(value[0]) : text(value);
}

/** A number the original app may have stored as text. */
function numeric(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** PocketBase's times are ours already (`2024-05-01 10:00:00.123Z`); a blank one gets `fallback`. */
function time(value: unknown, fallback: string): string {
  const t = text(value);
  return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(t) ? t.replace('T', ' ') : fallback;
}

function base(record: PbRecord, now: string): { sourceId: string; wantedId: string; created: string; updated: string } {
  const id = text(record.id);
  const created = time(record.created, now);
  return { sourceId: id, wantedId: id, created, updated: time(record.updated, created) };
}

/**
 * The original app's roles: `admin`; `super-user`, who could change and delete everything, is our
 * office; `viewer` reads only; anyone else (no role at all in the first versions) is staff.
 */
export function roleOf(pbRole: unknown): Role {
  const role = text(pbRole).trim().toLowerCase();
  if (role === 'super-user' || role === 'superuser') return 'office';
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'staff';
}

/** A bcrypt hash, the only kind PocketBase makes. */
const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * A person. Their password hash stays as it is; the first sign-in rehashes it (docs/decisions/048).
 * One an admin added in the original app has no e-mail address (its username is
 * `<organisation>-<name>`): they come over as a yard account, verified as every yard account is,
 * since there is no address to verify and the original app let them in (docs/decisions/056).
 */
export function mapUser(record: PbRecord, now: string): Mapped {
  const at = base(record, now);
  // 0.22 keeps the hash in `passwordHash`, 0.23+ in `password`.
  const hash = text(record.passwordHash ?? record.password);
  if (!BCRYPT.test(hash)) return { kind: 'skip', sourceId: at.sourceId, reason: 'its password is not a bcrypt hash PocketBase makes' };
  const terms = record.termsAgreement;
  const email = text(record.email).trim().toLowerCase();
  return {
    kind: 'record',
    target: 'users',
    ...at,
    body: {
      username: text(record.username),
      // The original app's display name; PocketBase's own `name` field in later versions.
      name: text(record.display_username ?? record.name).trim(),
      email,
      emailVisibility: record.emailVisibility === true,
      // No answer yet stays none (the field's default).
      ...(typeof terms === 'object' && terms !== null ? { termsAgreement: terms } : {}),
    },
    // By field name: the `password` field's column is `passwordHash`.
    trusted: { password: hash, verified: email === '' || record.verified === true, role: roleOf(record.role) },
    deleted: false,
  };
}

/** A person's week headings (`user_settings.settings_json`). */
export function mapUserSettings(record: PbRecord, refs: Refs, now: string): Mapped {
  const at = base(record, now);
  const user = refs.user(one(record.user));
  if (user === '') return { kind: 'skip', sourceId: at.sourceId, reason: 'the person it belongs to was not imported' };
  const settings = record.settings_json;
  return {
    kind: 'record',
    target: 'user_settings',
    ...at,
    body: { settings_json: typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? settings : {} },
    trusted: { user },
    deleted: false,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trolley customer: its contact details go to the e-mail field when they are one address, else into the notes. */
export function mapCustomer(record: PbRecord, now: string): Mapped {
  const at = base(record, now);
  const contact = text(record.contact_info).trim();
  const notes = text(record.notes).trim();
  const isEmail = EMAIL.test(contact);
  return {
    kind: 'record',
    target: 'customers',
    ...at,
    body: {
      name: text(record.name).trim(),
      email: isEmail ? contact : '',
      notes: [notes, !isEmail && contact !== '' ? `Contact: ${contact}` : ''].filter((line) => line !== '').join('\n'),
    },
    trusted: {},
    deleted: false,
  };
}

/** A file field's stored names: PocketBase keeps one name as text, several as a list. */
function fileNames(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map(text).filter((name) => name !== '');
}

/**
 * The files of `record`'s `pbField` (of the PocketBase collection `collection`) and `more` besides,
 * that go to our `field`, when there are any.
 */
function filesOf(
  collection: string,
  record: PbRecord,
  pbField: string,
  field: string,
  more: readonly PlannedFile[] = [],
): { files?: { field: string; items: PlannedFile[] } } {
  const items = [...fileNames(record[pbField]).map((name) => ({ collection, record: text(record.id), name })), ...more];
  return items.length > 0 ? { files: { field, items } } : {};
}

/**
 * An order photo of the original app: a record of its `files` collection (`file`, `title`, the
 * order's id in `taskID`), not a field of the order (docs/decisions/056).
 */
export function orderPhotoOf(record: PbRecord): { task: string; file: PlannedFile } | null {
  const name = fileNames(record.file)[0];
  if (name === undefined) return null;
  return { task: one(record.taskID), file: { collection: 'files', record: text(record.id), name, title: text(record.title).trim() } };
}

/** YYYY-MM-DD of a PocketBase date (`2025-03-04 09:00:00.000Z`) or an ISO time. */
function calendarDay(value: unknown): string {
  return text(value).slice(0, 10);
}

/**
 * A trolley movement: the original app kept out and in counts on one record; our ledger has one
 * movement per direction (docs/decisions/038), so a record with both becomes two (`<id>` out,
 * `<id>:in` in, which gets an id of its own).
 */
export function mapMovement(record: PbRecord, refs: Refs, now: string): Mapped[] {
  const at = base(record, now);
  const customer = refs.customer(one(record.customer));
  if (customer === '') return [{ kind: 'skip', sourceId: at.sourceId, reason: 'its customer was not imported' }];
  const n = (name: string) => Number(numeric(record[name]) ?? 0) || 0;
  const out = { trolleys: n('trollies_out'), shelves: n('shelves_out'), extensions: n('extensions_out') };
  const back = { trolleys: n('trollies_in'), shelves: n('shelves_in'), extensions: n('extensions_in') };
  const any = (counts: typeof out) => counts.trolleys !== 0 || counts.shelves !== 0 || counts.extensions !== 0;
  const by = refs.user(one(record.user));
  const common = { customer, date: calendarDay(record.date) || at.created.slice(0, 10), note: text(record.notes).trim() };
  const trusted = { recordedBy: by, created_by: by };
  const moves: Mapped[] = [];
  // The original movement's files go with its first movement here (its out, else its in).
  const files = filesOf('trolley_movements', record, 'files', 'attachments');
  if (any(out))
    moves.push({
      kind: 'record',
      target: 'trolley_movements',
      ...at,
      body: { ...common, kind: 'out', ...out },
      trusted,
      deleted: false,
      ...files,
    });
  if (any(back))
    moves.push({
      kind: 'record',
      target: 'trolley_movements',
      ...at,
      ...(any(out) ? { sourceId: `${at.sourceId}:in`, wantedId: '' } : {}),
      body: { ...common, kind: 'in', ...back },
      trusted,
      deleted: false,
      ...(any(out) ? {} : files),
    });
  if (moves.length === 0) return [{ kind: 'skip', sourceId: at.sourceId, reason: 'it moves no trolleys, shelves or extensions' }];
  return moves;
}

/** A day as the original app stored it: a weekday, in any case, or a one-element list of one. */
export function dayOf(value: unknown): unknown {
  const day = Array.isArray(value) ? (value.length === 1 ? value[0] : value) : value;
  if (typeof day !== 'string') return day;
  const lower = day.trim().toLowerCase();
  return (DAYS as readonly string[]).includes(lower) ? lower : day;
}

/**
 * An order. Year 0 is 2024; a soft-deleted order lands in Deleted; who made and changed it is kept;
 * `photos` are its records of the original app's `files` collection.
 */
export function mapTask(record: PbRecord, refs: Refs, now: string, photos: readonly PlannedFile[] = []): Mapped {
  const at = base(record, now);
  const year = numeric(record.year);
  const creator = refs.user(one(record.created_by ?? record.user));
  return {
    kind: 'record',
    target: 'tasks',
    ...at,
    body: {
      title: text(record.title),
      day: dayOf(record.day),
      postcode: text(record.postcode),
      orderNumber: text(record.orderNumber),
      customerType: text(record.customerType) || 'wholesale',
      other: text(record.other) || 'none',
      weekNumber: numeric(record.weekNumber),
      year: typeof year === 'number' ? normalizeLegacyYear(year) : year,
      orderInfo: text(record.orderInfo),
      status: text(record.status),
      trollies: text(record.trollies),
      extras: text(record.extras),
    },
    trusted: {
      user: refs.user(one(record.user)) || creator,
      created_by: creator,
      updated_by: refs.user(one(record.updated_by)),
    },
    deleted: record.deleted === true,
    ...filesOf('tasks', record, 'attachments', 'attachments', photos),
  };
}

/** A saved run: its stops keep our stop fields only (the validation cuts the rest). */
export function mapRun(record: PbRecord, refs: Refs, now: string): Mapped {
  const at = base(record, now);
  const user = refs.user(one(record.user));
  return {
    kind: 'record',
    target: 'trolley_exports',
    ...at,
    body: { name: text(record.name), data: record.data ?? [], vehicleInfo: record.vehicleInfo ?? null },
    trusted: { user, created_by: user, ...runState(record, refs, at.updated) },
    deleted: record.deleted === true,
  };
}

/**
 * The original app's run states (its Runs screen offers New, Processing and Dispatched; blank shows
 * as New) and ours of the same name, as ours. "Processing" is the run being got ready in the yard:
 * our loading (docs/decisions/056).
 */
export const ORIGINAL_RUN_STATES: Readonly<Record<string, RunState>> = {
  '': 'new',
  new: 'new',
  processing: 'loading',
  loading: 'loading',
  dispatched: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/**
 * The original app's dispatch state of a run as it wrote it (`raw`, lower case), ours for it
 * (null: one we do not know, which comes over as new and is said in the report), and its time.
 */
export function dispatchOf(record: PbRecord): { raw: string; state: RunState | null; at: string } {
  const raw = text(record.dispatch_status).trim().toLowerCase();
  const state = Object.hasOwn(ORIGINAL_RUN_STATES, raw) ? (ORIGINAL_RUN_STATES[raw] ?? null) : null;
  return { raw, state, at: text(record.dispatched_at) };
}

/** A PocketBase time as the state log writes times (ISO, `T`), or '' for none. */
const isoTime = (value: string): string => (value === '' ? '' : `${value.replace(' ', 'T')}`);

/**
 * The run's state and its log (docs/decisions/042) from the original app's `dispatch_status` and
 * `dispatched_at`. The original app kept no "who", so each step names the run's own person when
 * they came over (else the operator). A dispatched or delivered run gets its dispatch step at
 * `dispatched_at` (its last change when blank); a delivered one its delivery at its last change.
 * No ledger booking is made: the original app's movements, imported too, hold what went out.
 */
export function runState(record: PbRecord, refs: Refs, updated: string): { state?: string; stateLog?: RunStateStep[] } {
  const { state, at } = dispatchOf(record);
  if (state === null || !isRunState(state) || state === 'new') return {};
  const user = one(record.user);
  const by = refs.user(user);
  const who = by === '' ? { by: 'operator', name: 'operator (import)' } : { by, name: refs.userName(user) };
  const last = isoTime(updated);
  const dispatched = isoTime(time(at, '')) || last;
  const log: RunStateStep[] =
    state === 'dispatched'
      ? [{ state, at: dispatched, ...who }]
      : state === 'delivered'
        ? [
            { state: 'dispatched', at: dispatched, ...who },
            { state, at: last, ...who },
          ]
        : [{ state, at: last, ...who }];
  return { state, stateLog: log };
}

/**
 * A plant of the plant-label list (docs/decisions/057): its name and state as the original app
 * read them (anything but `labels` or `print` is not checked yet), and who added it.
 */
export function mapPlantLabel(record: PbRecord, refs: Refs, now: string): Mapped {
  const at = base(record, now);
  const state = text(record.has_labels).trim().toLowerCase();
  const user = refs.user(one(record.user));
  return {
    kind: 'record',
    target: 'plant_labels',
    ...at,
    body: {
      plant_name: text(record.plant_name).trim(),
      has_labels: state !== 'new' && (LABEL_STATES as readonly string[]).includes(state) ? (state as LabelState) : 'new',
    },
    trusted: { user, created_by: user },
    deleted: false,
  };
}
