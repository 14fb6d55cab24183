// Writes what map-records.ts planned into one nursery, through the one write path's batch
// (RecordService.systemBatch): every record validated by its collection's declaration, stamped
// with the nursery, with its history, in ONE transaction, so a failure leaves the target as it
// was (docs/decisions/048). Records go in chunks with the batch's bulk writes. A dry run is the
// same import, rolled back at the end.

import { sql } from 'kysely';
import { validateUsername } from '#domain/accounts/validate-signup';
import { LINK_ORDERS_PAGE } from '#domain/customers/link-orders-api';
import { validateInput } from '#domain/collections/validate-input';
import { users } from '#domain/collections/users';
import type { Config } from '../../config';
import type { NurseriesTable } from '../../db/schema';
import { newNurseryRow } from '../../records/collections/nurseries';
import { newTokenKey } from '../../records/collections/users';
import { formatTimestamp, newRecordId, RECORD_ID_PATTERN } from '../../records/ids';
import type { RecordService, WriteBatch } from '../../records/record-service';
import type { Row } from '../../records/record-store';
import {
  mapCustomer,
  mapMovement,
  mapPlantLabel,
  mapRun,
  mapTask,
  mapUser,
  mapUserSettings,
  dispatchOf,
  orderPhotoOf,
  type Mapped,
  type Planned,
  type PlannedFile,
  type Refs,
  type Target,
} from './map-records';
import { AdminError } from '../accounts';
import type { PocketBaseData } from './read-pocketbase';
import type { PbRecord } from './pocketbase-data';
import { bytesInWords, sniffType, typeInWords } from '../../files/file-types';
import { isSafeSegment, storedFileName } from '../../files/file-names';
import type { FileKey } from '../../files/file-store';
import type { CollectionDeclaration, FileField } from '#domain/collections/fields';

/** What an import did (or, dry, would do). */
export interface ImportReport {
  nursery: { id: string; name: string; created: boolean };
  dryRun: boolean;
  /** Per PocketBase collection read: records read, records written, already imported before, skipped. */
  counts: Record<string, { read: number; imported: number; already: number; skipped: number }>;
  /** Every record skipped, with why. */
  skipped: Array<{ collection: string; id: string; reason: string }>;
  /** Things kept only in part, or not at all, in sentences. */
  notes: string[];
}

export interface ImportOptions {
  /** An existing nursery (its id or name, resolved by the caller); a new one otherwise. */
  nursery: NurseriesTable | null;
  /** The new nursery's name when `nursery` is null (else the organisation's, else a default). */
  nurseryName?: string;
  dryRun: boolean;
  now: () => Date;
  /** Called after each record written: tests make an import fail part-way through with it. */
  afterRecord?: (written: number) => void;
}

/** Thrown at the end of a dry run so the transaction rolls everything back. */
class RolledBack extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** The PocketBase collections read, in the order that lets relations find their records. */
const SOURCES = ['users', 'user_settings', 'trolley_customers', 'trolley_movements', 'tasks', 'trolley_exports', 'plant_labels'] as const;
type Source = (typeof SOURCES)[number];

/** Records written per round of id look-ups and bookkeeping. */
const CHUNK = 500;

const ROLE_ORDER = { admin: 0, office: 1, staff: 2, viewer: 3 } as const;

function describeErrors(errors: Record<string, { message: string }>): string {
  return Object.entries(errors)
    .map(([field, error]) => `${field}: ${error.message}`)
    .join('; ');
}

