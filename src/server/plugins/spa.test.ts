import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { decodedBody as decode, rawGet as get } from '../../../tests/support/raw-http';
import { startTestServer, type TestServer } from '../../../tests/support/server';

// The built web app as a tablet on slow yard Wi-Fi receives it (docs/decisions/027): compressed, hashed assets
// cached for a year, index.html never cached, and no header that sends the browser to https://.

const SCRIPT_NAME = 'index-Ab12Cd34.js';
const script = `console.log(${JSON.stringify('board '.repeat(400))});\n`;
const BOOT_SCRIPT = 'window.__boot = "week";';
// A stand-in for the PDF code's TrueType font (docs/decisions/032): uncompressed tables, as a .ttf has.
const FONT_NAME = 'noto-sans-regular-Xy12.ttf';
const font = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(8000, 'glyf')]);
const indexHtml = `<!doctype html><html><head><title>Trolleyboard</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/${SCRIPT_NAME}"></script></head><body><div id="root"></div><!--${'x'.repeat(1500)}--></body></html>`;

function makeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'assets', SCRIPT_NAME), script);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-Zz99.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', FONT_NAME), font);
  precompressDir(dir);
  return dir;
}

describe('serving the built web app over plain HTTP', () => {
  let webDir: string;
  let server: TestServer;

  beforeAll(async () => {
    webDir = makeWebDir();
    server = await startTestServer({ webDir, appUrl: 'http://nursery.lan:8090' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  test('the build step wrote gzip and brotli copies of large text files only', () => {
    expect(fs.existsSync(path.join(webDir, 'assets', `${SCRIPT_NAME}.br`))).toBe(true);
    expect(fs.existsSync(path.join(webDir, 'assets', `${SCRIPT_NAME}.gz`))).toBe(true);
    expect(fs.existsSync(path.join(webDir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(webDir, 'assets', 'tiny-Zz99.css.gz'))).toBe(false);
  });

  test.each([
    { accept: 'br', expected: 'br' },
    { accept: 'gzip, deflate, br', expected: 'br' },
    { accept: 'gzip', expected: 'gzip' },
    { accept: '', expected: undefined },
  ])('a hashed script asked for with Accept-Encoding "$accept" comes as $expected', async ({ accept, expected }) => {
    const response = await get(`${server.url}/assets/${SCRIPT_NAME}`, accept ? { 'Accept-Encoding': accept } : {});
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(response)).toBe(script);
    if (expected !== undefined) expect(response.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  test('the PDF font goes out compressed, as a font, for the browser that prints', async () => {
    const response = await get(`${server.url}/assets/${FONT_NAME}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('font/ttf');
    expect(response.body.length).toBeLessThan(font.length / 5);
    expect(brotliDecompressSync(response.body).equals(font)).toBe(true);
  });

  test('hashed assets are cached for a year, unchanged', async () => {
    for (const file of [SCRIPT_NAME, 'tiny-Zz99.css']) {
      const response = await get(`${server.url}/assets/${file}`, { 'Accept-Encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test.each(['/', '/index.html', '/edit/abc123', '/collect'])('%s answers index.html, compressed and never cached', async (url) => {
    for (const accept of ['br', 'gzip', '']) {
      const response = await get(`${server.url}${url}`, accept ? { 'Accept-Encoding': accept } : {});
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe(accept === '' ? undefined : accept);
      expect(decode(response)).toBe(indexHtml);
    }
  });

  test("scripts may come from the app's own files and the inline boot script, by its hash, and nothing else", async () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    const response = await get(`${server.url}/`);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ').sort()).toEqual([`'self'`, `'sha256-${hash}'`].sort());
  });

  test.each(['/assets/index-Missing1.js', '/assets/gone', '/assets/fonts/noto.woff2', '/favicon.ico', '/edit/manifest.webmanifest'])(
    'a missing file (%s) is a 404, not index.html',
    async (url) => {
      const response = await get(`${server.url}${url}`);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ status: 404, message: "The requested resource wasn't found." });
    },
  );

  test.each([
    '/weekday/2026/12/monday/1',
    '/edit/abc123def456ghi?from=search',
    '/runs/view/abc123def456ghi',
    // A reset link's token is a JWT: dots, but no file extension.
    '/auth/confirm-password-reset/eyJhbGciOiJIUzI1NiJ9.eyJpZCI6ImFiYyJ9.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  ])('the app route %s still answers index.html', async (url) => {
    const response = await get(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(decode(response)).toBe(indexHtml);
  });

  test('an unknown API path is still a PocketBase 404, not the web app', async () => {
    const response = await get(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ status: 404 });
  });

  test('nothing tells the browser to switch to https:// (no upgrade-insecure-requests, no HSTS)', async () => {
    for (const url of ['/', `/assets/${SCRIPT_NAME}`, '/api/health']) {
      const response = await get(`${server.url}${url}`);
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('served as https:// (APP_URL says so)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ appUrl: 'https://board.nursery.example' });
  });
  afterAll(() => server.close());

  test('browsers are told to stay on HTTPS', async () => {
    const response = await get(`${server.url}/api/health`);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
  });
});
