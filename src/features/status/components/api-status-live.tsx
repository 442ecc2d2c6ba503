import { skipToken, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { blogQueries } from '../../../entities/blog/queries';
import { useSession } from '../../../entities/account/use-session';
import { statusQueries } from '../api/queries';
import { apiState, ApiStatusView } from './api-status';

/**
 * What the check heard, beside `online` and `trouble` from ApiStatus (api-status.tsx). Signed in:
 * GET /v2/ping (which needs the token). Signed out nothing that needs a token is sent, so liveness
 * is read from the public blog request the page makes anyway. Loaded after the page's first
 * content; the ping waits for it too.
 */
export function ApiStatusLive({ online, trouble }: { online: boolean; trouble: boolean }) {
  const { signedIn } = useSession();
  const ping = statusQueries.ping();
  const pingQuery = useQuery({ ...ping, queryFn: signedIn ? ping.queryFn : skipToken });
  const blogQuery = useQuery({ ...blogQueries.latest(), enabled: !signedIn });
  const q = signedIn ? pingQuery : blogQuery;
  // A refusal from the API means it is up; silence, a 5xx, or an answer that is not the v2 API
  // (a static host's bare 404 or HTML) means it is not.
  const e = q.error;
  const down =
    q.isError &&
    (!isApiError(e) || ['network', 'timeout', 'server', 'bad_response'].includes(e.kind) || (e.kind === 'not_found' && !e.reason));
  // Offline, the check is paused (not failed): apiState says offline without it.
  return <ApiStatusView state={apiState(online, trouble, down ? 'down' : q.isSuccess || q.isError ? 'up' : undefined)} />;
}