export async function importPocketBase(
  records: RecordService,
  config: Config,
  data: PocketBaseData,
  options: ImportOptions,
): Promise<ImportReport> {
  const nowText = formatTimestamp(options.now());
  const organisations = data.has('organization') ? [...data.records('organization')] : [];
  const report: ImportReport = {
    nursery: { id: '', name: '', created: false },
    dryRun: options.dryRun,
    counts: {},
    skipped: [],
    notes: [],
  };
  for (const source of SOURCES) if (data.has(source)) report.counts[source] = { read: 0, imported: 0, already: 0, skipped: 0 };
  if (organisations.length > 1)
    report.notes.push(
      `The data has ${organisations.length} organisations (${organisations.map((o) => String(o.name)).join(', ')}); all of them go into this one nursery.`,
    );

  // Files copied into the store before their records' commit; removed again if the import fails.
  const stored: FileKey[] = [];
  try {
    return await records.systemBatch(async (batch) => {
      // Without --nursery, the nursery an earlier import of this same data went into, so that
      // running the same command again imports nothing twice (docs/decisions/056); else a new one.
      const earlier = options.nursery ? null : await earlierNursery(batch, data, organisations);
      const nursery =
        options.nursery ??
        earlier ??
        (await makeNursery(batch, config, options.nurseryName || String(organisations[0]?.name ?? '') || 'Imported from PocketBase'));
      const created = options.nursery === null && earlier === null;
      report.nursery = { id: nursery.id, name: nursery.name, created };
      if (earlier) report.notes.push(`An earlier import of this data went into the nursery "${earlier.name}": this one went there too.`);
      const imported = await importedBefore(batch, nursery.id);
      await rememberOrganisations(batch, nursery.id, organisations, imported, nowText);
      const ids = new Map<string, string>(); // `${source}/${pbId}` → our id
      for (const [key, id] of imported) ids.set(key, id);
      const names = await namesOf(batch, nursery.id);
      const refs: Refs = {
        user: (pbId) => (pbId ? (ids.get(`users/${String(pbId)}`) ?? '') : ''),
        userName: (pbId) => names.get(ids.get(`users/${String(pbId)}`) ?? '') ?? '',
        customer: (pbId) => (pbId ? (ids.get(`trolley_customers/${String(pbId)}`) ?? '') : ''),
      };
      let written = 0;
      const files = new FileCopier(records, data, options.dryRun, report, stored);
      const latePhotos: Array<{ id: string; planned: Planned }> = [];
      /** Remembers the order photos that came over (each a record of the original's `files`), so none comes twice. */
      const rememberPhotos = async (): Promise<void> => {
        const kept = files.takePhotosKept();
        if (kept.length > 0)
          await batch.db
            .insertInto('imported_records')
            .values(
              kept.map((k) => ({
                nursery: nursery.id,
                source: 'files',
                sourceId: k.sourceId,
                collection: 'tasks',
                recordId: k.recordId,
                importedAt: nowText,
              })),
            )
            .execute();
      };
      /**
       * Writes a chunk of mapped records: the ids they want looked up in two queries, and what
       * was imported recorded in one, rather than a few queries a record (`npm run bench:import`).
       */
      const writeChunk = async (source: Source, chunk: readonly Mapped[]): Promise<void> => {
        const counts = report.counts[source];
        if (!counts || chunk.length === 0) return;
        const fresh = chunk.filter((mapped) => !imported.has(`${source}/${mapped.sourceId}`));
        counts.already += chunk.length - fresh.length;
        for (const mapped of chunk)
          if (mapped.kind === 'record' && imported.has(`${source}/${mapped.sourceId}`)) {
            // Photos added in the original app to an order imported before go onto it now.
            const late = files.already(mapped, imported);
            const id = imported.get(`${source}/${mapped.sourceId}`);
            if (late.length > 0 && id && mapped.files)
              latePhotos.push({ id, planned: { ...mapped, files: { ...mapped.files, items: late } } });
          }
        const planned = fresh.filter((m): m is Planned => m.kind === 'record');
        const taken = await takenIds(batch, planned);
        const done: Array<{ sourceId: string; target: Target; id: string }> = [];
        const rows = new Rows();
        for (const mapped of fresh) {
          const outcome =
            mapped.kind === 'skip'
              ? { reason: mapped.reason }
              : source === 'users'
                ? await writeUser(records, batch, mapped, nursery.id, taken)
                : await rowOf(records, mapped, nursery.id, taken, files);
          if ('reason' in outcome) {
            counts.skipped++;
            report.skipped.push({ collection: source, id: mapped.sourceId, reason: outcome.reason });
            continue;
          }
          const { id } = outcome;
          if (outcome.row) rows.add((mapped as Planned).target, outcome.row, (mapped as Planned).deleted);
          counts.imported++;
          ids.set(`${source}/${mapped.sourceId}`, id);
          if (source === 'users') names.set(id, String((mapped as Planned).body.name || (mapped as Planned).body.username));
          done.push({ sourceId: mapped.sourceId, target: (mapped as Planned).target, id });
        }
        await rows.write(batch);
        await rememberPhotos();
        for (let i = 0; i < done.length; i++) options.afterRecord?.(++written);
        if (done.length > 0)
          await batch.db
            .insertInto('imported_records')
            .values(
              done.map((d) => ({
                nursery: nursery.id,
                source,
                sourceId: d.sourceId,
                collection: d.target,
                recordId: d.id,
                importedAt: nowText,
              })),
            )
            .execute();
      };

      // People first (an admin among them when the nursery is new), then what names them.
      if (data.has('users')) {
        const people = [...data.records('users')];
        report.counts.users!.read = people.length;
        const mapped = people.map((person) => mapUser(person, nowText));
        if (created) promoteFirstAdmin(mapped);
        for (let i = 0; i < mapped.length; i += CHUNK) await writeChunk('users', mapped.slice(i, i + CHUNK));
      }
      const unknownStates = new Set<string>();
      const photos = orderPhotos(data);
      for (const source of SOURCES.slice(1)) {
        if (!data.has(source)) continue;
        let chunk: Mapped[] = [];
        for (const record of data.records(source)) {
          report.counts[source]!.read++;
          if (source === 'user_settings') chunk.push(mapUserSettings(record, refs, nowText));
          else if (source === 'trolley_customers') chunk.push(mapCustomer(record, nowText));
          else if (source === 'trolley_movements') chunk.push(...mapMovement(record, refs, nowText));
          else if (source === 'tasks') chunk.push(mapTask(record, refs, nowText, photos.get(String(record.id))));
          else if (source === 'plant_labels') chunk.push(mapPlantLabel(record, refs, nowText));
          else {
            chunk.push(mapRun(record, refs, nowText));
            const { raw, state } = dispatchOf(record);
            if (state === null) unknownStates.add(raw);
          }
          if (chunk.length >= CHUNK) {
            await writeChunk(source, chunk);
            chunk = [];
          }
        }
        await writeChunk(source, chunk);
        if (source === 'tasks') {
          skipOrphanPhotos(photos, ids, files);
          await attachLatePhotos(records, batch, nursery.id, latePhotos, files);
          await rememberPhotos();
        }
        if (source === 'trolley_exports' && unknownStates.size > 0)
          report.notes.push(`Runs with a dispatch state this server does not know (${[...unknownStates].join(', ')}) came over as new.`);
      }
      skipUnsupported(data, report);
      await pointAtLinking(batch, config, nursery.id, report);
      if (options.dryRun) throw new RolledBack(report);
      return report;
    });
  } catch (error) {
    for (const key of stored) await records.files.remove(key.collection, key.record, [key.name]).catch(() => undefined);
    if (error instanceof RolledBack) return error.report;
    throw error;
  }
}

