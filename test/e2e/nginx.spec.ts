// The same-origin deployment of README's "Hosting": the built dist/ behind Debian's nginx with
// deploy/nginx.conf (rendered by deploy/render-nginx-conf.ts, as the README tells a host to), this
// worker's mock v2 API proxied under the app's own path, config.json saying "apiBaseUrl": ".".
// A reader signs in, reads the feed and opens a thread in Chromium: no CORS preflight is sent
// (the same journey cross-origin sends them, which shows the counter works), every API request stays
// on the page's origin, and nginx answers with the documented cache headers, the CSP header and
// compressed bodies.
//
// Needs nginx (NGINX_PATH, else /usr/sbin/nginx, else `nginx` on PATH). Without it the file is
// skipped with a message, except in CI (process.env.CI), where .ci/run installs it and its absence
// is a failure.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hasBrotliModule, renderNginxConf } from '../../deploy/render-nginx-conf';
import { DIST_DIR, expect, test, type OpenPage } from './fixtures';
import { formatErrors, HTTP_ERROR_RESOURCE, signIn, threadIdOf, TOKENS } from './support';

/** Under a sub-path, as in the README's example: "." must resolve next to index.html, not at the root. */
const BASE = '/apps/social/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** NGINX_PATH when set (a path that is not there counts as "not installed"), else the usual places. */
function findNginx(): string | null {
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
const IN_CI = Boolean(process.env.CI && process.env.CI !== 'false');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One raw HTTP GET (no automatic decompression): status, headers, body bytes. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode({ headers, body }: RawAnswer): Buffer {
  switch (headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    default:
      return body;
  }
}

interface Nginx {
  origin: string;
  url: string;
  /** The served copy of dist/. */
  root: string;
  accessLog(): string[];
  output(): string;
  stop(): Promise<void>;
}

/**
 * nginx with deploy/nginx.conf in a temp directory of its own: a copy of dist/ with a same-origin
 * config.json, the rendered config, its pid, access log and temp files. Resolves once it answers.
 */
async function startNginx(nginx: string, { base, api }: { base: string; api: string }): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'social-nginx-'));
  // Started as root (CI), nginx's workers run as nobody: they must be able to read the copy.
  chmodSync(dir, 0o755);
  const root = path.join(dir, 'dist');
  cpSync(DIST_DIR, root, { recursive: true });
  writeFileSync(path.join(root, 'config.json'), `${JSON.stringify({ apiBaseUrl: '.', mocks: false }, null, 2)}\n`);

  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const confPath = path.join(dir, 'nginx.conf');
    writeFileSync(confPath, renderNginxConf({ root, listen: `127.0.0.1:${port}`, api: api.replace(/\/+$/, ''), base }));
    const child = spawn(nginx, ['-p', `${dir}/`, '-c', confPath, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exited (code ${code}, signal ${signal})`)));
    const origin = `http://127.0.0.1:${port}`;
    // nginx in the foreground says nothing when it is ready: it is asked until it answers.
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
function parseCsp(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name.toLowerCase(), values.join(' ')]),
  );
}

interface RecordedRequest {
  method: string;
  url: string;
  type: string;
}

/**
 * A reader's journey in a fresh context: signs in through the form, waits for the feed's first
 * posts, opens the first thread linked from the feed and waits for it. Records every request by
 * method (Playwright's request events), the CORS preflights (Chromium's Network domain: Playwright
 * does not report preflights), and the encoding of every answer.
 */
async function journey(openPage: OpenPage, url: string) {
  const session = await openPage();
  const { page, context } = session;
  const byMethod: Record<string, number> = {};
  const requests: RecordedRequest[] = [];
  const responses: { url: string; status: number; encoding: string | null }[] = [];
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
    const headers = await response.allHeaders().catch((): Record<string, string> => ({}));
    responses.push({ url: response.url(), status: response.status(), encoding: headers['content-encoding'] ?? null });
  });
  try {
    await signIn(page, TOKENS.ada, { url });
    const feed = page.getByRole('feed');
    await expect(feed.locator('article[data-post-id]:not([aria-busy="true"])').first()).toBeVisible();
    await feed.getByRole('link', { name: /^Open thread/ }).first().click();
    await page.waitForURL(/#\/post\/\d+/);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const threadId = threadIdOf(page);
    expect(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), `errors in the page:${formatErrors(session.errors)}`).toEqual([]);
    // Fixture avatars and blog images live on example hosts (answered with a placeholder): images
    // may leave; nothing else may.
    expect(session.externalRequests.filter((r) => !r.endsWith('(image)')), 'the page left 127.0.0.1').toEqual([]);
    return { threadId, byMethod, requests, responses, preflights: () => preflights };
  } finally {
    await session.close();
  }
}

