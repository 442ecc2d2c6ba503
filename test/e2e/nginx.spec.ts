// The same-origin deployment of README's "Hosting": the built dist/ behind Debian's nginx with
// deploy/nginx.conf (rendered by deploy/render-nginx-conf.ts, as the README tells a host to), this
// worker's mock v2 API proxied under the app's own path, config.json saying "apiBaseUrl": ".".
// A reader signs in, reads the feed and opens a thread in Chromium: no CORS preflight is sent
// (the same journey cross-origin sends them, which shows the counter works), every API request stays
// on the page's origin, and nginx answers with the documented cache headers, the CSP header and
// compressed bodies.
//
// With the API over https (a throwaway CA and an https server made here, in front of the mock), nginx
// verifies the API's certificate: signed by the CA it is told to trust (--trusted-ca), the reader gets
// the feed; signed by another CA (or one the system bundle does not hold, or for another name), every
// API request is a 502 and not one reaches the API, so neither does the token. The API sees the
// forwarding headers nginx sets, never the ones a client sent.
//
// Needs nginx (NGINX_PATH, else /usr/sbin/nginx, else `nginx` on PATH). Without it the file is
// skipped with a message, except in CI (process.env.CI), where .ci/run installs it and its absence
// is a failure.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Request as BrowserRequest } from '@playwright/test';
import { hasBrotliModule, renderNginxConf, SYSTEM_CA_BUNDLE } from '../../deploy/render-nginx-conf';
import { DIST_DIR, expect, test, type OpenPage } from './fixtures';
import { signIn, threadIdOf, TOKENS } from './support';
import { issueServerCert, makeCa, startTlsUpstream, type Ca, type TlsUpstream } from './tls-upstream';

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
function get(url: string, headers: OutgoingHttpHeaders = {}): Promise<RawAnswer> {
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
async function startNginx(nginx: string, { base, api, trustedCa }: { base: string; api: string; trustedCa?: string }): Promise<Nginx> {
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
    writeFileSync(confPath, renderNginxConf({ root, listen: `127.0.0.1:${port}`, api: api.replace(/\/+$/, ''), base, trustedCa }));
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
    // The fixtures' pictures are the mock's own, on this machine like everything else.
    expect(session.externalRequests, 'the page left 127.0.0.1').toEqual([]);
    return { threadId, byMethod, requests, responses, preflights: () => preflights };
  } finally {
    await session.close();
  }
}

// Behind nginx as a real host serves it: the app's service worker installs, as for a visitor.
test.use({ serviceWorkers: 'allow' });

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

    // What reached the API: nginx's access log of this journey, which holds at least every API request
    // the browser had an answer to. Not every request the browser made: one still queued when the
    // journey closed its page may never have been sent. And nginx writes a line when a request ends,
    // so a request answered just before the page closed can be logged a moment later: with the API
    // at 150 ms, the log read at once had 39 lines for the 42 requests made. So it is read until it
    // has every answered one, or the wait fails.
    const answered = sameOrigin.responses.filter((r) => r.url.startsWith(`${site.url}v2/`)).length;
    const served = () => site.accessLog().slice(logBefore);
    const proxied = () => served().filter((line) => line.includes(` ${BASE}v2/`)).length;
    await expect.poll(proxied, { message: `nginx logged fewer API requests than the browser had answers to (${answered})`, timeout: 10_000 }).toBeGreaterThanOrEqual(answered);
    expect(served().filter((line) => line.includes('"OPTIONS ')), 'an OPTIONS request reached nginx').toEqual([]);

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

