import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { ping } from '../../../src/lib/api/ping';
import { loadConfig, type LastConfigStore } from '../../../src/lib/config';
import { createTestTransport, server } from '../../support/mock-backend';

describe('the transport while the browser is offline', () => {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => void seen.push(`${request.method} ${request.url}`);
  afterEach(() => {
    server.events.removeListener('request:start', listener);
    seen.length = 0;
  });

  it('refuses a request unsent, as certainly not applied', async () => {
    server.events.on('request:start', listener);
    const transport = createTestTransport(undefined, { isOnline: () => false });
    const error = await ping(transport).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(isApiError(error) && error.mayHaveApplied).toBe(false);
    expect(isApiError(error) && error.message).toBe("You're offline. Nothing was sent: try again when the connection is back.");
    expect(seen).toEqual([]);
  });

  it('sends as usual when online', async () => {
    await expect(ping(createTestTransport(undefined, { isOnline: () => true }))).resolves.toBeDefined();
  });
});

describe('config.json when the app starts without a network', () => {
  const URL = 'http://app.test/apps/social/config.json';
  const FILE = { apiBaseUrl: 'https://api.example.com', mocks: false, tokenApplicationUrl: null };
  const BUILD = 'build-1';
  function memoryStore(initial: string | null = null): LastConfigStore & { raw: string | null } {
    const store = { raw: initial, get: () => store.raw, set: (raw: string) => void (store.raw = raw) };
    return store;
  }
  /** What a build remembers of a file it read. */
  const rememberedBy = (build: string, file: unknown) => JSON.stringify({ build, config: file });

  it('is always read from the network, and the last good file is remembered', async () => {
    server.use(http.get(URL, () => HttpResponse.json(FILE)));
    const lastConfig = memoryStore();
    const config = await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig });
    expect(config).toMatchObject({ apiBaseUrl: 'https://api.example.com', source: 'file' });
    expect(JSON.parse(lastConfig.raw ?? 'null')).toEqual({ build: BUILD, config: FILE });
  });

  it('falls back to the remembered file when the request fails, not to the built-in defaults', async () => {
    server.use(http.get(URL, () => HttpResponse.error()));
    const config = await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig: memoryStore(rememberedBy(BUILD, FILE)) });
    expect(config).toMatchObject({ apiBaseUrl: 'https://api.example.com', mocks: false });
  });

  it('ignores a copy remembered by another build, or from before copies named their build', async () => {
    server.use(http.get(URL, () => HttpResponse.error()));
    for (const raw of [rememberedBy('build-0', FILE), JSON.stringify(FILE)]) {
      expect(await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig: memoryStore(raw) })).toMatchObject({ apiBaseUrl: '.', source: 'defaults' });
    }
  });

  it('uses the remembered copy only when config.json cannot be fetched at all: a 404 is an answer', async () => {
    server.use(http.get(URL, () => new HttpResponse('Not found', { status: 404 })));
    expect(await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig: memoryStore(rememberedBy(BUILD, FILE)) })).toMatchObject({ source: 'defaults' });
  });

  it('uses the defaults when nothing was remembered (or what was is no longer valid)', async () => {
    server.use(http.get(URL, () => HttpResponse.error()));
    expect(await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig: memoryStore() })).toMatchObject({ apiBaseUrl: '.', source: 'defaults' });
    expect(await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig: memoryStore(rememberedBy(BUILD, { mocks: 'yes' })) })).toMatchObject({ source: 'defaults' });
  });

  it('prefers a newer file over the remembered one whenever the network answers', async () => {
    server.use(http.get(URL, () => HttpResponse.json({ ...FILE, apiBaseUrl: 'https://api2.example.com' })));
    const lastConfig = memoryStore(rememberedBy(BUILD, FILE));
    expect(await loadConfig({ isDev: false, url: URL, build: BUILD, lastConfig })).toMatchObject({ apiBaseUrl: 'https://api2.example.com' });
    expect(lastConfig.raw).toContain('api2.example.com');
  });
});