test.describe('same-origin deployment: dist/ and the v2 API through deploy/nginx.conf', () => {
  test.skip(
    !NGINX && !IN_CI,
    'nginx is not installed, so the same-origin deployment is not tested here (Debian: apt-get install -y nginx; or set NGINX_PATH). In CI this is a failure.',
  );

  let running: Nginx | undefined;
  /** The nginx of this file (under BASE), started in beforeAll. */
  const nginxSite = () => {
    if (!running) throw new Error('nginx did not start');
    return running;
  };

  test.beforeAll(async ({ mockApi }) => {
    if (!NGINX) throw new Error('nginx is not installed: CI must run it (.ci/run installs it with apt-get install -y nginx)');
    await mockApi.reset();
    running = await startNginx(NGINX, { base: BASE, api: mockApi.url });
  });
  test.afterAll(async () => {
    await running?.stop();
  });

  test('a reader reads the feed and a thread with no CORS preflight: the API is on the page’s origin', async ({ app, mockApi, openPage }) => {
    const site = nginxSite();
    // The counter first, on the cross-origin setup (config.json -> the mock's own origin): a new
    // post URL there costs a preflight, so a counter that sees none here would prove nothing.
    const crossOrigin = await journey(openPage, app.url);
    expect(crossOrigin.preflights(), 'cross-origin, Chromium should send CORS preflights: the counter sees none').toBeGreaterThan(0);

    const logBefore = site.accessLog().length;
    const sameOrigin = await journey(openPage, site.url);
    expect(sameOrigin.threadId ?? '', 'no thread opened').toMatch(/^\d+$/);

    expect(sameOrigin.preflights(), `CORS preflights through nginx (cross-origin: ${crossOrigin.preflights()})`).toBe(0);
    expect(sameOrigin.byMethod.OPTIONS ?? 0, `OPTIONS requests: ${JSON.stringify(sameOrigin.byMethod)}`).toBe(0);
    const api = sameOrigin.requests.filter((r) => r.url.startsWith(`${site.url}v2/`));
    expect(api.length, `expected the feed's and the thread's API requests under ${site.url}v2/`).toBeGreaterThanOrEqual(5);
    const mockOrigin = new URL(mockApi.url).origin;
    const elsewhere = sameOrigin.requests.filter((r) => r.type !== 'image' && !r.url.startsWith(`${site.origin}/`));
    expect(elsewhere, `requests that left the page's origin (the mock is ${mockOrigin})`).toEqual([]);

    // What reached the API: nginx's access log of this journey.
    const served = site.accessLog().slice(logBefore);
    const proxied = served.filter((line) => line.includes(` ${BASE}v2/`));
    expect(proxied.length, `nginx logged ${proxied.length} API requests, the browser made ${api.length}`).toBeGreaterThanOrEqual(api.length);
    expect(served.filter((line) => line.includes('"OPTIONS ')), 'an OPTIONS request reached nginx').toEqual([]);

    // The browser got its scripts and styles compressed.
    const assets = sameOrigin.responses.filter((r) => r.url.startsWith(`${site.url}assets/`) && r.status === 200);
    expect(assets.length, 'no assets loaded').toBeGreaterThan(0);
    // Under 256 bytes nginx sends a file as it is (gzip_min_length): compressed it would grow.
    const bytes = (url: string) => readFileSync(path.join(site.root, 'assets', new URL(url).pathname.split('/').pop() ?? '')).length;
    const plain = assets.filter((r) => !['br', 'gzip'].includes(r.encoding ?? '') && bytes(r.url) >= 256);
    expect(plain, 'assets sent without compression').toEqual([]);
    console.log(
      `# through nginx: ${api.length} API requests, 0 preflights (cross-origin: ${crossOrigin.preflights()}); assets ${[...new Set(assets.map((r) => r.encoding))].join('/')}`,
    );
  });

  test('cache headers as README documents, the CSP as a header, compressed bodies', async () => {
    const site = nginxSite();
    const encodings = hasBrotliModule() ? ['br', 'gzip'] : ['gzip'];
    const dist = site.root;

    // The index (the directory and index.html by name), config.json, the service worker, the
    // manifest and any other file next to index.html (icons): revalidated every time. (A production
    // dist/ has no mockServiceWorker.js any more; a mock deployment's would be one of these files.)
    const topLevel = readdirSync(dist, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
    for (const name of ['index.html', 'config.json', 'sw.js', 'manifest.webmanifest']) expect(topLevel, `dist/ has no ${name}`).toContain(name);
    for (const name of ['', ...topLevel]) {
      const answer = await get(`${site.url}${name}`, { 'Accept-Encoding': 'gzip' });
      expect(answer.status, `${name || '(index)'}: HTTP status`).toBe(200);
      expect(answer.headers['cache-control'], `${name || '(index)'}: Cache-Control`).toBe(NO_CACHE);
      expect(answer.headers['x-content-type-options'], `${name || '(index)'}: X-Content-Type-Options`).toBe('nosniff');
    }
    const config = JSON.parse(decode(await get(`${site.url}config.json`, { 'Accept-Encoding': 'gzip' })).toString()) as { apiBaseUrl: string };
    expect(config.apiBaseUrl, 'the deployment’s config.json').toBe('.');

    // Hashed assets: cached for a year, never revalidated; text ones compressed with each encoding.
    const assets = readdirSync(path.join(dist, 'assets'));
    expect(
      assets.some((name) => name.endsWith('.js')) && assets.some((name) => name.endsWith('.css')),
      'no JS or CSS in dist/assets',
    ).toBe(true);
    for (const name of assets) {
      const file = readFileSync(path.join(dist, 'assets', name));
      for (const encoding of encodings) {
        const answer = await get(`${site.url}assets/${name}`, { 'Accept-Encoding': encoding });
        expect(answer.status, `assets/${name}: HTTP status`).toBe(200);
        expect(answer.headers['cache-control'], `assets/${name}: Cache-Control`).toBe(IMMUTABLE);
        if (/\.(js|css|svg)$/.test(name) && file.length >= 256) {
          expect(answer.headers['content-encoding'], `assets/${name} asked with Accept-Encoding: ${encoding}`).toBe(encoding);
          expect(answer.headers.vary ?? '', `assets/${name}: Vary`).toMatch(/Accept-Encoding/i);
          expect(answer.body.length, `assets/${name}: ${answer.body.length} bytes compressed, ${file.length} raw`).toBeLessThan(file.length);
          expect(decode(answer).equals(file), `assets/${name}: the ${encoding} body does not decode to the file`).toBe(true);
        }
      }
    }
    if (!hasBrotliModule()) console.log('# brotli: the Debian module (libnginx-mod-http-brotli-filter) is not installed here: gzip only');

    // index.html: compressed, and revalidated cheaply (no-cache + ETag -> 304).
    const index = await get(site.url, { 'Accept-Encoding': encodings.join(', ') });
    expect(index.headers['content-encoding'], 'index.html is not compressed').toBe(encodings[0]);
    expect(index.headers.etag, 'index.html has no ETag to revalidate with').toBeTruthy();
    const again = await get(site.url, { 'If-None-Match': index.headers.etag ?? '', 'Accept-Encoding': encodings.join(', ') });
    expect(again.status, 'an unchanged index.html should revalidate to 304').toBe(304);

    // The CSP header: the built index.html's policy, with connect-src 'self' (the API is proxied)
    // and frame-ancestors (only a header can carry it).
    const header = index.headers['content-security-policy'];
    expect(header, 'no Content-Security-Policy header').toBeTruthy();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(decode(index).toString())?.[1];
    expect(meta, 'the built index.html has no CSP meta').toBeTruthy();
    const expected = parseCsp((meta ?? '').replaceAll('&#39;', "'"));
    expected.set('connect-src', "'self'");
    expected.set('frame-ancestors', "'none'");
    expect(parseCsp(String(header ?? '')), 'the CSP header differs from the built policy (build/csp-plugin.ts)').toEqual(expected);

    // Hosting details the README promises: the sub-path without its slash redirects, there is no
    // single-page-app fallback, and build metadata is not served.
    const bare = await get(site.url.replace(/\/$/, ''));
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(BASE);
    expect((await get(`${site.url}no-such-page`)).status).toBe(404);
    // A missing asset (asked for before a deploy finished) must not be cached for a year.
    const missing = await get(`${site.url}assets/no-such-chunk.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'], 'a 404 under assets/ carries a Cache-Control header').toBeUndefined();
    expect((await get(`${site.url}.vite/manifest.json`)).status).toBe(404);

    // The API through the proxy, as the app calls it.
    const blog = await get(`${site.url}v2/blog/latest`, { Accept: 'application/json' });
    expect(blog.status, `GET ${BASE}v2/blog/latest through nginx`).toBe(200);
    expect(blog.headers['content-type'] ?? '').toMatch(/application\/json/);
  });

  test('at the root of a host the same config serves the app and proxies /v2/', async ({ mockApi }) => {
    if (!NGINX) throw new Error('nginx is not installed');
    const root = await startNginx(NGINX, { base: '/', api: mockApi.url });
    try {
      const index = await get(root.url);
      expect(index.status).toBe(200);
      expect(index.headers['cache-control']).toBe(NO_CACHE);
      // The entry, as index.html's boot list names it for its inline loader (build/prerender-plugin.ts).
      const script = /"entry":"\.\/(assets\/[^"]+\.js)"/.exec(index.body.toString())?.[1];
      expect(script, 'no entry script in index.html').toBeTruthy();
      expect((await get(`${root.url}${script}`)).headers['cache-control']).toBe(IMMUTABLE);
      const ping = await get(`${root.origin}/v2/blog/latest`, { Accept: 'application/json' });
      expect(ping.status, `GET /v2/blog/latest through nginx`).toBe(200);
    } finally {
      await root.stop();
    }
  });
});
