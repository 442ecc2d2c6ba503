/**
 * What the bench serves. An app under test: the mock v2 API over HTTP (its own db and latency) and
 * dist/ served by scripts/serve.ts (the app's static host) with a config.json override, either
 * - cross-origin (the default): config.json points at the mock's own origin, as the browser tests
 *   run it: every new post URL costs a CORS preflight; or
 * - same-origin: config.json says "apiBaseUrl": "." and the static server forwards /v2/ to the
 *   mock, as deploy/nginx.conf does on a real host.
 * The static server compresses (brotli or gzip, by Accept-Encoding) like any real host; every file
 * is compressed before the first load, so no measured request waits for it.
 */
import { createMockDb, type MockDb } from '../../src/mocks/db';
import { startMockHttpServer } from '../../src/mocks/http-server';
import { startStaticServer } from '../../scripts/serve.ts';

/** A page origin the bench can open and probe. */
export interface BenchSite {
  /** The page's URL, ending in '/'. */
  url: string;
  /** The page's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** What the app puts `/v2/...` after (no trailing slash): the mock's origin, or the page's own. */
  apiBase: string;
}

export interface BenchApp extends BenchSite {
  sameOrigin: boolean;
  db: MockDb;
  close(): Promise<void>;
}

export interface AppOptions {
  dist: string;
  latencyMs: number;
  db?: MockDb;
  /** API behind the page's own origin (proxied /v2/), config.json "apiBaseUrl": ".". */
  sameOrigin?: boolean;
  /** The API's URL as the browser is to reach it (shaped-link.ts); the API's own by default. */
  exposeApi?: (apiUrl: string) => Promise<string>;
}

export async function startApp({ dist, latencyMs, db = createMockDb(), sameOrigin = false, exposeApi }: AppOptions): Promise<BenchApp> {
  const api = await startMockHttpServer({ port: 0, latencyMs, db });
  try {
    const apiUrl = sameOrigin || !exposeApi ? api.url : await exposeApi(api.url);
    const site = await startStaticServer({
      root: dist,
      precompress: true,
      overrides: { 'config.json': `${JSON.stringify({ apiBaseUrl: sameOrigin ? '.' : apiUrl, mocks: false })}\n` },
      ...(sameOrigin ? { proxy: { prefix: 'v2/', target: api.url } } : {}),
    });
    const origin = new URL(site.url).origin;
    return {
      url: site.url,
      origin,
      apiBase: sameOrigin ? origin : apiUrl,
      sameOrigin,
      db,
      close: async () => {
        await Promise.all([site.close(), api.close()]);
      },
    };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** Runs `body` with an app started for it, closing the servers afterwards. */
export async function withApp<T>(options: AppOptions, body: (app: BenchApp) => Promise<T>): Promise<T> {
  const app = await startApp(options);
  try {
    return await body(app);
  } finally {
    await app.close();
  }
}

/** A static page with no API (the floor page), served the same way as the app. */
export async function withStaticSite<T>(root: string, body: (site: BenchSite) => Promise<T>): Promise<T> {
  const site = await startStaticServer({ root, precompress: true });
  const origin = new URL(site.url).origin;
  try {
    // No API: nothing is under /v2/ on this origin, so the request log stays empty.
    return await body({ url: site.url, origin, apiBase: origin });
  } finally {
    await site.close();
  }
}