/** Copies the original app's attached files of each imported record into our file store, counting them in the report. */
class FileCopier {
  constructor(
    private readonly records: RecordService,
    private readonly data: PocketBaseData,
    private readonly dryRun: boolean,
    private readonly report: ImportReport,
    private readonly stored: FileKey[],
  ) {}

  private counts() {
    return (this.report.counts['attached files'] ??= { read: 0, imported: 0, already: 0, skipped: 0 });
  }

  private photosKept: Array<{ sourceId: string; recordId: string }> = [];

  /** The order photos copied since the last call: `files` record → our order. */
  takePhotosKept(): Array<{ sourceId: string; recordId: string }> {
    const kept = this.photosKept;
    this.photosKept = [];
    return kept;
  }

  /**
   * Counts the files of a record imported before (nothing copied again); answers its order photos
   * that did not come over with it (added in the original app since), which go onto it now.
   */
  already(planned: Planned, imported: ReadonlyMap<string, string>): PlannedFile[] {
    if (!planned.files) return [];
    const late = planned.files.items.filter((f) => f.collection === 'files' && !imported.has(`files/${f.record}`));
    this.counts().read += planned.files.items.length - late.length;
    this.counts().already += planned.files.items.length - late.length;
    return late;
  }

  /** Counts a file that has nowhere to go, with why. */
  skip(file: PlannedFile, reason: string): void {
    this.counts().read++;
    this.counts().skipped++;
    this.report.skipped.push({ collection: `${file.collection} file`, id: `${file.record}/${file.name}`, reason });
  }

