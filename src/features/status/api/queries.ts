import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ping } from '../../../lib/api/ping';
import { whenFirstContent } from '../../../lib/first-content';

const PING_EVERY_MS = 60_000;
let lastTurn = 0;

/**
 * Not sent when another request with the token was answered since the ping's last turn (the feed's
 * check for new posts, once a minute): that answer already proved the API and the token, and an idle
 * feed sends one request a minute fewer. A page that sends nothing else is pinged every minute.
 */
async function pingUnlessAnswered(signal: AbortSignal): Promise<true> {
  const since = lastTurn;
  lastTurn = performance.now();
  return api().lastAnswered() > since || ping(api(), { signal });
}

export const statusQueries = {
  /** Needs the token; like every signed-in answer, it goes when the session ends (the cache is cleared). */
  ping: () =>
    queryOptions({
      queryKey: ['ping'] as const,
      // Not before a first visit's first posts: it would take a connection their reads need.
      queryFn: ({ signal }) => whenFirstContent(() => pingUnlessAnswered(signal)),
      refetchInterval: PING_EVERY_MS,
      retry: false,
    }),
};
