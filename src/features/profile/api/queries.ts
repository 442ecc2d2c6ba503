import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { getUser } from '../../../lib/api/users';
import { STALE } from '../../../lib/query-client';

export const userQueries = {
  all: () => ['users'] as const,
  details: () => [...userQueries.all(), 'detail'] as const,
  /** The client's default retry already leaves "no such user" (not_found) alone. */
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), uuid] as const,
      queryFn: ({ signal }) => getUser(api(), uuid, { signal }),
      staleTime: STALE.user,
    }),
};
