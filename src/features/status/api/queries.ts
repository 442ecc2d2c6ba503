import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ping } from '../../../lib/api/ping';
import { whenFirstContent } from '../../../lib/first-content';

export const statusQueries = {
  /** Needs the token; like every signed-in answer, it goes when the session ends (the cache is cleared). */
  ping: () =>
    queryOptions({
      queryKey: ['ping'] as const,
      // Not before a first visit's first posts: it would take a connection their reads need.
      queryFn: ({ signal }) => whenFirstContent(() => ping(api(), { signal })),
      refetchInterval: 60_000,
      retry: false,
    }),
};
