/**
 * One app under test: the mock v2 API over HTTP (its own db and latency) and dist/ served
 * statically with a config.json override pointing at it, as the browser tests run it.
 */
import { createMockDb, type MockDb } from '../../src/mocks/db';
import { startMockHttpServer } from '../../src/mocks/http-server';
import { startStaticServer } from './shared.mjs';

export interface BenchApp {
  /** The app's URL, ending in '/'. */
  url: string;
  /** The app's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The API's origin (no trailing slash). */
  apiOrigin: string;
  db: MockDb;
  close(): Promise<void>;
}

export async function startApp({ dist, latencyMs, db = createMockDb() }: { dist: string; latencyMs: number; db?: MockDb }): Promise<BenchApp> {
  const api = await startMockHttpServer({ port: 0, latencyMs, db });
  try {
    const site = await startStaticServer({
      root: dist,
      overrides: { 'config.json': `${JSON.stringify({ apiBaseUrl: api.url, mocks: false })}\n` },
    });
    return {
      url: site.url,
      origin: new URL(site.url).origin,
      apiOrigin: api.url,
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
export async function withApp<T>(options: { dist: string; latencyMs: number; db?: MockDb }, body: (app: BenchApp) => Promise<T>): Promise<T> {
  const app = await startApp(options);
  try {
    return await body(app);
  } finally {
    await app.close();
  }
}
