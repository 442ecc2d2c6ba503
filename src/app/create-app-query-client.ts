import type { QueryClient } from '@tanstack/react-query';
import { ownUuidStore } from '../entities/session/own-uuid';
import { tokenStore } from '../entities/session/token-store';
import { backgroundProblem } from '../features/status/background-problem';
import { t } from '../i18n/i18n';
import { createQueryClient, isPassingFailure } from '../lib/query-client';
import { clearPersistedQueryCache } from '../lib/query-persistence';
import { onlineStatus } from '../lib/online-status';

/**
 * The app's QueryClient: a 401 anywhere ends the session, clears the cache (the persisted one too)
 * and leads to sign-in. A refresh that fails while its data is on screen is remembered for the
 * layout's notice (only failures that may pass: a 401 signs out instead, a 404 or a refusal is an
 * answer, not an outage). Offline, the offline notice says it all: the queries wait for the network.
 */
export function createAppQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = createQueryClient(
    {
      onUnauthorized: () => {
        if (!tokenStore.getToken()) return;
        // The store keeps the notice as text: in the language of the moment the session ended.
        tokenStore.expire(t('app.tokenExpired'));
        ownUuidStore.clear();
        clearPersistedQueryCache();
        // Let the failing query settle before dropping everything it belonged to.
        queueMicrotask(() => client.clear());
      },
      onBackgroundError: (error, queryHash) => {
        if (isPassingFailure(error) && onlineStatus.isOnline()) backgroundProblem.failed(queryHash);
      },
    },
    options,
  );
  client.getQueryCache().subscribe((event) => {
    const { queryHash } = event.query;
    // A fetch that succeeded (not a cache write by hand), or data no longer on screen: no problem left there.
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) backgroundProblem.resolved(queryHash);
    else if (event.type === 'removed') backgroundProblem.resolved(queryHash);
    else if (event.type === 'observerRemoved' && event.query.getObserversCount() === 0) backgroundProblem.resolved(queryHash);
  });
  return client;
}