  /**
   * Copies `planned`'s files into the store under our record `id` (a dry run only reads and checks
   * them); answers the field's value: the names of the files that came over.
   */
  async copy(planned: Planned, id: string, alreadyThere = 0): Promise<Record<string, string[]>> {
    if (!planned.files) return {};
    const collection = this.records.collection(planned.target);
    const field = collection.declaration.fields[planned.files.field] as FileField;
    const counts = this.counts();
    const kept: string[] = [];
    for (const file of planned.files.items) {
      const { name } = file;
      counts.read++;
      const bytes = this.data.attachedFile(file.collection, file.record, name);
      const problem =
        bytes === null
          ? 'it is not in pb_data/storage'
          : bytes.length > field.maxSize
            ? `it is larger than ${bytesInWords(field.maxSize)}, the most ${field.noun ?? 'a file'}s may be here`
            : bytes.length === 0
              ? 'it is empty'
              : field.mimeTypes.length > 0 && !field.mimeTypes.includes(sniffType(bytes))
                ? `it is a ${typeInWords(sniffType(bytes))}; ${(field.label ?? 'files').toLowerCase()} here are photos and PDFs only`
                : alreadyThere + kept.length >= field.maxSelect
                  ? `the record has more than ${field.maxSelect} files`
                  : null;
      if (problem !== null || bytes === null) {
        counts.skipped++;
        this.report.skipped.push({ collection: `${file.collection} file`, id: `${file.record}/${name}`, reason: problem ?? '' });
        continue;
      }
      // A photo's title in the original app becomes its name here (our files have no title).
      const stored = file.title ? storedFileName(`${file.title}${extensionOf(name)}`) : isSafeSegment(name) ? name : storedFileName(name);
      if (!this.dryRun) {
        const key = { collection: collection.id, record: id, name: stored };
        await this.records.files.put(key, bytes);
        this.stored.push(key);
      }
      counts.imported++;
      kept.push(stored);
      if (file.collection === 'files') this.photosKept.push({ sourceId: file.record, recordId: id });
    }
    return kept.length > 0 ? { [planned.files.field]: kept } : {};
  }
}

/** The names people of the nursery go by, by id. */
async function namesOf(batch: WriteBatch, nursery: string): Promise<Map<string, string>> {
  const rows = await batch.db.selectFrom('users').select(['id', 'name', 'username']).where('nursery', '=', nursery).execute();
  return new Map(rows.map((r) => [r.id, r.name || r.username]));
}

/** Without any admin among the people of a new nursery, the one who has been there longest becomes its admin. */
function promoteFirstAdmin(people: Mapped[]): void {
  const planned = people.filter((p): p is Planned => p.kind === 'record');
  if (planned.length === 0 || planned.some((p) => p.trusted.role === 'admin')) return;
  const first = [...planned].sort(
    (a, b) =>
      ROLE_ORDER[a.trusted.role as keyof typeof ROLE_ORDER] - ROLE_ORDER[b.trusted.role as keyof typeof ROLE_ORDER] ||
      a.created.localeCompare(b.created),
  )[0];
  if (first) first.trusted.role = 'admin';
}

/**
 * The original app's orders name no customer: the report ends with the linking assistant, where
 * office staff or admins link them (docs/decisions/066), when any order of the nursery has none.
 */
