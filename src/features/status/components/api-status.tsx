import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { blogQueries } from '../../blog/api/queries';
import { statusQueries } from '../api/queries';

/**
 * Signed in: GET /v2/ping (which needs the token). Signed out nothing that needs a token is
 * sent, so liveness is read from the public blog request the page makes anyway.
 */
export function ApiStatus({ token }: { token: string | null }) {
  const pingQuery = useQuery({ ...statusQueries.ping(token ?? ''), enabled: token !== null });
  const blogQuery = useQuery({ ...blogQueries.latest(), enabled: token === null });
  const q = token !== null ? pingQuery : blogQuery;
  // Any answer from the server (even a refusal) means it is up; only silence means it is not.
  const down = q.isError && (!isApiError(q.error) || ['network', 'timeout', 'server'].includes(q.error.kind));
  const state = down ? 'offline' : q.isSuccess || q.isError ? 'online' : 'checking';
  const label = { online: 'API online', offline: 'API unreachable', checking: 'Checking API…' }[state];
  return (
    <span className={`api-status api-status-${state}`} role="status" title={label}>
      <span className="dot" aria-hidden="true" />
      <span className="api-status-label">{label}</span>
    </span>
  );
}
