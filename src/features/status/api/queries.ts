import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ping } from '../../../lib/api/ping';

export const statusQueries = {
  ping: (token: string) =>
    queryOptions({
      queryKey: ['ping', token] as const,
      queryFn: ({ signal }) => ping(api(), { signal }),
      refetchInterval: 60_000,
      retry: false,
    }),
};
