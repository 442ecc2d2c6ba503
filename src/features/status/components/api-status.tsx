import { useT } from '../../../i18n/use-t';
import { lazyRoute, useLoadedAfterFirstContent } from '../../../lib/lazy-route';
import { useApiTrouble, useOnline } from '../../../lib/online-status';

/** Each state's words. */
const LABELS = { online: 'status.online', offline: 'status.offline', checking: 'status.checking', trouble: 'status.trouble' } as const;
type ApiState = keyof typeof LABELS;

/**
 * The one rule for what the line says: offline (the network's word, or the API's answers: `heard`)
 * first, then requests failing now and then, then what the check heard; nothing heard yet, checking.
 */
export function apiState(online: boolean, trouble: boolean, heard?: 'up' | 'down'): ApiState {
  return !online || heard === 'down' ? 'offline' : trouble ? 'trouble' : heard ? 'online' : 'checking';
}

export function ApiStatusView({ state }: { state: ApiState }) {
  const t = useT();
  const label = t(LABELS[state]);
  return (
    <span className={`api-status api-status-${state}`} role="status" title={label}>
      <span className="dot" aria-hidden="true" />
      <span className="api-status-label">{label}</span>
    </span>
  );
}

const ApiStatusLive = lazyRoute(() => import('./api-status-live').then((m) => m.ApiStatusLive));

/**
 * Whether the API answers, in the header. What it asks (the ping, the blog's answer) waits for the
 * page's first content, and so does its code (api-status-live.tsx): until then it says what is
 * known without asking, offline or in trouble, else checking.
 */
export function ApiStatus() {
  const online = useOnline();
  const trouble = useApiTrouble();
  if (useLoadedAfterFirstContent(ApiStatusLive) === 'ready') return <ApiStatusLive online={online} trouble={trouble} />;
  return <ApiStatusView state={apiState(online, trouble)} />;
}
