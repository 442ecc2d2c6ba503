/**
 * Each read of an id scan retries on its own (issue 39): a first visit's discovery makes dozens of
 * reads, and with 30 % of them failing a scan that gives up at one read's failure almost never
 * finishes. Against the MSW mock, with the app's query client as it runs (retries on).
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../src/app/create-app-query-client';
import { scanPage } from '../../../src/entities/post/feed-scan';
import { cachedFetcher, GIVE_UP_MS } from '../../../src/entities/post/scan-fetcher';
import { tokenStore } from '../../../src/entities/account/token-store';
import { configureApi } from '../../../src/lib/api/client';
import { createLimiter } from '../../../src/lib/limiter';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';
import { settleTasks } from '../../support/clock';

const fail500 = () => HttpResponse.json({ error: true, reason: 'Injected fault' }, { status: 500 });
const FAULTS = [
  fail500,
  () => new HttpResponse('<html><body>503 Service Unavailable</body></html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
  () => HttpResponse.json({ error: true, reason: 'Slow down' }, { status: 429, headers: { 'Retry-After': '3' } }),
  () => HttpResponse.error(),
];

/** Each GET /v2/post/{id}: its id and Date.now() when it came, in order. */
let requests: Array<{ id: number; at: number }> = [];
/** The answers to give, per id, before the mock's own: a fault each, or undefined to pass. */
let scripted = new Map<number, Array<() => Response>>();

function client() {
  const created = createAppQueryClient();
  clients.push(created);
  return created;
}
const clients: ReturnType<typeof createAppQueryClient>[] = [];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  tokenStore.signIn(MOCK_TOKENS.ada);
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken });
  requests = [];
  scripted = new Map();
  server.use(
    http.get(`${TEST_API_BASE}/v2/post/:id`, ({ params }) => {
      const id = Number(params.id);
      requests.push({ id, at: Date.now() });
      return scripted.get(id)?.shift()?.();
    }),
  );
});

afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
  vi.useRealTimers();
});

/** Runs `work` while time passes in steps of `step` ms, until it settles. */
async function settle<T>(work: Promise<T>, step = 250): Promise<PromiseSettledResult<T>> {
  let result: PromiseSettledResult<T> | undefined;
  void work.then(
    (value) => (result = { status: 'fulfilled', value }),
    (reason: unknown) => (result = { status: 'rejected', reason }),
  );
  for (let spent = 0; !result && spent < 5 * 60_000; spent += step) await vi.advanceTimersByTimeAsync(step);
  return result!;
}

describe('cachedFetcher: every read retries on its own', () => {
  it('reads a post through a 500, a 503 in HTML, a 429 (waiting its Retry-After) and a dropped connection', async () => {
    scripted.set(5, [...FAULTS]);
    const result = await settle(cachedFetcher(client(), true)(5));
    expect(result).toMatchObject({ status: 'fulfilled', value: { id: '5' } });
    expect(requests.map((r) => r.id)).toEqual([5, 5, 5, 5, 5]);
    // The read after the 429 waited the three seconds the server asked for.
    expect(requests[3]!.at - requests[2]!.at).toBeGreaterThanOrEqual(3_000);
  });

  it('takes a 404 as the answer it is: a hole, asked once', async () => {
    const result = await settle(cachedFetcher(client(), true)(9_999));
    expect(result).toEqual({ status: 'fulfilled', value: null });
    expect(requests).toHaveLength(1);
  });

  it('keeps trying while other reads are answered, and gives up once none has been for a while', async () => {
    const c = client();
    const read = cachedFetcher(c, true);
    // Post 5 fails for 40 s while the network answers other reads (one a second): it is not given up.
    scripted.set(5, Array.from({ length: 12 }, () => fail500));
    const other = setInterval(() => void read(1 + (Math.floor(Date.now() / 1000) % 4)), 1_000);
    const kept = await settle(read(5));
    clearInterval(other);
    expect(kept).toMatchObject({ status: 'fulfilled', value: { id: '5' } });
    expect(requests.filter((r) => r.id === 5)).toHaveLength(13);

    // Every answer an error: given up after GIVE_UP_MS with nothing answered, a handful of tries later.
    requests = [];
    scripted.set(6, Array.from({ length: 100 }, () => fail500));
    const started = Date.now();
    const lost = await settle(read(6));
    expect(lost).toMatchObject({ status: 'rejected', reason: { kind: 'server' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(GIVE_UP_MS);
    expect(Date.now() - started).toBeLessThan(GIVE_UP_MS + 5_000);
    expect(requests.length).toBeLessThanOrEqual(7);
  });

  it('retries within the scan’s bound: no more requests in flight than the limiter’s slots', async () => {
    let inFlight = 0;
    let most = 0;
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, async ({ params }) => {
        const id = Number(params.id);
        requests.push({ id, at: Date.now() });
        inFlight += 1;
        most = Math.max(most, inFlight);
        // In flight for a few turns of the event loop, beside the others the limiter let through.
        await settleTasks(5);
        inFlight -= 1;
        // Every read fails once, the first time it is asked.
        return requests.filter((r) => r.id === id).length === 1 ? fail500() : undefined;
      }),
    );
    const result = await settle(scanPage({ from: 30, size: 10, fetchPost: cachedFetcher(client(), true), limiter: createLimiter(3) }), 50);
    expect(result).toMatchObject({ status: 'fulfilled' });
    expect(result.status === 'fulfilled' && result.value.items.map((post) => post.id)).toEqual(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
    // The slots were full (the reads overlapped), and never more than full.
    expect(most).toBe(3);
  });

  it('retries nothing for a client whose queries never retry (the tests’)', async () => {
    scripted.set(5, [fail500]);
    const result = await settle(cachedFetcher(createAppQueryClient({ retry: false }), true)(5));
    expect(result).toMatchObject({ status: 'rejected', reason: { kind: 'server' } });
    expect(requests).toHaveLength(1);
  });
});
