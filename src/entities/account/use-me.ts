import { skipToken, useQuery } from '@tanstack/react-query';
import { meQueries } from './queries';
import { useSession } from './use-session';

/** The signed-in person's profile; signed out, nothing is asked and the query stays pending. */
export function useMe() {
  const { signedIn } = useSession();
  const query = meQueries.profile();
  return useQuery({ ...query, queryFn: signedIn ? query.queryFn : skipToken });
}
