/**
 * Fault injection for the mock backend: a share of requests fail the ways a real network and
 * server do. Used by the flaky/server-error scenarios and the browser fault run.
 */
import { HttpResponse, getResponse, http } from 'msw';
import type { HttpHandler } from 'msw';

export type FaultKind = '500' | '503-html' | '429' | 'drop-before' | 'drop-after' | 'timeout';

export const ALL_FAULTS: FaultKind[] = ['500', '503-html', '429', 'drop-before', 'drop-after'];

export interface FaultConfig {
  /** Share of requests that fail, 0..1. */
  rate: number;
  kinds: FaultKind[];
  /** Requests whose path matches are never failed (e.g. the blog, for a calmer scenario). */
  spare?: RegExp;
  /** How long a 'timeout' fault hangs before answering (longer than the client's timeout). */
  hangMs?: number;
}

/** A small seeded generator (mulberry32), so a fault run can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Put first in the handler list. `getConfig` is read per request so faults can be switched at
 * run time; `rest` are the real handlers ('drop-after' applies the request, then drops the answer).
 */
export function faultHandler(
  base: string,
  getConfig: () => FaultConfig | null,
  rest: () => HttpHandler[],
  random: () => number = Math.random,
): HttpHandler {
  return http.all(`${base}/v2/*`, async ({ request }) => {
    const config = getConfig();
    if (!config || config.rate <= 0 || config.kinds.length === 0 || request.method === 'OPTIONS') return undefined;
    if (config.spare?.test(new URL(request.url).pathname)) return undefined;
    if (random() >= config.rate) return undefined;
    const kind = config.kinds[Math.floor(random() * config.kinds.length)] ?? '500';
    switch (kind) {
      case '500':
        return HttpResponse.json({ error: true, reason: 'Injected fault: internal error' }, { status: 500 });
      case '503-html':
        return new HttpResponse('<html><body><h1>503 Service Unavailable</h1></body></html>', {
          status: 503,
          headers: { 'Content-Type': 'text/html' },
        });
      case '429':
        return HttpResponse.json(
          { error: true, reason: 'Injected fault: slow down' },
          { status: 429, headers: { 'Retry-After': '1' } },
        );
      case 'drop-before':
        return HttpResponse.error();
      case 'drop-after':
        await getResponse(rest(), request.clone());
        return HttpResponse.error();
      case 'timeout':
        await new Promise((resolve) => setTimeout(resolve, config.hangMs ?? 20_000));
        return HttpResponse.json({ error: true, reason: 'Injected fault: too late' }, { status: 504 });
    }
  });
}