test.describe('the API’s answers through deploy/nginx.conf are never kept in the browser’s HTTP cache', () => {
  test.skip(!NGINX && !IN_CI, 'nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_PATH). In CI this is a failure.');

  test('no-store on every status, whatever caching the API asks for; its Cache-Control, Expires and Pragma not passed on', async () => {
    if (!NGINX) throw new Error('nginx is not installed');
    // An API that asks for its answers to be kept (a shared cache, an hour): a profile, then a refusal.
    const api = createHttpServer((req, res) => {
      const status = req.url === '/v2/user/me' ? 200 : 401;
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=3600',
        Expires: new Date(Date.now() + 3600_000).toUTCString(),
        Pragma: 'cache',
      });
      res.end(JSON.stringify(status === 200 ? { error: false, user: { uuid: 'u-1', username: 'ada' } } : { error: true, reason: 'Bad token' }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const site = await startNginx(NGINX, { base: BASE, api: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
    try {
      for (const [name, status] of [['user/me', 200], ['post/5', 401]] as const) {
        const answer = await get(`${site.url}v2/${name}`, { Accept: 'application/json', Authorization: 'Bearer tok-x' });
        expect(answer.status, `GET ${BASE}v2/${name}: HTTP status`).toBe(status);
        expect(answer.headers['cache-control'], `GET ${BASE}v2/${name}: Cache-Control`).toBe('no-store');
        expect(answer.headers.expires, `GET ${BASE}v2/${name}: Expires`).toBeUndefined();
        expect(answer.headers.pragma, `GET ${BASE}v2/${name}: Pragma`).toBeUndefined();
        expect(answer.headers['x-content-type-options'], `GET ${BASE}v2/${name}: X-Content-Type-Options`).toBe('nosniff');
      }
      // The app's own files keep their headers (one Cache-Control each, not two).
      expect((await get(`${site.url}config.json`)).headers['cache-control']).toBe(NO_CACHE);
      const missing = await get(`${site.url}assets/no-such-chunk.js`);
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBeUndefined();
    } finally {
      await site.stop();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

/** What a client could send to pass itself off as another address, host or scheme. */
const SPOOFED_IP = '6.6.6.6';
const SPOOFED_HOST = 'spoofed.example';
const SPOOFED_HEADERS: OutgoingHttpHeaders = {
  // Twice: nginx must drop every line of it, not only the first.
  'X-Forwarded-For': [SPOOFED_IP, '6.6.6.7'],
  Forwarded: `for=${SPOOFED_IP};proto=https;host=${SPOOFED_HOST}`,
  'X-Real-IP': SPOOFED_IP,
  'X-Forwarded-Host': SPOOFED_HOST,
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '6666',
  'X-Forwarded-Prefix': '/spoofed',
  'X-Forwarded-Server': SPOOFED_HOST,
  'X-Forwarded-Ssl': 'on',
  'X-Forwarded-Scheme': 'https',
  'X-Original-Forwarded-For': SPOOFED_IP,
  'X-Client-IP': SPOOFED_IP,
  'Client-IP': SPOOFED_IP,
  'True-Client-IP': SPOOFED_IP,
  'X-Cluster-Client-IP': SPOOFED_IP,
  'CF-Connecting-IP': SPOOFED_IP,
  'Fastly-Client-IP': SPOOFED_IP,
  'X-Original-Host': SPOOFED_HOST,
  'X-Host': SPOOFED_HOST,
  // nginx drops header names with underscores itself (ignore_invalid_headers).
  X_Forwarded_For: SPOOFED_IP,
};

test.describe('the API over https through deploy/nginx.conf: its certificate verified, the forwarding headers nginx’s own', () => {
  test.skip(
    !NGINX && !IN_CI,
    'nginx is not installed, so the same-origin deployment is not tested here (Debian: apt-get install -y nginx; or set NGINX_PATH). In CI this is a failure.',
  );

  interface Tls {
    dir: string;
    /** The CA nginx is told to trust, and the https API's certificate is signed by. */
    trusted: Ca;
    /** A CA of the same kind that signed nothing nginx is shown. */
    impostor: Ca;
    /** https://localhost:<port>, a certificate from `trusted` for DNS:localhost and IP:127.0.0.1, forwarding to the mock. */
    api: TlsUpstream;
    /** The same, with a certificate from `trusted` for another name (api.elsewhere.test). */
    misnamed: TlsUpstream;
  }
  let tls: Tls | undefined;
  const setup = () => {
    if (!tls) throw new Error('the throwaway CAs and https servers were not made');
    return tls;
  };
  const nginxPath = () => {
    if (!NGINX) throw new Error('nginx is not installed: CI must run it (.ci/run installs it with apt-get install -y nginx)');
    return NGINX;
  };

  test.beforeAll(async ({ mockApi }) => {
    nginxPath();
    await mockApi.reset();
    const dir = mkdtempSync(path.join(tmpdir(), 'social-tls-'));
    try {
      const trusted = makeCa(dir, 'trusted-ca', 'Social e2e throwaway CA');
      const impostor = makeCa(dir, 'impostor-ca', 'Social e2e impostor CA');
      const api = await startTlsUpstream(issueServerCert(dir, trusted, 'api', 'DNS:localhost, IP:127.0.0.1'), mockApi.url);
      const misnamed = await startTlsUpstream(issueServerCert(dir, trusted, 'elsewhere', 'DNS:api.elsewhere.test'), mockApi.url).catch(async (error: unknown) => {
        await api.close();
        throw error;
      });
      tls = { dir, trusted, impostor, api, misnamed };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  });
  test.afterAll(async () => {
    if (!tls) return;
    await Promise.all([tls.api.close(), tls.misnamed.close()]);
    rmSync(tls.dir, { recursive: true, force: true });
  });

  test('signed by the trusted CA: a reader reads the feed and a thread through nginx, over a verified https connection', async ({ openPage }) => {
    const { trusted, api } = setup();
    const site = await startNginx(nginxPath(), { base: BASE, api: api.url, trustedCa: trusted.certPath });
    try {
      api.clear();
      const run = await journey(openPage, site.url);
      expect(run.threadId ?? '', 'no thread opened').toMatch(/^\d+$/);
      const fromBrowser = run.requests.filter((r) => r.url.startsWith(`${site.url}v2/`));
      expect(fromBrowser.length, `expected the feed's and the thread's API requests under ${site.url}v2/`).toBeGreaterThanOrEqual(5);

      // What the https API received: the app's requests, each over TLS with the name in the handshake.
      const received = api.requests;
      expect(received.length, 'requests that reached the https API').toBeGreaterThanOrEqual(5);
      for (const request of received) {
        expect(request.url, 'the prefix is replaced').toMatch(/^\/v2\//);
        expect(request.servername, `${request.url}: SNI`).toBe('localhost');
        expect(['TLSv1.2', 'TLSv1.3'], `${request.url}: TLS version`).toContain(request.tlsProtocol);
        expect(request.headers['x-forwarded-for'], `${request.url}: X-Forwarded-For`).toBe('127.0.0.1');
      }
      const pings = received.filter((request) => request.url === '/v2/ping');
      expect(pings.length, 'sign-in checks the token with GET /v2/ping').toBeGreaterThan(0);
      expect(pings[0]?.headers.authorization).toBe(`Bearer ${TOKENS.ada}`);
      expect(api.tlsFailures, 'handshakes that failed').toEqual([]);
      expect(site.output(), 'nginx complained about the certificate').not.toMatch(/SSL|certificate/);
      console.log(`# https API: ${received.length} requests over ${[...new Set(received.map((r) => r.tlsProtocol))].join('/')}`);
    } finally {
      await site.stop();
    }
  });

  test('signed by another CA: nginx refuses it, every API request is a 502 and not one (nor the token) reaches it', async ({ openPage }) => {
    const { impostor, api } = setup();
    const site = await startNginx(nginxPath(), { base: BASE, api: api.url, trustedCa: impostor.certPath });
    const session = await openPage();
    try {
      api.clear();
      const { page } = session;
      const apiRequests: BrowserRequest[] = [];
      const apiAnswers: { url: string; status: number }[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${site.url}v2/`)) apiRequests.push(request);
      });
      page.on('response', (response) => {
        if (response.url().startsWith(`${site.url}v2/`)) apiAnswers.push({ url: response.url(), status: response.status() });
      });

      await signIn(page, TOKENS.ada, { url: site.url, expectFeed: false });
      await expect(page.getByRole('alert')).toContainText('Could not check the token');
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

      // The browser gave nginx the token; nginx answered 502 to everything.
      const sent = await Promise.all(apiRequests.map(async (request) => ({ url: request.url(), authorization: (await request.allHeaders()).authorization })));
      expect(
        sent.some((request) => request.url === `${site.url}v2/ping` && request.authorization === `Bearer ${TOKENS.ada}`),
        `the browser sent no GET v2/ping with the token: ${JSON.stringify(sent)}`,
      ).toBe(true);
      expect(apiAnswers.length, 'no API answers').toBeGreaterThan(0);
      expect(apiAnswers.filter((answer) => answer.status !== 502), 'API answers other than 502').toEqual([]);

      // The https API: nginx connected, saw the certificate and hung up without a request.
      expect(api.connections(), 'nginx never connected to the https API').toBeGreaterThan(0);
      expect(api.requests, 'requests that reached the https API').toEqual([]);
      // OpenSSL's 21 (the server's certificate alone, its issuer unknown) or 20 (a chain to an unknown issuer).
      expect(site.output()).toMatch(/upstream SSL certificate verify error: \(2[01]:unable to (verify the first certificate|get local issuer certificate)\)/);
    } finally {
      await session.close();
      await site.stop();
    }
  });

  test('with the default trusted CAs (the system bundle) a private CA is refused, and so is a certificate for another name', async () => {
    const { trusted, api, misnamed } = setup();
    const ping = (origin: string) => get(`${origin}/v2/ping`, { Accept: 'application/json', Authorization: `Bearer ${TOKENS.ada}` });

    expect(existsSync(SYSTEM_CA_BUNDLE), `${SYSTEM_CA_BUNDLE} is missing (Debian: apt-get install -y ca-certificates)`).toBe(true);
    const bySystem = await startNginx(nginxPath(), { base: '/', api: api.url });
    try {
      api.clear();
      expect((await ping(bySystem.origin)).status, 'GET /v2/ping, the system bundle trusted').toBe(502);
      expect(api.connections(), 'nginx never connected to the https API').toBeGreaterThan(0);
      expect(api.requests, 'requests that reached the https API').toEqual([]);
      expect(bySystem.output()).toMatch(/upstream SSL certificate verify error/);
    } finally {
      await bySystem.stop();
    }

    // The right CA, the wrong name: the chain alone is not enough.
    const wrongName = await startNginx(nginxPath(), { base: '/', api: misnamed.url, trustedCa: trusted.certPath });
    try {
      misnamed.clear();
      expect((await ping(wrongName.origin)).status, 'GET /v2/ping, a certificate for api.elsewhere.test').toBe(502);
      expect(misnamed.connections(), 'nginx never connected to the misnamed https API').toBeGreaterThan(0);
      expect(misnamed.requests, 'requests that reached the misnamed https API').toEqual([]);
      expect(wrongName.output()).toMatch(/upstream SSL certificate does not match "localhost"/);
    } finally {
      await wrongName.stop();
    }
  });

  test('forwarding headers a client sends never reach the API: it sees the address, host and scheme nginx saw', async () => {
    const { trusted, api } = setup();
    const site = await startNginx(nginxPath(), { base: BASE, api: api.url, trustedCa: trusted.certPath });
    try {
      api.clear();
      const answer = await get(`${site.url}v2/blog/latest`, { Accept: 'application/json', ...SPOOFED_HEADERS });
      expect(answer.status, `GET ${BASE}v2/blog/latest through nginx`).toBe(200);
      expect(api.requests.length, 'requests that reached the https API').toBe(1);
      const [received] = api.requests;
      if (!received) throw new Error('no request reached the https API');

      expect(received.remoteAddress).toBe('127.0.0.1');
      expect(received.headers['x-forwarded-for'], 'X-Forwarded-For').toBe('127.0.0.1');
      expect(received.headers['x-real-ip'], 'X-Real-IP').toBe('127.0.0.1');
      // $host: the client's Host without its port (nginx answers any Host: server_name _).
      expect(received.headers['x-forwarded-host'], 'X-Forwarded-Host').toBe('127.0.0.1');
      expect(received.headers['x-forwarded-proto'], 'X-Forwarded-Proto').toBe('http');
      expect(received.headerNames.filter((name) => name === 'x-forwarded-for'), 'X-Forwarded-For lines').toHaveLength(1);
      const cleared = Object.keys(SPOOFED_HEADERS)
        .map((name) => name.toLowerCase())
        .filter((name) => !['x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'].includes(name));
      expect(cleared.filter((name) => name in received.headers), 'client-sent headers the API received').toEqual([]);
      const spoofed = Object.entries(received.headers).filter(([, value]) => /6\.6\.6\.|spoofed/.test(String(value)));
      expect(spoofed, 'headers carrying what the client claimed').toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
