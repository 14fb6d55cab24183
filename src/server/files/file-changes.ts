import type { CollectionDeclaration, FileField } from '#domain/collections/fields';
import type { FieldError, FieldErrors } from '#domain/validation';
import { CANNOT_SET, UNKNOWN_FIELD } from '../records/client-fields';
import type { RecordBody } from '../records/record-body';
import { bytesInWords, sniffType, typeInWords } from './file-types';

// What a create or update does to a record's files, as PocketBase 0.23 reads it (pure: the store
// and the database are the caller's). For a file field `f`:
// - uploads sent as `f` replace its files (with the names sent as `f` kept besides them);
// - `f+` appends uploads, `+f` prepends them, `f-` removes the named files;
// - `f: null`, `''` or `[]` removes every file; `f: [names]` keeps only those of its files.
// A field holding one file keeps the last one given.

/** One file part of a multipart body: the form name it came under (`attachments`, `attachments+`). */
export interface Upload {
  key: string;
  filename: string;
  bytes: Uint8Array;
  /** More bytes came than the store reads for the field: the file is too large whatever its length here. */
  truncated?: boolean;
}

export interface NewFile {
  name: string;
  bytes: Uint8Array;
}

export interface FileChanges {
  /** The body without its file keys, for the collection's own validation. */
  body: RecordBody;
  /** Each changed file field's new value (a name, or a list of names). */
  values: Record<string, string | string[]>;
  added: NewFile[];
  /** Names of files no longer in the record after the change. */
  removed: string[];
}

export type FileChangesResult = { ok: true; changes: FileChanges } | { ok: false; errors: FieldErrors };

export interface KeyOfFile {
  field: string;
  how: 'set' | 'append' | 'prepend' | 'remove';
}

/** Which file field a form name is for, and how (`f`, `f+`, `+f`, `f-`). */
export function readKey(key: string): KeyOfFile {
  if (key.startsWith('+')) return { field: key.slice(1), how: 'prepend' };
  if (key.endsWith('+')) return { field: key.slice(0, -1), how: 'append' };
  if (key.endsWith('-')) return { field: key.slice(0, -1), how: 'remove' };
  return { field: key, how: 'set' };
}

