/**
 * The mock v2 API as msw handlers, composed from the domain files under handlers/.
 * One factory for all three entry points (browser worker, node test server, HTTP server).
 */
import { http } from 'msw';
import type { HttpHandler } from 'msw';
import type { MockDb } from './db';
import { blogHandlers } from './handlers/blog';
import { pingHandlers } from './handlers/ping';
import { postHandlers } from './handlers/posts';
import { profileHandlers } from './handlers/profile';
import { faultHandler, type FaultConfig } from './handlers/faults';
import { errorResponse, type HandlerContext, type LatencyOption } from './handlers/shared';
import { userHandlers } from './handlers/users';

export interface CreateHandlersOptions {
  /**
   * Prefix of the API: 'http://api.test', 'http://127.0.0.1:8787', 'http://localhost:5173/mock-api'.
   * A relative base ('./mock-api') is resolved against document.baseURI, as the client does.
   */
  baseUrl: string;
  db: MockDb;
  /** Delay before every answer, in ms, or a function of the request. */
  latencyMs?: LatencyOption;
  /** Read per request: a share of requests fail (see handlers/faults.ts). */
  faults?: () => FaultConfig | null;
  random?: () => number;
}

export function resolveMockBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const here = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  return new URL(trimmed || '.', here).href.replace(/\/+$/, '');
}

export function createHandlers({ baseUrl, db, latencyMs, faults, random }: CreateHandlersOptions): HttpHandler[] {
  const base = resolveMockBaseUrl(baseUrl);
  const ctx: HandlerContext = { db, latencyMs, url: (path) => `${base}${path}` };
  const real = realHandlers(ctx, base);
  return faults ? [faultHandler(base, faults, () => real, random), ...real] : real;
}

function realHandlers(ctx: HandlerContext, base: string): HttpHandler[] {
  return [
    ...blogHandlers(ctx),
    ...postHandlers(ctx),
    ...userHandlers(ctx),
    ...profileHandlers(ctx),
    ...pingHandlers(ctx),
    // Anything else under the base answers like a server would, not with the dev server's index.html.
    // OPTIONS falls through: preflight belongs to the HTTP server.
    http.all(`${base}/*`, ({ request }) =>
      request.method === 'OPTIONS' ? undefined : errorResponse(404, 'No such endpoint'),
    ),
  ];
}
