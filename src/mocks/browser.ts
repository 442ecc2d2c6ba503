/**
 * The mock backend in the browser: a service worker answers `${baseUrl}/v2/...` from an
 * in-memory database that survives reloads through localStorage. Loaded only when mocks are on.
 */
import { setupWorker } from 'msw/browser';
import type { SetupWorker } from 'msw/browser';
import { createMockDb } from './db';
import type { MockDb } from './db';
import { createHandlers } from './handlers';
import type { LatencyOption } from './handlers/shared';
import { clearPersistedDb, loadPersistedDb, persistDb } from './persistence';

/** Long enough for loading states to be seen, short enough not to annoy. */
export const BROWSER_LATENCY_MS = 120;

export interface StartBrowserMocksOptions {
  /** Absolute, or relative to document.baseURI ('./mock-api'). */
  baseUrl: string;
  latencyMs?: LatencyOption;
}

export interface BrowserMocks {
  worker: SetupWorker;
  db: MockDb;
}

let active: BrowserMocks | null = null;

export async function startBrowserMocks({
  baseUrl,
  latencyMs = BROWSER_LATENCY_MS,
}: StartBrowserMocksOptions): Promise<BrowserMocks> {
  if (active) return active;
  const db = createMockDb();
  loadPersistedDb(db, window.localStorage);
  persistDb(db, window.localStorage);
  const worker = setupWorker(...createHandlers({ baseUrl, db, latencyMs }));
  await worker.start({
    // Next to index.html, wherever that is: the app may be served from a sub-path.
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).href },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  active = { worker, db };
  return active;
}

/** Back to the seed data, in memory and in storage. */
export function resetMockData(): void {
  active?.db.reset();
  clearPersistedDb(window.localStorage);
}
