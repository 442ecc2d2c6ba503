import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { getLatestBlog } from '../../lib/api/blog';
import { STALE } from '../../lib/query-client';

export const blogQueries = {
  latest: () =>
    queryOptions({
      queryKey: ['blog', 'latest'] as const,
      queryFn: ({ signal }) => getLatestBlog(api(), { signal }),
      staleTime: STALE.blog,
      // The banner is decoration: one quick attempt, then quietly absent.
      retry: false,
    }),
};