const namesIn = (value: unknown): string[] =>
  value === null || value === undefined
    ? []
    : (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

const currentNames = (current: Readonly<Record<string, unknown>> | null, field: string): string[] => namesIn(current?.[field]);

const TOO_MANY = (field: FileField, label: string): FieldError => ({
  code: 'validation_max_select_constraint',
  message: `${label} can hold at most ${field.maxSelect} files. Remove one before adding another.`,
});

const shownName = (field: FileField, filename: string) =>
  filename === '' ? `The ${field.noun ?? 'file'}` : `The ${field.noun ?? 'file'} "${filename}"`;

/** An upload over its field's size limit, in words. */
export function tooLarge(field: FileField, filename: string): FieldError {
  return {
    code: 'validation_file_size_limit',
    message: `${shownName(field, filename)} is larger than ${bytesInWords(field.maxSize)}. Choose a smaller one.`,
  };
}

/** The refusal of an upload whose bytes show `type`, or null when the field accepts that type. */
export function typeRefusal(field: FileField, name: string, filename: string, type: string): FieldError | null {
  if (field.mimeTypes.length === 0 || field.mimeTypes.includes(type)) return null;
  const allowed = [...new Set(field.mimeTypes.map(typeInWords))];
  const list = new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(allowed.map((w) => `a ${w}`));
  const label = field.label ?? name;
  return {
    code: 'validation_invalid_mime_type',
    message: `${shownName(field, filename)} is a ${typeInWords(type)}; ${label.toLowerCase()} must be ${list}.`,
  };
}

/** More uploads for one field than it can hold, in words. */
export function tooMany(field: FileField, name: string): FieldError {
  return TOO_MANY(field, field.label ?? name);
}

/** Why one upload cannot go into `field` (size, emptiness, type), or null when it can. */
function uploadRefusal(field: FileField, name: string, upload: Upload): FieldError | null {
  if (upload.truncated || upload.bytes.length > field.maxSize) return tooLarge(field, upload.filename);
  if (upload.bytes.length === 0)
    return { code: 'validation_file_empty', message: `${shownName(field, upload.filename)} is empty. Choose the file again.` };
  return typeRefusal(field, name, upload.filename, sniffType(upload.bytes));
}

/**
 * Reads the file keys of `body` and the `uploads` against the declaration's file fields.
 * `current` is the record as the API shows it (null on create); `nameOf` makes a stored name.
 */
export function fileChanges(
  declaration: CollectionDeclaration,
  body: RecordBody,
  uploads: readonly Upload[],
  current: Readonly<Record<string, unknown>> | null,
  nameOf: (original: string) => string,
): FileChangesResult {
  const mode = current ? 'update' : 'create';
  const fileFields = new Map<string, FileField>();
  for (const [name, field] of Object.entries(declaration.fields)) if (field.kind === 'file') fileFields.set(name, field);
  const settableNow = (field: FileField) => field.settable === 'always' || field.settable === mode;

  const errors: FieldErrors = {};
  const rest: Record<string, unknown> = { ...body };
  const sent = new Map<string, Array<{ how: KeyOfFile['how']; value: unknown }>>();
  for (const key of Object.keys(rest)) {
    const { field, how } = readKey(key);
    const declared = fileFields.get(field);
    if (!declared) continue;
    // An unsettable field is left in the body: the body's own check refuses it by name.
    if (!settableNow(declared)) continue;
    if (how === 'set' && current && JSON.stringify(rest[key]) === JSON.stringify(current[field])) {
      // The record sent back as it is (`update(id, {...record, title})`): no change.
      delete rest[key];
      continue;
    }
    sent.set(field, [...(sent.get(field) ?? []), { how, value: rest[key] }]);
    delete rest[key];
  }
  const uploaded = new Map<string, Array<{ how: KeyOfFile['how']; upload: Upload }>>();
  for (const upload of uploads) {
    const { field, how } = readKey(upload.key);
    const declared = fileFields.get(field);
    if (!declared || how === 'remove') {
      errors[upload.key] = declared ? CANNOT_SET : UNKNOWN_FIELD;
      continue;
    }
    if (!settableNow(declared)) {
      errors[field] = declared.refusal ?? CANNOT_SET;
      continue;
    }
    uploaded.set(field, [...(uploaded.get(field) ?? []), { how, upload }]);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const values: Record<string, string | string[]> = {};
  const added: NewFile[] = [];
  const removed: string[] = [];
  for (const [name, field] of fileFields) {
    const inputs = sent.get(name) ?? [];
    const files = uploaded.get(name) ?? [];
    if (inputs.length === 0 && files.length === 0) continue;
    const label = field.label ?? name;
    const noun = field.noun ?? 'file';
    const before = currentNames(current, name);
    const newOf = (how: KeyOfFile['how']) => files.filter((f) => f.how === how).map((f) => f.upload);

    // Each upload: within the size limit and of an accepted type (read from its bytes).
    let fieldError: FieldError | null = null;
    const made = new Map<Upload, string>();
    for (const { upload } of files) {
      fieldError = uploadRefusal(field, name, upload);
      if (fieldError) break;
      made.set(upload, nameOf(upload.filename || noun));
    }
    if (fieldError) {
      errors[name] = fieldError;
      continue;
    }
    const nameFor = (upload: Upload) => made.get(upload) ?? '';

    // Where the field starts: its files, or the names sent as `f` (only ones it has) with `f` uploads.
    const set = inputs.filter((i) => i.how === 'set');
    const replacing = set.length > 0 || newOf('set').length > 0;
    let names = replacing ? set.flatMap((i) => namesIn(i.value)).filter((n) => before.includes(n)) : [...before];
    names = [...newOf('prepend').map(nameFor), ...names, ...newOf('set').map(nameFor), ...newOf('append').map(nameFor)];
    const dropped = new Set(inputs.filter((i) => i.how === 'remove').flatMap((i) => namesIn(i.value)));
    names = [...new Set(names.filter((n) => !dropped.has(n)))];
    if (field.maxSelect <= 1) names = names.slice(-1);
    else if (names.length > field.maxSelect) {
      errors[name] = TOO_MANY(field, label);
      continue;
    }
    values[name] = field.maxSelect <= 1 ? (names[0] ?? '') : names;
    for (const upload of made.keys()) if (names.includes(nameFor(upload))) added.push({ name: nameFor(upload), bytes: upload.bytes });
    for (const old of before) if (!names.includes(old)) removed.push(old);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, changes: { body: rest, values, added, removed } };
}

/** Every stored name a record (as the API shows it) holds in its file fields. */
export function fileNamesOf(
  declaration: CollectionDeclaration,
  record: Readonly<Record<string, unknown>>,
): Array<{ field: string; name: string }> {
  const found: Array<{ field: string; name: string }> = [];
  for (const [field, declared] of Object.entries(declaration.fields))
    if (declared.kind === 'file') for (const name of namesIn(record[field])) found.push({ field, name });
  return found;
}

/** Whether the collection has any file field. */
export function hasFiles(declaration: CollectionDeclaration): boolean {
  return Object.values(declaration.fields).some((field) => field.kind === 'file');
}
