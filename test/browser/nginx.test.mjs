// The same-origin deployment of README's "Hosting": the built dist/ behind Debian's nginx with
// deploy/nginx.conf (rendered by deploy/render-nginx-conf.mjs, as the README tells a host to), the
// mock v2 API (MOCK_API_URL) proxied under the app's own path, config.json saying "apiBaseUrl": ".".
// A reader signs in, reads the feed and opens a thread in Chromium: no CORS preflight is sent
// (the same journey cross-origin sends them, which shows the counter works), every API request stays
// on the page's origin, and nginx answers with the documented cache headers, the CSP header and
// compressed bodies.
//
// Needs nginx (NGINX_PATH, else /usr/sbin/nginx, else `nginx` on PATH). Without it the suite is
// skipped with a message, except in CI (process.env.CI), where .ci/run installs it and its absence
// is a failure.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hasBrotliModule, renderNginxConf } from '../../deploy/render-nginx-conf.mjs';
import { HTTP_ERROR_RESOURCE, TOKENS, appUrl, formatErrors, launchBrowser, newPage, requireEnv, resetMock, threadIdOf } from './browser.mjs';

/** Under a sub-path, as in the README's example: "." must resolve next to index.html, not at the root. */
const BASE = '/apps/social/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** NGINX_PATH when set (a path that is not there counts as "not installed"), else the usual places. */
function findNginx() {
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').filter(Boolean).map((dir) => path.join(dir, 'nginx'))];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  return null;
}

const NGINX = findNginx();
const SKIP =
  !NGINX && !(process.env.CI && process.env.CI !== 'false')
    ? 'nginx is not installed, so the same-origin deployment is not tested here (Debian: apt-get install -y nginx; or set NGINX_PATH). In CI this is a failure.'
    : false;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One raw HTTP GET (no automatic decompression): status, headers, body bytes. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode({ headers, body }) {
  switch (headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    default:
      return body;
  }
}

/**
 * nginx with deploy/nginx.conf in a temp directory of its own: a copy of dist/ with a same-origin
 * config.json, the rendered config, its pid, access log and temp files. Resolves once it answers.
 */
async function startNginx({ base }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'social-nginx-'));
  // Started as root (CI), nginx's workers run as nobody: they must be able to read the copy.
  chmodSync(dir, 0o755);
  const root = path.join(dir, 'dist');
  cpSync(requireEnv('DIST_DIR'), root, { recursive: true });
  writeFileSync(path.join(root, 'config.json'), `${JSON.stringify({ apiBaseUrl: '.', mocks: false }, null, 2)}\n`);

  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const confPath = path.join(dir, 'nginx.conf');
    writeFileSync(confPath, renderNginxConf({ root, listen: `127.0.0.1:${port}`, api: requireEnv('MOCK_API_URL').replace(/\/+$/, ''), base }));
    const child = spawn(NGINX, ['-p', `${dir}/`, '-c', confPath, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`exited (code ${code}, signal ${signal})`)));
    const origin = `http://127.0.0.1:${port}`;
    const ready = (async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const answer = await get(`${origin}${base}`).catch(() => null);
        if (answer?.status === 200) return 'ready';
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'not answering after 15 s';
    })();
    const outcome = await Promise.race([ready, exited]);
    if (outcome === 'ready') {
      return {
        origin,
        url: `${origin}${base}`,
        root,
        accessLog: () => readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
        output: () => output,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            await exited;
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    lastError = `nginx ${outcome}:\n${output}`;
    // Someone took the port between freePort() and nginx's bind: try another.
    if (!/Address already in use/.test(output)) break;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(lastError);
}

/** Directive name -> value list, for comparing policies regardless of order and spacing. */
function parseCsp(policy) {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name.toLowerCase(), values.join(' ')]),
  );
}

/**
 * Signs in through the form, waits for the feed's first posts, opens the first thread linked from
 * the feed and waits for it. Returns what a reader saw: the thread's id.
 */
async function readFeedAndThread(page, url) {
  await page.goto(url);
  const field = page.getByLabel('API token');
  await field.waitFor({ state: 'visible', timeout: 15_000 });
  await field.fill(TOKENS.ada);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible', timeout: 15_000 });
  const feed = page.getByRole('feed');
  await feed.locator('article[data-post-id]:not([aria-busy="true"])').first().waitFor({ state: 'visible', timeout: 20_000 });
  await feed.getByRole('link', { name: /^Open thread/ }).first().click();
  await page.waitForURL(/#\/post\/\d+/, { timeout: 15_000 });
  await page.getByRole('article').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
  return threadIdOf(page);
}

/**
 * Runs the journey in a fresh context and records every request by method (Playwright's request
 * events), the CORS preflights (Chromium's Network domain: Playwright does not report preflights),
 * and the encoding of every answer.
 */
async function journey(browser, url) {
  const session = await newPage(browser);
  const { page, context } = session;
  const byMethod = {};
  const requests = [];
  const responses = [];
  let preflights = 0;
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'OPTIONS' || event.type === 'Preflight') preflights += 1;
  });
  await cdp.send('Network.enable');
  page.on('request', (request) => {
    byMethod[request.method()] = (byMethod[request.method()] ?? 0) + 1;
    requests.push({ method: request.method(), url: request.url(), type: request.resourceType() });
  });
  page.on('response', async (response) => {
    const headers = await response.allHeaders().catch(() => ({}));
    responses.push({ url: response.url(), status: response.status(), encoding: headers['content-encoding'] ?? null });
  });
  try {
    const threadId = await readFeedAndThread(page, url);
    assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
    // Fixture avatars and blog images live on example hosts (answered with a placeholder): images
    // may leave; nothing else may.
    assert.deepEqual(session.externalRequests.filter((r) => !r.endsWith('(image)')), [], 'the page left 127.0.0.1');
    return { threadId, byMethod, requests, responses, preflights: () => preflights };
  } finally {
    await session.close();
  }
}

