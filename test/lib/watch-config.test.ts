import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/lib/config';
import { CONFIG_RECHECK_MS, watchConfig } from '../../src/lib/watch-config';
import { createStore } from '../../src/lib/external-store';

const BUILD = 'build-1';
const OLD_API = 'https://old-api.example';
const NEW_API = 'https://new-api.example';

/** A deployment whose config.json says `apiBaseUrl` (a fetch stub), or no network at all (null). */
function deployment() {
  let apiBaseUrl: string | null = OLD_API;
  const requests: string[] = [];
  return {
    requests,
    moveApi(to: string | null) {
      apiBaseUrl = to;
    },
    fetch: ((url: string) => {
      requests.push(url);
      if (apiBaseUrl === null) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(Response.json({ apiBaseUrl, mocks: false }));
    }) as unknown as typeof fetch,
  };
}

function memoryStore() {
  let raw: string | null = null;
  return { get: () => raw, set: (next: string) => void (raw = next) };
}

let visibility: DocumentVisibilityState = 'visible';
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  vi.restoreAllMocks();
  visibility = 'visible';
});

function show(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The page started offline, on the copy of config.json this build remembered; then the API moved. */
async function startedOfflineOnTheOldApi() {
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  const site = deployment();
  const lastConfig = memoryStore();
  // An earlier visit read config.json (the old API) and remembered it.
  await loadConfig({ isDev: false, fetch: site.fetch, url: '/config.json', lastConfig, build: BUILD });
  site.moveApi(null);
  const current = await loadConfig({ isDev: false, fetch: site.fetch, url: '/config.json', lastConfig, build: BUILD });
  expect(current.apiBaseUrl).toBe(OLD_API);
  const online = createStore(false);
  const changes: AppConfig[] = [];
  let clock = 0;
  const start = () => {
    stop = watchConfig({
      current, isDev: false, lastConfig, online, fetch: site.fetch, url: '/config.json', build: BUILD,
      now: () => clock, onChange: (next) => changes.push(next),
    });
  };
  return { site, lastConfig, online, changes, start, advance: (ms: number) => void (clock += ms) };
}

describe('watchConfig', () => {
  it('reads config.json again when the network comes back: a moved API replaces the remembered copy and the app is told', async () => {
    const { site, lastConfig, online, changes, start } = await startedOfflineOnTheOldApi();
    start();
    site.moveApi(NEW_API);
    online.set(true);
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]!.apiBaseUrl).toBe(NEW_API);
    // An offline start from now on uses the new address.
    site.moveApi(null);
    const offline = await loadConfig({ isDev: false, fetch: site.fetch, url: '/config.json', lastConfig, build: BUILD });
    expect(offline.apiBaseUrl).toBe(NEW_API);
  });

  it('tells nothing when config.json names the same API, or cannot be read', async () => {
    const { site, online, changes, start } = await startedOfflineOnTheOldApi();
    start();
    site.moveApi(OLD_API);
    online.set(true);
    await vi.waitFor(() => expect(site.requests).toHaveLength(3));
    online.set(false);
    site.moveApi(null);
    online.set(true);
    await vi.waitFor(() => expect(site.requests).toHaveLength(4));
    await Promise.resolve();
    expect(changes).toEqual([]);
  });

  it('reads it again when the tab is shown after a while, not at every glance', async () => {
    const { site, online, changes, start, advance } = await startedOfflineOnTheOldApi();
    online.set(true);
    start();
    site.moveApi(NEW_API);
    const before = site.requests.length;
    show('hidden');
    advance(60_000);
    show('visible');
    await Promise.resolve();
    expect(site.requests).toHaveLength(before);
    show('hidden');
    advance(CONFIG_RECHECK_MS);
    show('visible');
    await vi.waitFor(() => expect(changes.map((c) => c.apiBaseUrl)).toEqual([NEW_API]));
  });
});
