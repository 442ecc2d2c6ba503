// @vitest-environment node
// scripts/serve.ts: the static host the journeys and the bench run on, over real HTTP on a free port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCli, startStaticServer, type StaticServer } from '../../scripts/serve';
import { server as mswServer } from '../support/mock-backend';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(400))});\n`;
let root: string;

/** One request by node:http (fetch would decompress and hide the encoding). */
function get(url: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'serve-test-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(root, 'config.json'), '{"from":"file"}');
  writeFileSync(path.join(root, 'assets', 'app.js'), SCRIPT);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
// The msw test server intercepts this process's requests (the proxy's too); let loopback ones reach the real socket.
beforeEach(() => mswServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())));

describe('under a sub-path, with overrides', () => {
  let site: StaticServer;
  beforeAll(async () => {
    site = await startStaticServer({ root, basePath: 'apps/social', overrides: { 'config.json': '{"from":"override"}', './assets/gone.js': null } });
  });
  afterAll(() => site.close());

  it('serves the folder under the base, its index for the base itself, no-store and nosniff', async () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apps\/social\/$/);
    const index = await get(site.url);
    expect(index.status).toBe(200);
    expect(index.body.toString()).toContain('<title>app</title>');
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(new URL('assets/app.js', site.url).href)).body.toString()).toBe(SCRIPT);
  });

  it('redirects the base without its slash, and answers 404 outside it, for a missing file and a null override', async () => {
    const bare = await get(site.url.slice(0, -1));
    expect([bare.status, bare.headers.location]).toEqual([301, '/apps/social/']);
    expect((await get(new URL('/index.html', site.url).href)).status).toBe(404);
    expect((await get(new URL('missing.js', site.url).href)).status).toBe(404);
    writeFileSync(path.join(root, 'assets', 'gone.js'), SCRIPT);
    expect((await get(new URL('assets/gone.js', site.url).href)).status).toBe(404);
    expect((await get(new URL('%E0%A4%A', site.url).href)).status).toBe(400);
  });

  it('answers an override with its text and type, and HEAD with no body', async () => {
    const config = await get(new URL('config.json?v=1', site.url).href);
    expect([config.status, config.body.toString(), config.headers['content-type']]).toEqual([200, '{"from":"override"}', 'application/json; charset=utf-8']);
    const head = await get(new URL('config.json', site.url).href, { method: 'HEAD' });
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, '19']);
  });

  it('compresses text of 256 bytes or more as asked (brotli, else gzip), not smaller files', async () => {
    const br = await get(new URL('assets/app.js', site.url).href, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get(new URL('assets/app.js', site.url).href, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect((await get(site.url, { headers: { 'Accept-Encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
  });
});

it('precompressed: serves the .br made at start; the copy is gone after close', async () => {
  const site = await startStaticServer({ root, precompress: true });
  const br = await get(new URL('assets/app.js', site.url).href, { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
  await site.close();
  await expect(get(site.url)).rejects.toThrow();
});

it('forwards <base>v2/… to the API, any method, answers unchanged; nothing else reaches it', async () => {
  const seen: string[] = [];
  const api = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(418, { 'Content-Type': 'application/json' }).end('{"api":true}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const site = await startStaticServer({ root, basePath: '/s/', proxy: { prefix: 'v2/', target: `http://127.0.0.1:${(api.address() as AddressInfo).port}` } });
  try {
    const answer = await get(new URL('v2/post/5?x=1', site.url).href, { method: 'PATCH' });
    expect([answer.status, answer.body.toString()]).toEqual([418, '{"api":true}']);
    await get(new URL('index.html', site.url).href);
    expect(seen).toEqual(['PATCH /v2/post/5?x=1']);
  } finally {
    await site.close();
    await new Promise((resolve) => api.close(resolve));
  }
});

describe('the command line (node:util parseArgs)', () => {
  it('reads every option, in both forms', () => {
    expect(parseCli(['--root', 'dist', '--port=0', '--host', '::1', '--base', '/a/', '--proxy-v2', 'http://h:1', '--config-api', 'http://api', '--no-compress', '--precompress'])).toEqual({
      root: 'dist',
      port: 0,
      host: '::1',
      basePath: '/a/',
      proxy: { prefix: 'v2/', target: 'http://h:1' },
      configApi: 'http://api',
      compress: false,
      precompress: true,
    });
    expect(parseCli([])).toEqual({});
    expect(parseCli(['-h'])).toBe('help');
  });

  it('refuses an unknown option, a missing value and a port that is not an integer', () => {
    expect(() => parseCli(['--nope'])).toThrow(/nope/);
    expect(() => parseCli(['--root'])).toThrow(/root/);
    expect(() => parseCli(['--port', '80.5'])).toThrow(/integer/);
  });
});
