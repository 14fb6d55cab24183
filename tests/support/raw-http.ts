// HTTP as it goes over the wire, for tests of content coding and caching: node:http sends exactly
// the headers given and never decompresses (fetch adds its own Accept-Encoding and undoes it).
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
}

/** A GET of `url` with exactly `headers`. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The body as text, decoded from the coding it came in; an unknown coding fails the test. */
export function decodedBody(response: RawResponse): string {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  if (coding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (coding !== undefined) throw new Error(`unexpected content-encoding ${coding}`);
  return response.body.toString('utf8');
}

/** Any request with exactly `headers` (and `body`); resolves with the whole answer. */
export function rawRequest(
  url: string,
  { method, headers = {}, body }: { method: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The status and headers of a GET whose body never ends (a realtime stream); the stream is closed. */
export function rawHeadersOf(url: string, headers: Record<string, string> = {}): Promise<Omit<RawResponse, 'body'>> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
      request.destroy();
    });
    request.on('error', reject);
  });
}
