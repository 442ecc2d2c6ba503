import { skipToken, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { blogQueries } from '../../../entities/blog/queries';
import { useSession } from '../../../entities/account/use-session';
import { useApiTrouble, useOnline } from '../../../lib/online-status';
import { statusQueries } from '../api/queries';
import { ApiStatusView } from './api-status';

/**
 * Signed in: GET /v2/ping (which needs the token). Signed out nothing that needs a token is
 * sent, so liveness is read from the public blog request the page makes anyway. Loaded after the
 * page's first content (api-status.tsx); the ping waits for it too.
 */
export function ApiStatusLive() {
  const { signedIn } = useSession();
  const ping = statusQueries.ping();
  const pingQuery = useQuery({ ...ping, queryFn: signedIn ? ping.queryFn : skipToken });
  const blogQuery = useQuery({ ...blogQueries.latest(), enabled: !signedIn });
  const online = useOnline();
  // Requests failing now and then (5xx, 429, dropped): not "online", whatever the last check said.
  const trouble = useApiTrouble();
  const q = signedIn ? pingQuery : blogQuery;
  // A refusal from the API means it is up; silence, a 5xx, or an answer that is not the v2 API
  // (a static host's bare 404 or HTML) means it is not.
  const e = q.error;
  // Offline, the check is paused (not failed): the answer is known without it.
  const down =
    !online ||
    (q.isError &&
    (!isApiError(e) ||
      ['network', 'timeout', 'server', 'bad_response'].includes(e.kind) ||
      (e.kind === 'not_found' && !e.reason)));
  return <ApiStatusView state={down ? 'offline' : trouble ? 'trouble' : q.isSuccess || q.isError ? 'online' : 'checking'} />;
}
