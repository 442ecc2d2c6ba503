import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { getLatestBlog } from '../../lib/api/blog';
import { whenFirstContent } from '../../lib/first-content';
import { STALE } from '../../lib/query-client';

export const blogQueries = {
  latest: () =>
    queryOptions({
      queryKey: ['blog', 'latest'] as const,
      // Not before a first visit's first posts (lib/first-content.ts); its place is held meanwhile.
      queryFn: ({ signal }) => whenFirstContent(() => getLatestBlog(api(), { signal })),
      staleTime: STALE.blog,
      // The banner is decoration: one quick attempt, then quietly absent.
      retry: false,
    }),
};
