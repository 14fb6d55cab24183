import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compressed JSON answers for slow yard Wi-Fi (issue 7's budget): the week's 100 orders are ~41 kB
 * as JSON and ~3.5 kB gzipped. Static assets are compressed at build time (spa.ts); API answers
 * are compressed here, per request, or once per cached list (list-cache.ts keeps the bytes).
 *
 * Measured on the shared 2-core machine (100-order week answer, 41 kB / 1,000 orders, 412 kB):
 * gzip level 6 takes 0.6 ms / 2.0 ms; brotli quality 5 takes 0.4 ms / 2.6 ms and is ~14 % smaller.
 * Brotli's default quality 11 took 50 ms / 950 ms: never use it for answers made on the fly.
 */

/** Answers smaller than this go as they are: a few hundred bytes saved are not worth a header and a zlib run. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers larger than this go as they are. Compression runs on libuv's thread pool (the async
 * zlib API), so it never blocks the event loop, but that pool has 4 threads shared with password
 * hashing and file reads: an 8 MB answer holds one thread for ~40 ms, and a list page (at most
 * 1,000 orders, ~0.4-4 MB) stays well below this.
 */
export const COMPRESS_MAX_BYTES = 8 * 1024 * 1024;

export type ContentCoding = 'br' | 'gzip';

const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** Whether an answer of `length` bytes is compressed when the client allows it. */
export function isCompressible(length: number): boolean {
  return length >= COMPRESS_MIN_BYTES && length <= COMPRESS_MAX_BYTES;
}

let lastHeader: string | undefined;
let lastCoding: ContentCoding | null = null;

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): brotli or gzip, whichever
 * has the higher q-value (brotli on a tie: smaller at the same cost), `*` standing for any coding
 * not named; null for identity. Chromium sends `gzip, deflate` over http and adds `br` over https.
 */
export function preferredCoding(header: string | string[] | undefined): ContentCoding | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return null;
  // Every tablet sends the same header: remember the last answer instead of parsing it per request.
  if (text === lastHeader) return lastCoding;
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) =>
    weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  let coding: ContentCoding | null = null;
  if (br > 0 && br >= gzip) coding = 'br';
  else if (gzip > 0) coding = 'gzip';
  lastHeader = text;
  lastCoding = coding;
  return coding;
}

/** `body` in `coding`, made on libuv's thread pool so other requests go on meanwhile. */
export function compressBody(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') zlib.brotliCompress(body, brotliOptions(body.length), done);
    else zlib.gzip(body, GZIP_OPTIONS, done);
  });
}

/** Adds `field` to the reply's Vary header, keeping the fields already there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return;
  void reply.header('vary', [...fields, field].join(', '));
}

/**
 * Compresses every successful JSON answer of the API big enough to be worth it: a record, an
 * auth answer, a list the list cache did not compress itself. Not touched: answers that already
 * carry a Content-Encoding (cached lists, precompressed assets), streams (static files), errors
 * (short envelopes), 204/304, and the realtime stream (hijacked: it never reaches onSend, and
 * must stay an unbuffered stream anyway).
 *
 * Compressing secrets is safe here: BREACH-style attacks need a third-party page to make the
 * victim's browser send many requests that carry its credentials automatically (cookies), while
 * every signed-in request here carries the token in the Authorization header, which such a page
 * cannot add. (The auth answers that contain a token are ~600 bytes: below the threshold anyway.)
 */
export function installJsonCompression(app: FastifyInstance): void {
  // Callback style, not async: no promise per request for the many answers it leaves alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (
      status < 200 ||
      status >= 300 ||
      status === 204 ||
      !(typeof payload === 'string' || Buffer.isBuffer(payload)) ||
      !request.url.startsWith('/api/') ||
      reply.getHeader('content-encoding') !== undefined ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      done(null, payload);
      return;
    }
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (!isCompressible(length)) {
      done(null, payload);
      return;
    }
    addVary(reply, 'Accept-Encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) {
      done(null, payload);
      return;
    }
    compressBody(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload, coding).then(
      (compressed) => {
        void reply.header('content-encoding', coding);
        done(null, compressed);
      },
      (error: unknown) => {
        // The answer itself is fine: send it as it is rather than fail the request.
        request.log.error({ err: error }, 'compressing an answer failed; sent it uncompressed');
        done(null, payload);
      },
    );
  });
}