async function pointAtLinking(batch: WriteBatch, config: Config, nursery: string, report: ImportReport): Promise<void> {
  const row = await batch.db
    .selectFrom('tasks')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('nursery', '=', nursery)
    .where('customer', '=', '')
    .executeTakeFirst();
  const orders = Number(row?.n ?? 0);
  if (orders === 0) return;
  const subject = orders === 1 ? '1 order of the nursery' : `${orders} orders of the nursery`;
  const verb = report.dryRun ? 'would have' : orders === 1 ? 'has' : 'have';
  report.notes.push(
    `${subject} ${verb} no customer: office staff or admins link them to customers at ${config.appUrl}${LINK_ORDERS_PAGE}.`,
  );
}

/** What the data holds that this server has no place for, said in the report (docs/decisions/048). */
function skipUnsupported(data: PocketBaseData, report: ImportReport): void {
  // Files of the collections and fields we take come over with their records; any other file field's are said here.
  const taken: Record<string, string> = { tasks: 'attachments', trolley_movements: 'files', files: 'file' };
  for (const collection of data.collections.values())
    for (const field of collection.fields) {
      if (field.type !== 'file' || taken[collection.name] === field.name) continue;
      for (const record of data.records(collection.name))
        for (const name of Array.isArray(record[field.name]) ? (record[field.name] as unknown[]) : [record[field.name]])
          if (typeof name === 'string' && name !== '')
            report.skipped.push({
              collection: `${collection.name} file`,
              id: `${String(record.id)}/${name}`,
              reason: `this server has no place for the files of ${collection.name}.${field.name}`,
            });
    }
}

async function makeNursery(batch: WriteBatch, config: Config, name: string): Promise<NurseriesTable> {
  const row = await newNurseryRow(name.slice(0, 100), { config, passwordHashCost: config.passwordHashCost ?? 'default' });
  return (await batch.insert('nurseries', row)) as unknown as NurseriesTable;
}

/** What earlier imports brought into the nursery: `${source}/${sourceId}` → our id. */
async function importedBefore(batch: WriteBatch, nursery: string): Promise<Map<string, string>> {
  const rows = await batch.db
    .selectFrom('imported_records')
    .select(['source', 'sourceId', 'recordId'])
    .where('nursery', '=', nursery)
    .execute();
  return new Map(rows.map((r) => [`${r.source}/${r.sourceId}`, r.recordId]));
}

/**
 * Of the ids the planned records want, those some record here has (live or in Deleted), as
 * `${collection}/${id}`: those records get new ids.
 */
