import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api/api-error';
import { isApiError } from './api/api-error';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
  }
}

/** Shared staleness constants. Posts change rarely once written; the head check is separate. */
export const STALE = {
  post: 60_000,
  user: 5 * 60_000,
  blog: 10 * 60_000,
  profile: 60_000,
} as const;

// 'offline' too: a retry waits (paused) for the network to come back.
const RETRYABLE = new Set(['offline', 'network', 'timeout', 'server', 'rate_limited']);

/** A failure that may pass by itself (no answer, a 5xx, too many requests): worth trying again. */
export function isPassingFailure(error: unknown): boolean {
  return isApiError(error) && RETRYABLE.has(error.kind);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isPassingFailure(error) && failureCount < 2;
}

export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 30_000);
  return Math.min(500 * 2 ** failureCount, 4_000);
}

export interface QueryClientHooks {
  /** A 401 anywhere: the session is over. */
  onUnauthorized(error: ApiError): void;
  /** A background refetch of the query `queryHash` failed while its data is on screen. */
  onBackgroundError?(error: Error, queryHash: string): void;
}

export function createQueryClient(hooks: QueryClientHooks, overrides: { retry?: boolean } = {}): QueryClient {
  const handle = (error: Error) => {
    if (isApiError(error) && error.kind === 'unauthorized') hooks.onUnauthorized(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        handle(error);
        if (query.state.data !== undefined) hooks.onBackgroundError?.(error, query.queryHash);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => handle(error) }),
    defaultOptions: {
      queries: {
        retry: overrides.retry === false ? false : shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // Writes are never repeated on their own: a create that timed out may have landed. They run
      // even offline ('always'), where the transport refuses them at once, so the person is told
      // now instead of TanStack pausing the write and sending it unseen when the network returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
