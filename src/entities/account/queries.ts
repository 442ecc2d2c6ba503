import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { getOwnProfile } from '../../lib/api/profile';
import { whenFirstContent } from '../../lib/first-content';
import { isPassingFailure, STALE } from '../../lib/query-client';

/** Who-am-I failing past its retries (a 5xx, a 429, no answer) is asked again this often. */
export const ME_AGAIN_MS = 10_000;

export const meQueries = {
  all: () => ['me'] as const,
  /**
   * Who am I: PATCH /v2/profile with every field null changes nothing and returns the current
   * profile (docs/api-notes.md). Not keyed by token: the cache holds one session's answers at a
   * time (sign-out and a 401 clear it, sign-in drops any who-am-I answer left over).
   */
  profile: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'profile'] as const,
      // Not before a first visit's first posts (lib/first-content.ts): own posts get their
      // author actions once it is known, which they wait for anyway.
      queryFn: ({ signal }) => whenFirstContent(() => getOwnProfile(api(), { signal })),
      staleTime: STALE.profile,
      // Without it the header names no one for good: asked again until it answers (issue 39).
      refetchInterval: ({ state }) => state.status == 'error' && isPassingFailure(state.error) && ME_AGAIN_MS,
    }),
};
