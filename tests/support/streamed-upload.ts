import http from 'node:http';

// A multipart upload sent over raw HTTP the way a large one travels: part by part, the client
// writing only as fast as the server reads (backpressure), and stopping as soon as an answer
// arrives. Its bytes are made as they are sent from one small buffer, so a 200 MB upload costs the
// test process almost nothing and the server's memory can be measured around it.

export type StreamedPart =
  | { name: string; value: string }
  /** A file of `size` bytes starting with `head` (what its type is read from), zeros after. */
  | { name: string; filename: string; size: number; head: Uint8Array };

export interface StreamedAnswer {
  status: number;
  body: { status?: number; message?: string; data?: Record<string, { code: string; message: string }> } & Record<string, unknown>;
  /** Bytes of the request the client had written when the answer came. */
  sentBeforeAnswer: number;
  /** Bytes the whole request would have been. */
  total: number;
}

const BOUNDARY = '----trolleyboard-streamed-upload';
const FILLER = Buffer.alloc(256 * 1024);

function partHead(part: StreamedPart): Buffer {
  const disposition = 'filename' in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
  const type = 'filename' in part ? 'Content-Type: application/octet-stream\r\n' : '';
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
}

function* chunksOf(part: StreamedPart): Generator<Buffer> {
  yield partHead(part);
  if ('value' in part) yield Buffer.from(part.value);
  else {
    yield Buffer.from(part.head);
    for (let left = part.size - part.head.length; left > 0; left -= FILLER.length) yield FILLER.subarray(0, Math.min(left, FILLER.length));
  }
  yield Buffer.from('\r\n');
}

const partLength = (part: StreamedPart): number =>
  partHead(part).length + ('value' in part ? Buffer.byteLength(part.value) : part.size) + 2;

/**
 * Sends `parts` as multipart/form-data. `beforeEnd`, when given, is awaited before the closing
 * boundary: the request stays open holding what it sent (an upload still arriving).
 */
export function streamUpload(
  url: string,
  options: { method: 'POST' | 'PATCH'; headers?: Record<string, string>; parts: StreamedPart[]; beforeEnd?: Promise<void> },
): Promise<StreamedAnswer> {
  const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
  const total = options.parts.reduce((sum, part) => sum + partLength(part), closing.length);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let wake: (() => void) | null = null;
    // Kept alive as browsers and the SDK's fetch keep it: a client asking to close gets its answer
    // on a connection the server ends at once, which may reset before the answer is read.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = http.request(url, {
      method: options.method,
      agent,
      headers: {
        ...options.headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(total),
      },
    });
    request.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      wake?.();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        agent.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          body: text ? (JSON.parse(text) as StreamedAnswer['body']) : {},
          sentBeforeAnswer,
          total,
        });
      });
      response.on('error', reject);
    });
    // Once answered, the server may close while the client is still sending: that is the point.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.on('drain', () => wake?.());
    const write = async (chunk: Buffer): Promise<void> => {
      if (answered) return;
      sent += chunk.length;
      if (!request.write(chunk))
        await new Promise<void>((resume) => {
          wake = resume;
        });
      wake = null;
    };
    void (async () => {
      for (const part of options.parts) for (const chunk of chunksOf(part)) await write(chunk);
      if (options.beforeEnd && !answered) await options.beforeEnd;
      await write(closing);
      if (!answered) request.end();
    })().catch(reject);
  });
}

/** A JPEG's first bytes: enough for the server to read the type. */
export const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

/** Twenty 10 MB photos (two full attachment fields' worth, the old limit of files per request). */
export function twentyPhotos(field = 'attachments'): StreamedPart[] {
  return Array.from({ length: 20 }, (_, i) => ({ name: field, filename: `IMG_${i}.jpg`, size: 10 * 1024 * 1024, head: JPEG_HEAD }));
}
