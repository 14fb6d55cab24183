// Request-rate measurements on loopback with autocannon, and the bare node:http yardstick.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { freePort, stopGroup, waitForHealth } from './processes';

export const LOAD_CONNECTIONS = 10;

export interface Rate {
  rps: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
}

function rateOf(result: Result): Rate {
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, p99Ms: result.latency.p99 };
}

/** Requests per second for `seconds`, LOAD_CONNECTIONS keep-alive connections, after a short warm-up. */
export async function measureRate(
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string },
  seconds: number,
): Promise<Rate> {
  await autocannon({ ...request, connections: LOAD_CONNECTIONS, duration: 1 });
  return rateOf(await autocannon({ ...request, connections: LOAD_CONNECTIONS, duration: seconds }));
}

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Hop-by-hop and per-response headers the bare server writes itself.
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * One response exactly as our server sends it, to be replayed by the bare server. Asked for
 * uncompressed, as autocannon asks: fetch would otherwise get gzip, decode it and leave
 * `content-encoding: gzip` on the plain body the bare server replays.
 */
export async function captureResponse(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = await response.text();
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) kept[name] = value;
  });
  return { status: response.status, headers: kept, body };
}

// A separate process, so it gets its own core like our server does, not the load generator's loop.
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const captured = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const body = Buffer.from(captured.body, 'utf8');
http.createServer((req, res) => {
  res.writeHead(captured.status, { ...captured.headers, 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Rate of a bare node:http server answering every request with `captured`. */
export async function measureBareNodeRate(captured: CapturedResponse, seconds: number, headers: Record<string, string>): Promise<Rate> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-')), 'response.json');
  fs.writeFileSync(file, JSON.stringify(captured));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port)], { detached: true, stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, () => '', 10_000);
    return await measureRate({ url: `${url}/api/collections/tasks/records`, headers }, seconds);
  } finally {
    await stopGroup(child, 2000);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
