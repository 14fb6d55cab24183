// The request's `parts()` and `isMultipart()` come with the plugin's types.
import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { CollectionDeclaration, FileField } from '#domain/collections/fields';
import { isPlainObject, type FieldError } from '#domain/validation';
import { ApiError, badRequest, validationFailed } from '../errors';
import { CANNOT_SET, UNKNOWN_FIELD } from '../records/client-fields';
import { readKey, tooLarge, tooMany, typeRefusal, type Upload } from './file-changes';
import { sniffType } from './file-types';
import type { UploadShare } from './upload-budget';

// A record's body sent as multipart/form-data, as the official SDK sends one that holds a File or
// Blob: each file a part under its field's name (`attachments`, `attachments+`), plain values as
// text parts, and objects, lists and nulls as `@jsonPayload` parts of JSON. Read only after the
// caller was found allowed to write (docs/decisions/052), part by part as it arrives, and refused
// at the first part that cannot be taken: a file under no file field, one too many, one past its
// field's size or of a type its first bytes show the field does not take, or bytes past the
// server's upload budget. What comes after the refusal is dropped as it arrives (discardUnread),
// never parsed or held.

/** The JSON part PocketBase reads besides form fields. */
export const JSON_PAYLOAD = '@jsonPayload';

const MAX_TEXT_PART_BYTES = 1024 * 1024;
const MAX_TEXT_PARTS = 200;

/** Enough of a file's first bytes to tell its type (file-types.ts reads at most 12). */
const SNIFF_BYTES = 16;

export interface MultipartBody {
  body: Record<string, unknown>;
  uploads: Upload[];
}

export interface MultipartReading {
  /** A create sets fields `settable: 'create'`; an update does not. */
  mode: 'create' | 'update';
  /** This request's share of the server's upload budget (upload-budget.ts), released by the caller once answered. */
  share: UploadShare;
}

function fileLimits(declaration: CollectionDeclaration): { largest: number; files: number } {
  let largest = 0;
  let files = 0;
  for (const field of Object.values(declaration.fields)) {
    if (field.kind !== 'file') continue;
    largest = Math.max(largest, field.maxSize);
    files += Math.max(1, field.maxSelect);
  }
  return { largest, files };
}

function addValue(body: Record<string, unknown>, key: string, value: unknown): void {
  if (!Object.hasOwn(body, key)) body[key] = value;
  else body[key] = [...(Array.isArray(body[key]) ? (body[key] as unknown[]) : [body[key]]), value];
}

/**
 * The plugin's own bounds, for any multipart request: files are not thrown at the size limit
 * (readMultipartBody says which file is too large, in words), and no file is read past the
 * largest any collection accepts.
 */
export function multipartOptions(collections: ReadonlyArray<{ declaration: CollectionDeclaration }>): FastifyMultipartOptions {
  const largest = Math.max(1, ...collections.map((c) => fileLimits(c.declaration).largest));
  return {
    throwFileSizeLimit: false,
    limits: { fileSize: largest + 1, files: 50, fields: MAX_TEXT_PARTS, parts: MAX_TEXT_PARTS + 50, fieldSize: MAX_TEXT_PART_BYTES },
  };
}

/** Whether a request's body is multipart (the SDK's FormData). */
export function isMultipart(request: FastifyRequest): boolean {
  return typeof request.isMultipart === 'function' && request.isMultipart();
}