async function takenIds(batch: WriteBatch, planned: readonly Planned[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const byTarget = new Map<Target, string[]>();
  for (const p of planned) if (RECORD_ID_PATTERN.test(p.wantedId)) byTarget.set(p.target, [...(byTarget.get(p.target) ?? []), p.wantedId]);
  for (const [target, wanted] of byTarget) {
    const live = await batch.db.selectFrom(target).select('id').where('id', 'in', wanted).execute();
    const deleted = await batch.db
      .selectFrom('deleted_records')
      .select('id')
      .where('collection', '=', target)
      .where('id', 'in', wanted)
      .execute();
    for (const row of [...live, ...deleted]) taken.add(`${target}/${row.id}`);
  }
  return taken;
}

/**
 * The rows of a chunk, by collection, written with the batch's bulk writes (multi-row INSERTs,
 * history in bulk, one resync rather than an event a record: `npm run bench:import`); the
 * soft-deleted ones then go to Deleted, in the same transaction.
 */
class Rows {
  private readonly byTarget = new Map<Target, { rows: Row[]; deleted: Set<string> }>();

  add(target: Target, row: Row, deleted: boolean): void {
    let entry = this.byTarget.get(target);
    if (!entry) this.byTarget.set(target, (entry = { rows: [], deleted: new Set() }));
    entry.rows.push(row);
    if (deleted) entry.deleted.add(String(row.id));
  }

  async write(batch: WriteBatch): Promise<void> {
    for (const [target, { rows, deleted }] of this.byTarget) {
      const written = await batch.insertMany(target, rows, { keepTimes: true });
      if (deleted.size > 0)
        await batch.deleteMany(
          target,
          written.filter((row) => deleted.has(String(row.id))),
        );
    }
  }
}

/**
 * The row of one planned record (not a person: writeUser), checked as a client's create is, its
 * files stored; or why our rules refuse it.
 */
async function rowOf(
  records: RecordService,
  planned: Planned,
  nursery: string,
  taken: ReadonlySet<string>,
  files: FileCopier,
): Promise<{ id: string; row: Row } | { reason: string }> {
  const collection = records.collection(planned.target);
  // The collection's own validation, as for a client's create: kinds, lengths, choices, its rules between fields.
  const checked = validateInput(collection.declaration, planned.body, 'create');
  if (!checked.ok) return { reason: describeErrors(checked.errors) };
  const values: Row = collection.toRow({ ...checked.value, ...planned.trusted, nursery });
  const id = keptId(planned, taken);
  const copied = await files.copy(planned, id);
  return { id, row: { ...values, ...collection.toRow(copied), id, created: planned.created, updated: planned.updated } };
}

/** Its own id where it is a PocketBase id no record here has; within one import, ids are unique already. */
function keptId(planned: Planned, taken: ReadonlySet<string>): string {
  return RECORD_ID_PATTERN.test(planned.wantedId) && !taken.has(`${planned.target}/${planned.wantedId}`) ? planned.wantedId : newRecordId();
}

/**
 * Writes one person, on their own (people are few, and each one's username and e-mail must be
 * free, those of the people written before them included); answers their id, or why not.
 */
async function writeUser(
  records: RecordService,
  batch: WriteBatch,
  planned: Planned,
  nursery: string,
  taken: ReadonlySet<string>,
): Promise<{ id: string; row: null } | { reason: string }> {
  const collection = records.collection(planned.target);
  const refused = await userRefusal(batch, planned);
  if (refused) return { reason: refused };
  // A person without an e-mail address is a yard account, the one kind of account that has none (docs/decisions/056).
  const declaration = planned.body.email === '' ? YARD_ACCOUNT : collection.declaration;
  const checked = validateInput(declaration, planned.body, 'create');
  if (!checked.ok) return { reason: describeErrors(checked.errors) };
  const values: Row = collection.toRow({ ...checked.value, ...planned.trusted, tokenKey: newTokenKey(), nursery });
  const id = keptId(planned, taken);
  const row = await batch.insert(
    planned.target,
    { ...values, id, created: planned.created, updated: planned.updated },
    { keepTimes: true },
  );
  if (planned.deleted) await batch.delete(planned.target, row);
  // Written already: no row left for the chunk's bulk write.
  return { id, row: null };
}

/** Why a person cannot come over as they are: our username rule, or a name or address taken here. */
async function userRefusal(batch: WriteBatch, planned: Planned): Promise<string | null> {
  const username = validateUsername(planned.body.username);
  if (!username.ok) return describeErrors(username.errors);
  const email = String(planned.body.email);
  // A blank address is no address: yard accounts have one each (the unique rule is for addresses only).
  const taken = await batch.db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', String(planned.body.username).toLowerCase()),
        ...(email === '' ? [] : [eb('email', '=', email)]),
      ]),
    )
    .executeTakeFirst();
  if (!taken) return null;
  return taken.username.toLowerCase() === String(planned.body.username).toLowerCase()
    ? `the username ${String(planned.body.username)} is taken on this server`
    : `the e-mail address ${String(planned.body.email)} has an account on this server`;
}

/** `users`' declaration for a yard account: the same fields, but no e-mail address needed. */
const YARD_ACCOUNT: CollectionDeclaration = { ...users, fields: { ...users.fields, email: { ...users.fields.email, required: false } } };

/** `.png` of `docket_abc.png`: a titled photo keeps the kind of file it is. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** The original app's order photos (its `files` collection), by the PocketBase id of their order. */
function orderPhotos(data: PocketBaseData): Map<string, PlannedFile[]> {
  const byTask = new Map<string, PlannedFile[]>();
  if (!data.has('files')) return byTask;
  for (const record of data.records('files')) {
    const photo = orderPhotoOf(record);
    if (photo) byTask.set(photo.task, [...(byTask.get(photo.task) ?? []), photo.file]);
  }
  return byTask;
}

