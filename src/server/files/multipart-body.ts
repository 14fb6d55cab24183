import type { Readable } from 'node:stream';
// The request's `parts()` and `isMultipart()` come with the plugin's types.
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { CollectionDeclaration } from '#domain/collections/fields';
import { isPlainObject } from '#domain/validation';
import { ApiError, badRequest } from '../errors';
import type { Upload } from './file-changes';

// A record's body sent as multipart/form-data, as the official SDK sends one that holds a File or
// Blob: each file a part under its field's name (`attachments`, `attachments+`), plain values as
// text parts, and objects, lists and nulls as `@jsonPayload` parts of JSON. Bounded: a file is
// read up to its field's size limit (the rest is thrown away unread into memory), and the number
// of parts, files and the size of text parts are capped, so a huge upload cannot stall the server.

/** The JSON part PocketBase reads besides form fields. */
export const JSON_PAYLOAD = '@jsonPayload';

const MAX_TEXT_PART_BYTES = 1024 * 1024;
const MAX_TEXT_PARTS = 200;

export interface MultipartBody {
  body: Record<string, unknown>;
  uploads: Upload[];
}

/** Reads a stream into memory up to `limit` bytes; the rest is read and dropped. */
async function readUpTo(stream: Readable, limit: number): Promise<{ bytes: Uint8Array; over: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let over = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (over) continue;
    if (length + chunk.length > limit) {
      over = true;
      continue;
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), over };
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
 * and its file parts. 400 with a sentence for anything unreadable or over a limit.
 */
export async function readMultipartBody(request: FastifyRequest, declaration: CollectionDeclaration): Promise<MultipartBody> {
  const { largest, files } = fileLimits(declaration);
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const uploads: Upload[] = [];
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
        const { bytes, over } = await readUpTo(part.file, largest);
        uploads.push({ key: part.fieldname, filename: part.filename ?? '', bytes, truncated: over || part.file.truncated });
        continue;
      }
      if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is longer than ${MAX_TEXT_PART_BYTES / 1024} KB.`);
      const value: unknown = part.value;
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
