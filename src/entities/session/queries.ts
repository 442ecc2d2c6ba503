import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { getOwnProfile } from '../../lib/api/profile';
import { STALE } from '../../lib/query-client';

export const meQueries = {
  all: () => ['me'] as const,
  /**
   * Who am I: PATCH /v2/profile with every field null changes nothing (rule 1) and returns the
   * current profile. Keyed by token so a different sign-in never sees the last person's profile.
   */
  profile: (token: string) =>
    queryOptions({
      queryKey: [...meQueries.all(), 'profile', token] as const,
      queryFn: ({ signal }) => getOwnProfile(api(), { signal }),
      staleTime: STALE.profile,
    }),
};
