/**
 * API requests of one page: what was asked (Playwright's request events: method, path, still in
 * flight?) and when (Resource Timing from the page probe: ms since navigation start, the clock of
 * the marks). Playwright's own request timings come from a different clock, skewed by tens of ms
 * against the page's, which is too coarse for "finished before that one started".
 *
 * Round trips: depth(r) = 1 + the largest depth among requests that finished before r started
 * (1 when none did). A request that could only start once another had answered is one round trip
 * further; requests started together share a depth. The round trips to an event are the largest
 * depth among the requests that finished before it.
 */
import type { CDPSession, Page, Request } from 'playwright-core';

/** One completed API request on the page's clock (ms since navigation start). */
export interface ApiTiming {
  /** Path and query, e.g. /v2/post/12. */
  path: string;
  start: number;
  end: number;
}

export interface ApiRequest {
  method: string;
  path: string;
  /** Node clock (Date.now()) when Playwright reported it. */
  seenAt: number;
  done: boolean;
  failed: boolean;
}

export interface RequestLog {
  readonly requests: ApiRequest[];
  /** CORS preflights (OPTIONS) sent to the API origin, from Chromium's Network domain. */
  preflights(): number;
  /** Requests started and not yet finished or failed. */
  inFlight(): number;
  /** Node clock of the last request event. */
  lastActivity(): number;
}

/**
 * Every request `page` makes to the v2 API, `${apiBase}/v2/...` (apiBase: the mock's origin, or the
 * page's own when the API is proxied). Playwright does not report CORS preflights; `cdp` (a session
 * on the page with Network enabled) counts them.
 */
export function logApiRequests(page: Page, apiBase: string, cdp: CDPSession): RequestLog {
  const requests: ApiRequest[] = [];
  const prefix = `${apiBase}/v2/`;
  let preflights = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'OPTIONS' && event.request.url.startsWith(prefix)) preflights += 1;
  });
  const byRequest = new Map<Request, ApiRequest>();
  let last = Date.now();
  page.on('request', (request) => {
    if (!request.url().startsWith(prefix) || request.method() === 'OPTIONS') return;
    last = Date.now();
    const url = new URL(request.url());
    const entry: ApiRequest = { method: request.method(), path: `${url.pathname}${url.search}`, seenAt: last, done: false, failed: false };
    requests.push(entry);
    byRequest.set(request, entry);
  });
  const finish = (failed: boolean) => (request: Request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    last = Date.now();
    entry.done = true;
    entry.failed = failed;
  };
  page.on('requestfinished', finish(false));
  page.on('requestfailed', finish(true));
  return {
    requests,
    preflights: () => preflights,
    inFlight: () => requests.reduce((n, r) => (r.done ? n : n + 1), 0),
    lastActivity: () => last,
  };
}

/**
 * Waits until no API request has been in flight or started for `quietMs` (counted from now at
 * the earliest: something just done may start requests a moment later), or `timeoutMs` passed.
 * Resolves true when quiet.
 */
export async function waitForApiIdle(log: RequestLog, { quietMs = 1000, timeoutMs = 15_000 } = {}): Promise<boolean> {
  const from = Date.now();
  const deadline = from + timeoutMs;
  for (;;) {
    if (log.inFlight() === 0 && Date.now() - Math.max(from, log.lastActivity()) >= quietMs) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The probe's [path, start, end] rows as ApiTiming. */
export function apiTimings(rows: ReadonlyArray<readonly [string, number, number]>): ApiTiming[] {
  return rows.map(([path, start, end]) => ({ path, start, end }));
}

/** Depth (round trip number, from 1) of every request, in the order given. */
export function depths(requests: readonly ApiTiming[]): number[] {
  const order = requests.map((_, i) => i).sort((a, b) => requests[a]!.start - requests[b]!.start);
  const depth = new Array<number>(requests.length).fill(0);
  for (const i of order) {
    const r = requests[i]!;
    let before = 0;
    for (const j of order) {
      const q = requests[j]!;
      if (q.start > r.start) break;
      if (j !== i && q.end <= r.start) before = Math.max(before, depth[j]!);
    }
    depth[i] = before + 1;
  }
  return depth;
}

/** Sequential round trips completed by `at`: the largest depth among requests finished by then. */
export function roundTripsBy(requests: readonly ApiTiming[], at: number): number {
  const d = depths(requests);
  return requests.reduce((max, r, i) => (r.end <= at ? Math.max(max, d[i]!) : max), 0);
}

/** The most requests in flight at once, among those started by `until` (default: all). */
export function maxInFlight(requests: readonly ApiTiming[], until = Number.POSITIVE_INFINITY): number {
  const events: Array<[number, number]> = [];
  for (const r of requests) {
    if (r.start > until) continue;
    events.push([r.start, 1], [r.end, -1]);
  }
  // Ends before starts at the same instant: a slot handed straight on is not two in flight.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, delta] of events) {
    now += delta;
    max = Math.max(max, now);
  }
  return max;
}

/** Requests started by `at`. */
export function startedBy<T extends { start: number }>(requests: readonly T[], at: number): T[] {
  return requests.filter((r) => r.start <= at);
}

/** Count per "METHOD /v2/first-segment" (e.g. "GET /v2/post"), for readable breakdowns. */
export function countByEndpoint(requests: ReadonlyArray<{ method: string; path: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) {
    const key = `${r.method} ${r.path.split('?')[0]!.split('/').slice(0, 3).join('/')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
