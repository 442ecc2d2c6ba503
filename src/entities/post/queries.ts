import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { getPost } from '../../lib/api/posts';
import { STALE } from '../../lib/query-client';

export const postQueries = {
  all: () => ['posts'] as const,
  details: () => [...postQueries.all(), 'detail'] as const,
  /**
   * One post. The feed scan, the thread and the profile all read and write this same entry,
   * so a post fetched anywhere costs no request anywhere else.
   */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...postQueries.details(), id] as const,
      queryFn: ({ signal }) => getPost(api(), id, { signal }),
      staleTime: STALE.post,
    }),
};

/** A post as the cache holds it, without a request. */
export const cachedPost = (client: QueryClient, id: string) => client.getQueryData(postQueries.detail(id).queryKey);