describe('same-origin deployment: dist/ and the v2 API through deploy/nginx.conf', { skip: SKIP }, () => {
  let browser;
  let site;

  before(async () => {
    if (!NGINX) throw new Error('nginx is not installed: CI must run it (.ci/run installs it with apt-get install -y nginx)');
    await resetMock();
    site = await startNginx({ base: BASE });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  test('a reader reads the feed and a thread with no CORS preflight: the API is on the page’s origin', async () => {
    // The counter first, on the cross-origin setup (config.json -> the mock's own origin): a new
    // post URL there costs a preflight, so a counter that sees none here would prove nothing.
    const crossOrigin = await journey(browser, appUrl());
    assert.ok(crossOrigin.preflights() > 0, 'cross-origin, Chromium should send CORS preflights: the counter sees none');

    const logBefore = site.accessLog().length;
    const sameOrigin = await journey(browser, site.url);
    assert.match(sameOrigin.threadId ?? '', /^\d+$/, 'no thread opened');

    assert.equal(sameOrigin.preflights(), 0, `CORS preflights through nginx (cross-origin: ${crossOrigin.preflights()})`);
    assert.equal(sameOrigin.byMethod.OPTIONS ?? 0, 0, `OPTIONS requests: ${JSON.stringify(sameOrigin.byMethod)}`);
    const api = sameOrigin.requests.filter((r) => r.url.startsWith(`${site.url}v2/`));
    assert.ok(api.length >= 5, `expected the feed's and the thread's API requests under ${site.url}v2/, saw ${api.length}`);
    const mockOrigin = new URL(requireEnv('MOCK_API_URL')).origin;
    const elsewhere = sameOrigin.requests.filter((r) => r.type !== 'image' && !r.url.startsWith(`${site.origin}/`));
    assert.deepEqual(elsewhere, [], `requests that left the page's origin (the mock is ${mockOrigin})`);

    // What reached the API: nginx's access log of this journey.
    const served = site.accessLog().slice(logBefore);
    const proxied = served.filter((line) => line.includes(` ${BASE}v2/`));
    assert.ok(proxied.length >= api.length, `nginx logged ${proxied.length} API requests, the browser made ${api.length}`);
    assert.deepEqual(served.filter((line) => line.includes('"OPTIONS ')), [], 'an OPTIONS request reached nginx');

    // The browser got its scripts and styles compressed.
    const assets = sameOrigin.responses.filter((r) => r.url.startsWith(`${site.url}assets/`) && r.status === 200);
    assert.ok(assets.length > 0, 'no assets loaded');
    // Under 256 bytes nginx sends a file as it is (gzip_min_length): compressed it would grow.
    const bytes = (url) => readFileSync(path.join(site.root, 'assets', new URL(url).pathname.split('/').pop())).length;
    const plain = assets.filter((r) => !['br', 'gzip'].includes(r.encoding) && bytes(r.url) >= 256);
    assert.deepEqual(plain, [], 'assets sent without compression');
    console.log(`# through nginx: ${api.length} API requests, 0 preflights (cross-origin: ${crossOrigin.preflights()}); assets ${[...new Set(assets.map((r) => r.encoding))].join('/')}`);
  });

  test('cache headers as README documents, the CSP as a header, compressed bodies', async () => {
    const encodings = hasBrotliModule() ? ['br', 'gzip'] : ['gzip'];
    const dist = site.root;

    // The index (the directory and index.html by name), config.json, mockServiceWorker.js and any
    // other file next to index.html (a service worker, the manifest, icons): revalidated every time.
    const topLevel = readdirSync(dist, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);
    for (const name of ['index.html', 'config.json', 'mockServiceWorker.js']) assert.ok(topLevel.includes(name), `dist/ has no ${name}`);
    for (const name of ['', ...topLevel]) {
      const answer = await get(`${site.url}${name}`, { 'Accept-Encoding': 'gzip' });
      assert.equal(answer.status, 200, `${name || '(index)'}: HTTP ${answer.status}`);
      assert.equal(answer.headers['cache-control'], NO_CACHE, `${name || '(index)'}: Cache-Control`);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', `${name || '(index)'}: X-Content-Type-Options`);
    }
    const config = JSON.parse(decode(await get(`${site.url}config.json`, { 'Accept-Encoding': 'gzip' })).toString());
    assert.equal(config.apiBaseUrl, '.', 'the deployment’s config.json');

    // Hashed assets: cached for a year, never revalidated; text ones compressed with each encoding.
    const assets = readdirSync(path.join(dist, 'assets'));
    assert.ok(assets.some((name) => name.endsWith('.js')) && assets.some((name) => name.endsWith('.css')), 'no JS or CSS in dist/assets');
    for (const name of assets) {
      const file = readFileSync(path.join(dist, 'assets', name));
      for (const encoding of encodings) {
        const answer = await get(`${site.url}assets/${name}`, { 'Accept-Encoding': encoding });
        assert.equal(answer.status, 200, `assets/${name}: HTTP ${answer.status}`);
        assert.equal(answer.headers['cache-control'], IMMUTABLE, `assets/${name}: Cache-Control`);
        if (/\.(js|css|svg)$/.test(name) && file.length >= 256) {
          assert.equal(answer.headers['content-encoding'], encoding, `assets/${name} asked with Accept-Encoding: ${encoding}`);
          assert.match(answer.headers.vary ?? '', /Accept-Encoding/i, `assets/${name}: Vary`);
          assert.ok(answer.body.length < file.length, `assets/${name}: ${answer.body.length} bytes compressed, ${file.length} raw`);
          assert.ok(decode(answer).equals(file), `assets/${name}: the ${encoding} body does not decode to the file`);
        }
      }
    }
    if (!hasBrotliModule()) console.log('# brotli: the Debian module (libnginx-mod-http-brotli-filter) is not installed here: gzip only');

    // index.html: compressed, and revalidated cheaply (no-cache + ETag -> 304).
    const index = await get(site.url, { 'Accept-Encoding': encodings.join(', ') });
    assert.equal(index.headers['content-encoding'], encodings[0], 'index.html is not compressed');
    assert.ok(index.headers.etag, 'index.html has no ETag to revalidate with');
    const again = await get(site.url, { 'If-None-Match': index.headers.etag, 'Accept-Encoding': encodings.join(', ') });
    assert.equal(again.status, 304, 'an unchanged index.html should revalidate to 304');

    // The CSP header: the built index.html's policy, with connect-src 'self' (the API is proxied)
    // and frame-ancestors (only a header can carry it).
    const header = index.headers['content-security-policy'];
    assert.ok(header, 'no Content-Security-Policy header');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(decode(index).toString())?.[1];
    assert.ok(meta, 'the built index.html has no CSP meta');
    const expected = parseCsp(meta.replaceAll('&#39;', "'"));
    expected.set('connect-src', "'self'");
    expected.set('frame-ancestors', "'none'");
    assert.deepEqual(parseCsp(header), expected, 'the CSP header differs from the built policy (build/csp-plugin.ts)');

    // Hosting details the README promises: the sub-path without its slash redirects, there is no
    // single-page-app fallback, and build metadata is not served.
    const bare = await get(site.url.replace(/\/$/, ''));
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.location, BASE);
    assert.equal((await get(`${site.url}no-such-page`)).status, 404);
    // A missing asset (asked for before a deploy finished) must not be cached for a year.
    const missing = await get(`${site.url}assets/no-such-chunk.js`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['cache-control'], undefined, 'a 404 under assets/ carries a Cache-Control header');
    assert.equal((await get(`${site.url}.vite/manifest.json`)).status, 404);

    // The API through the proxy, as the app calls it.
    const blog = await get(`${site.url}v2/blog/latest`, { Accept: 'application/json' });
    assert.equal(blog.status, 200, `GET ${BASE}v2/blog/latest through nginx: HTTP ${blog.status}`);
    assert.match(blog.headers['content-type'] ?? '', /application\/json/);
  });

  test('at the root of a host the same config serves the app and proxies /v2/', async () => {
    const root = await startNginx({ base: '/' });
    try {
      const index = await get(root.url);
      assert.equal(index.status, 200);
      assert.equal(index.headers['cache-control'], NO_CACHE);
      // The entry, as index.html's boot list names it for its inline loader (build/prerender-plugin.ts).
      const script = /"entry":"\.\/(assets\/[^"]+\.js)"/.exec(index.body.toString())?.[1];
      assert.ok(script, 'no entry script in index.html');
      assert.equal((await get(`${root.url}${script}`)).headers['cache-control'], IMMUTABLE);
      const ping = await get(`${root.origin}/v2/blog/latest`, { Accept: 'application/json' });
      assert.equal(ping.status, 200, `GET /v2/blog/latest through nginx: HTTP ${ping.status}`);
    } finally {
      await root.stop();
    }
  });
});
