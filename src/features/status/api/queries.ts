import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ping } from '../../../lib/api/ping';

export const statusQueries = {
  /** Needs the token; like every signed-in answer, it goes when the session ends (the cache is cleared). */
  ping: () =>
    queryOptions({
      queryKey: ['ping'] as const,
      queryFn: ({ signal }) => ping(api(), { signal }),
      refetchInterval: 60_000,
      retry: false,
    }),
};