/** Order photos whose order did not come over (skipped, or gone from the original app): said, file by file. */
function skipOrphanPhotos(photos: ReadonlyMap<string, PlannedFile[]>, ids: ReadonlyMap<string, string>, files: FileCopier): void {
  for (const [task, list] of photos)
    if (!ids.has(`tasks/${task}`))
      for (const file of list) files.skip(file, task === '' ? 'it names no order' : `its order ${task} was not imported`);
}

/**
 * The nursery an earlier import of this data went into: the one its organisations (or, for an
 * import made before organisations were remembered, its people) were imported into. Data imported
 * into several nurseries (with --nursery) is the operator's to choose between.
 */
async function earlierNursery(batch: WriteBatch, data: PocketBaseData, organisations: readonly PbRecord[]): Promise<NurseriesTable | null> {
  const orgIds = organisations.map((o) => String(o.id));
  const userIds = data.has('users') ? [...data.records('users')].map((u) => String(u.id)) : [];
  const keys = [...orgIds.map((id) => ['organization', id] as const), ...userIds.map((id) => ['users', id] as const)];
  const found = new Map<string, NurseriesTable>();
  // In slices: SQLite takes at most a few thousand parameters a statement.
  for (let i = 0; i < keys.length; i += 400) {
    const slice = keys.slice(i, i + 400);
    const rows = await batch.db
      .selectFrom('imported_records')
      .innerJoin('nurseries', 'nurseries.id', 'imported_records.nursery')
      .selectAll('nurseries')
      .where((eb) =>
        eb.or(slice.map(([source, id]) => eb.and([eb('imported_records.source', '=', source), eb('imported_records.sourceId', '=', id)]))),
      )
      .execute();
    for (const row of rows) found.set(row.id, row as NurseriesTable);
  }
  if (found.size > 1)
    throw new AdminError(
      `This data was imported into ${found.size} nurseries before (${[...found.values()].map((n) => `"${n.name}" (${n.id})`).join(', ')}). Name the one to import into with --nursery.`,
    );
  return [...found.values()][0] ?? null;
}

/** Remembers the organisations brought into the nursery, so that the same command run again finds it (earlierNursery). */
async function rememberOrganisations(
  batch: WriteBatch,
  nursery: string,
  organisations: readonly PbRecord[],
  imported: ReadonlyMap<string, string>,
  nowText: string,
): Promise<void> {
  const fresh = organisations.filter((o) => !imported.has(`organization/${String(o.id)}`));
  if (fresh.length === 0) return;
  await batch.db
    .insertInto('imported_records')
    .values(
      fresh.map((o) => ({
        nursery,
        source: 'organization',
        sourceId: String(o.id),
        collection: 'nurseries',
        recordId: nursery,
        importedAt: nowText,
      })),
    )
    .execute();
}

/**
 * Order photos added in the original app after their order was imported: onto the order as it is
 * here (after its own files, within its limit), through the write path's update; an order since
 * deleted here gets none, said file by file.
 */
async function attachLatePhotos(
  records: RecordService,
  batch: WriteBatch,
  nursery: string,
  late: ReadonlyArray<{ id: string; planned: Planned }>,
  files: FileCopier,
): Promise<void> {
  const tasks = records.collection('tasks');
  for (const { id, planned } of late) {
    const row = await batch.db.selectFrom('tasks').selectAll().where('id', '=', id).where('nursery', '=', nursery).executeTakeFirst();
    if (!row) {
      for (const file of planned.files?.items ?? [])
        files.skip(file, 'its order was imported before and is not on the board now (deleted here)');
      continue;
    }
    const existing = ((tasks.toRecord(row as unknown as Row).attachments as string[] | undefined) ?? []).slice();
    const copied = await files.copy(planned, id, existing.length);
    const added = copied.attachments ?? [];
    if (added.length > 0) await batch.update('tasks', row as unknown as Row, tasks.toRow({ attachments: [...existing, ...added] }));
  }
}
