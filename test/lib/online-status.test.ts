import { onlineManager } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../src/lib/api/api-error';
import { getLatestBlog } from '../../src/lib/api/blog';
import { ping, probeNetwork } from '../../src/lib/api/ping';
import { createPost } from '../../src/lib/api/post-writes';
import type { Transport } from '../../src/lib/api/transport';
import { followNetwork, onlineStatus } from '../../src/lib/online-status';
import { moveClock } from '../support/clock';
import { createTestTransport, MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';

/** The browser's word, which these tests set: true unless a test says otherwise. */
let browserOnline = true;
let visibility: DocumentVisibilityState = 'visible';
/** API requests that reached the (mock) network, as `METHOD /path`. */
let sent: string[] = [];

const PING = `${TEST_API_BASE}/v2/ping`;

/** A transport wired to the store as app/start.tsx wires the app's one. */
function wiredTransport(token: string | null = MOCK_TOKENS.ada, timeoutMs?: number): Transport {
  return createTestTransport(token, { isOnline: onlineStatus.isOnline, reached: onlineStatus.reached, recheck: onlineStatus.recheck, timeoutMs });
}

/** Every request fails as when the network is gone (fetch rejects with a TypeError). */
function networkGone() {
  server.use(http.all(`${TEST_API_BASE}/*`, () => HttpResponse.error()));
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

beforeEach(() => {
  browserOnline = true;
  visibility = 'visible';
  sent = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  server.events.on('request:start', record);
});

afterEach(() => {
  followNetwork(false);
  server.events.removeListener('request:start', record);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function record({ request }: { request: Request }) {
  sent.push(`${request.method} ${new URL(request.url).pathname}`);
}

function setBrowserOnline(next: boolean) {
  browserOnline = next;
  window.dispatchEvent(new Event(next ? 'online' : 'offline'));
}

describe('online status: what the browser says', () => {
  it('counts as online until followed, then follows navigator.onLine and its events', () => {
    browserOnline = false;
    expect(onlineStatus.isOnline()).toBe(true);
    followNetwork(true);
    expect(onlineStatus.isOnline()).toBe(false);
    setBrowserOnline(true);
    expect(onlineStatus.isOnline()).toBe(true);
    setBrowserOnline(false);
    expect(onlineStatus.isOnline()).toBe(false);
    followNetwork(false);
    expect(onlineStatus.isOnline()).toBe(true);
  });
});

describe('online status: requests that get no answer', () => {
  it('counts the app offline when fetch rejects, while navigator.onLine still reads true', async () => {
    followNetwork(true);
    const told = vi.fn();
    const unsubscribe = onlineStatus.subscribe(told);
    networkGone();
    const error = await failure(ping(wiredTransport()));
    expect(isApiError(error) && error.kind).toBe('network');
    expect(navigator.onLine).toBe(true);
    expect(onlineStatus.isOnline()).toBe(false);
    expect(told).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('tells TanStack Query, so queries pause instead of failing', async () => {
    followNetwork(true);
    expect(onlineManager.isOnline()).toBe(true);
    networkGone();
    await failure(ping(wiredTransport()));
    expect(onlineManager.isOnline()).toBe(false);
    server.resetHandlers();
    await ping(wiredTransport(), { probe: true });
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('refuses writes unsent while offline by failure: certainly not applied', async () => {
    followNetwork(true);
    networkGone();
    await failure(ping(wiredTransport()));
    server.resetHandlers();
    sent = [];
    const error = await failure(createPost(wiredTransport(), { content: 'Not sent' }));
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(isApiError(error) && error.mayHaveApplied).toBe(false);
    expect(sent).toEqual([]);
  });

  it('is online again at the first answer', async () => {
    followNetwork(true);
    networkGone();
    await failure(ping(wiredTransport()));
    expect(onlineStatus.isOnline()).toBe(false);
    server.resetHandlers();
    await probeNetwork(wiredTransport());
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('takes any HTTP answer, a 500 or a 401 too, as the network being there', async () => {
    followNetwork(true);
    networkGone();
    await failure(ping(wiredTransport()));
    server.use(http.get(PING, () => HttpResponse.json({ error: true, reason: 'Down for maintenance' }, { status: 500 })));
    const error = await failure(ping(wiredTransport(), { probe: true }));
    expect(isApiError(error) && error.kind).toBe('server');
    expect(onlineStatus.isOnline()).toBe(true);

    server.use(http.get(PING, () => HttpResponse.json({ error: true, reason: 'Bad token' }, { status: 401 })));
    await failure(ping(wiredTransport()));
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('does not count an HTTP 500 as a network failure', async () => {
    followNetwork(true);
    server.use(http.get(PING, () => HttpResponse.json({ error: true, reason: 'Down' }, { status: 500 })));
    const error = await failure(ping(wiredTransport()));
    expect(isApiError(error) && error.kind).toBe('server');
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('does not count a request the app cancelled (AbortError)', async () => {
    followNetwork(true);
    server.use(http.get(PING, () => delay('infinite')));
    const controller = new AbortController();
    const pending = failure(ping(wiredTransport(), { signal: controller.signal }));
    // Cancelled once it is on the network, as TanStack Query cancels a query nobody shows any more.
    await vi.waitFor(() => expect(sent).toEqual(['GET /v2/ping']));
    controller.abort();
    expect((await pending) as Error).toHaveProperty('name', 'AbortError');
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('does not count a timeout (a slow server is not a missing network)', async () => {
    followNetwork(true);
    server.use(http.get(PING, () => delay('infinite')));
    const transport = createTestTransport(MOCK_TOKENS.ada, { isOnline: onlineStatus.isOnline, reached: onlineStatus.reached, timeoutMs: 20 });
    const error = await failure(ping(transport));
    expect(isApiError(error) && error.kind).toBe('timeout');
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('does not count failures while not following (the in-browser mock)', async () => {
    networkGone();
    await failure(ping(wiredTransport()));
    expect(onlineStatus.isOnline()).toBe(true);
    followNetwork(true);
    expect(onlineStatus.isOnline()).toBe(true);
  });
});

describe('online status: finding out that the network is back', () => {
  /** Offline by failure, with fake intervals and the probe app/start.tsx sets. */
  async function offlineByFailure(token: string | null = MOCK_TOKENS.ada, timeoutMs?: number) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const transport = wiredTransport(token, timeoutMs);
    followNetwork(true, () => probeNetwork(transport));
    networkGone();
    await failure(token ? ping(transport) : getLatestBlog(transport));
    expect(onlineStatus.isOnline()).toBe(false);
    sent = [];
    return transport;
  }

  /** Lets the probe's request (sent from a task of its own) go out and be answered. */
  const settle = () => vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));

  it('probes with the status ping once a minute while the tab is visible, and is online at its first answer', async () => {
    await offlineByFailure();
    await moveClock(59_000);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    await settle();
    expect(sent).toEqual(['GET /v2/ping']);
    expect(onlineStatus.isOnline()).toBe(false);

    server.resetHandlers();
    sent = [];
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toEqual(['GET /v2/ping']);
    await vi.waitFor(() => expect(onlineStatus.isOnline()).toBe(true));

    // Online, nothing more from the probe.
    sent = [];
    await moveClock(180_000);
    expect(sent).toEqual([]);
  });

  it('signed out, probes with the public blog request (the ping needs a token)', async () => {
    await offlineByFailure(null);
    server.resetHandlers();
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toEqual(['GET /v2/blog/latest']);
    await vi.waitFor(() => expect(onlineStatus.isOnline()).toBe(true));
  });

  it('sends nothing from a hidden tab, and probes at once when it is shown again', async () => {
    await offlineByFailure();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await moveClock(300_000);
    expect(sent).toEqual([]);

    server.resetHandlers();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await settle();
    expect(sent).toEqual(['GET /v2/ping']);
    await vi.waitFor(() => expect(onlineStatus.isOnline()).toBe(true));
  });

  it("does not take the browser's online event at its word: it probes at once, and the answer decides", async () => {
    await offlineByFailure();
    // A link came up, but still no way through (a captive portal).
    setBrowserOnline(true);
    expect(onlineStatus.isOnline()).toBe(false);
    await settle();
    expect(sent).toEqual(['GET /v2/ping']);
    await moveClock(20);
    expect(onlineStatus.isOnline()).toBe(false);

    server.resetHandlers();
    sent = [];
    setBrowserOnline(true);
    await settle();
    await vi.waitFor(() => expect(onlineStatus.isOnline()).toBe(true));
  });

  it('sends no probe while the browser itself says it is offline', async () => {
    await offlineByFailure();
    setBrowserOnline(false);
    await moveClock(300_000);
    expect(sent).toEqual([]);
    expect(onlineStatus.isOnline()).toBe(false);
  });

  it('a write sends the probe at once (no minute passes) and, the network being back, is sent once', async () => {
    const transport = await offlineByFailure();
    server.resetHandlers();
    const created = await createPost(transport, { content: 'Sent at once' });
    expect(created).toBeDefined();
    expect(sent).toEqual(['GET /v2/ping', 'PUT /v2/post']);
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('a write with still no network is refused unsent, as certainly not applied, after exactly one probe', async () => {
    const transport = await offlineByFailure();
    const error = await failure(createPost(transport, { content: 'Not sent' }));
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(isApiError(error) && error.mayHaveApplied).toBe(false);
    expect(sent).toEqual(['GET /v2/ping']);
    expect(onlineStatus.isOnline()).toBe(false);
  });

  it('writes at the same time share one probe, whether or not it is answered', async () => {
    const transport = await offlineByFailure();
    const refused = await Promise.all([1, 2, 3].map((n) => failure(createPost(transport, { content: `Not sent ${n}` }))));
    expect(refused.map((error) => isApiError(error) && error.kind)).toEqual(['offline', 'offline', 'offline']);
    expect(sent).toEqual(['GET /v2/ping']);

    server.resetHandlers();
    sent = [];
    await Promise.all([1, 2].map((n) => createPost(transport, { content: `Sent ${n}` })));
    expect(sent).toEqual(['GET /v2/ping', 'PUT /v2/post', 'PUT /v2/post']);
  });

  it('a write waits for the probe no longer than its timeout, then is refused unsent', async () => {
    const transport = await offlineByFailure(MOCK_TOKENS.ada, 50);
    // The link is back but the server does not answer in time (a slow server is not an answer).
    server.use(http.get(PING, () => delay('infinite')));
    const error = await failure(createPost(transport, { content: 'Not sent' }));
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(sent).toEqual(['GET /v2/ping']);
    expect(onlineStatus.isOnline()).toBe(false);
  });

  it("signed out, checking a token to sign in probes first too (with the public request)", async () => {
    const transport = await offlineByFailure(null);
    server.resetHandlers();
    await ping(transport, { token: MOCK_TOKENS.ada });
    expect(sent).toEqual(['GET /v2/blog/latest', 'GET /v2/ping']);
    expect(onlineStatus.isOnline()).toBe(true);
  });

  it('while the browser itself says offline, a write is refused at once with no request at all', async () => {
    const transport = await offlineByFailure();
    setBrowserOnline(false);
    server.resetHandlers();
    const error = await failure(createPost(transport, { content: 'Not sent' }));
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(sent).toEqual([]);
  });

  it('a probe is sent while offline by failure; any other read is refused unsent', async () => {
    const transport = await offlineByFailure();
    server.resetHandlers();
    const error = await failure(getLatestBlog(transport));
    expect(isApiError(error) && error.kind).toBe('offline');
    expect(sent).toEqual([]);
    await ping(transport, { probe: true });
    expect(sent).toEqual(['GET /v2/ping']);
    expect(onlineStatus.isOnline()).toBe(true);
  });
});