/**
 * Reads a multipart request for a collection's record: the body (text parts and `@jsonPayload`)
 * and its file parts. 400 with a sentence for anything unreadable or over a limit, 503 past the
 * upload budget; either stops the reading there.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  declaration: CollectionDeclaration,
  reading: MultipartReading,
): Promise<MultipartBody> {
  const { largest, files } = fileLimits(declaration);
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const uploads: Upload[] = [];
  const counts = new Map<string, number>();
  try {
    const parts = request.parts({
      limits: {
        // One byte over the largest field limit tells "too large" apart; nothing more is kept.
        fileSize: largest + 1,
        files: Math.max(1, files * 2),
        fields: MAX_TEXT_PARTS,
        parts: MAX_TEXT_PARTS + files * 2 + 1,
        fieldSize: MAX_TEXT_PART_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        uploads.push(await readFilePart(part, declaration, reading, counts));
        continue;
      }
      if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is longer than ${MAX_TEXT_PART_BYTES / 1024} KB.`);
      const value: unknown = part.value;
      // Text parts are held until the record is written too.
      reading.share.take(typeof value === 'string' ? Buffer.byteLength(value) : MAX_TEXT_PART_BYTES, declaration.noun);
      if (part.fieldname === JSON_PAYLOAD) {
        let parsed: unknown;
        try {
          parsed = typeof value === 'string' ? JSON.parse(value) : value;
        } catch {
          throw badRequest(`The ${declaration.noun} could not be read: its ${JSON_PAYLOAD} part is not JSON.`);
        }
        if (!isPlainObject(parsed))
          throw badRequest(`The ${declaration.noun} could not be read: its ${JSON_PAYLOAD} part is not a JSON object.`);
        for (const [key, item] of Object.entries(parsed)) body[key] = item;
        continue;
      }
      addValue(body, part.fieldname, value);
    }
  } catch (error) {
    throw asUploadError(error, declaration);
  }
  return { body: { ...body }, uploads };
}

/**
 * One file part, read chunk by chunk into memory against its field's limits and the budget. The
 * part is refused before its first byte is read when no file can go under its name (or one more
 * would be too many), and at the chunk that passes its field's size, the budget or shows a type
 * the field does not take; the file stream is destroyed then, which stops the request's reading.
 */
async function readFilePart(
  part: MultipartFile,
  declaration: CollectionDeclaration,
  { mode, share }: MultipartReading,
  counts: Map<string, number>,
): Promise<Upload> {
  const refuse = (key: string, error: FieldError): never => {
    part.file.destroy();
    throw validationFailed({ [key]: error });
  };
  const { field: name, how } = readKey(part.fieldname);
  const declared = declaration.fields[name];
  const field: FileField | undefined = declared?.kind === 'file' ? declared : undefined;
  if (!field || how === 'remove') return refuse(part.fieldname, field ? CANNOT_SET : UNKNOWN_FIELD);
  if (field.settable !== 'always' && field.settable !== mode) return refuse(name, field.refusal ?? CANNOT_SET);
  const count = (counts.get(name) ?? 0) + 1;
  counts.set(name, count);
  // A field of one file keeps the last one sent (file-changes.ts), so only a list can have too many.
  if (field.maxSelect > 1 && count > field.maxSelect) return refuse(name, tooMany(field, name));

  const filename = part.filename ?? '';
  const chunks: Buffer[] = [];
  let length = 0;
  let typeChecked = false;
  const checkType = () => {
    typeChecked = true;
    const refusal = typeRefusal(field, name, filename, sniffType(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    if (refusal) refuse(name, refusal);
  };
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > field.maxSize) refuse(name, tooLarge(field, filename));
      share.take(chunk.length, declaration.noun);
      chunks.push(chunk);
      if (!typeChecked && length >= SNIFF_BYTES) checkType();
    }
  } catch (error) {
    part.file.destroy();
    throw error;
  }
  if (!typeChecked && length > 0) checkType();
  return { key: part.fieldname, filename, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), truncated: part.file.truncated };
}

/** How long a refused upload's rest is let in (and dropped) before its connection is closed. */
const DISCARD_UNREAD_MS = 5000;

/**
 * After a refusal sent before the body was read through: the rest of the body is let in and
 * dropped as it comes, never held or parsed, so the client reads the answer instead of a reset
 * connection (closing with bytes unread resets it), and the connection ends if the client is
 * still sending after DISCARD_UNREAD_MS. Without the rest ever arriving the connection could not
 * be kept alive anyway.
 */
export function discardUnread(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  raw.resume();
  const timer = setTimeout(() => raw.socket.destroy(), DISCARD_UNREAD_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}

/** @fastify/multipart's and busboy's errors as PocketBase-style 400s a person understands. */
function asUploadError(error: unknown, declaration: CollectionDeclaration): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badRequest(`Too many files in one ${declaration.noun}: send fewer at a time.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(`The ${declaration.noun} has too many parts to be read.`);
    case 'FST_PROTO_VIOLATION':
      return badRequest(`The ${declaration.noun} could not be read: it names a field that cannot exist.`);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(`The ${declaration.noun} could not be read: a JSON part is not JSON.`);
    default:
      if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message))
        return badRequest(`The ${declaration.noun} could not be read: the upload was cut off or is not a form. Please try again.`);
      return error;
  }
}
