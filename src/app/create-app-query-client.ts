import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '../entities/account/token-store';
import { backgroundProblem } from '../features/status/background-problem';
import { laterText, loadLaterMessages, t } from '../i18n/i18n';
import { createQueryClient, isPassingFailure } from '../lib/query-client';
import { clearPersistedQueryCache, restoreQueryCache } from '../lib/query-persistence';
import { onlineStatus } from '../lib/online-status';

/**
 * The app's QueryClient: a 401 signs out the account whose token the request carried (which may no
 * longer be the one in use), forgets its persisted cache (its own uuid goes with it) and says so; when it was the
 * one in use, the cache is emptied and the next signed-in account takes over (its persisted cache
 * painting at once), or sign-in follows. A refresh that fails while its data is on screen is remembered for the
 * layout's notice (only failures that may pass: a 401 signs out instead, a 404 or a refusal is an
 * answer, not an outage). Offline, the offline notice says it all: the queries wait for the network.
 */
export function createAppQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = createQueryClient(
    {
      onUnauthorized: ({ token }) => {
        const account = tokenStore.find(token);
        if (!account || !token) return;
        clearPersistedQueryCache(token);
        // Let the failing query settle before dropping everything it belonged to; the account in
        // use changes only once the cache is empty, so nothing of one account renders as another's.
        // The notice's words load on demand (the later catalog): the sign-out waits for them, as a
        // sign-out from another tab does (tab-sync.ts); where they cannot load, the error's own stands in.
        void loadLaterMessages()
          .catch(() => undefined)
          .then(() => {
            // Signed out meanwhile (another request's 401 of the same token).
            const signingOut = tokenStore.find(token);
            if (!signingOut) return;
            const inUse = tokenStore.getToken() === token;
            if (inUse) client.clear();
            // The store keeps the notice as text: in the language of the moment the account was signed out.
            const others = tokenStore.get().accounts.length > 1;
            const notice =
              signingOut.username && others
                ? laterText('onDemand.accountExpired', { username: signingOut.username })
                : laterText('onDemand.tokenExpired');
            tokenStore.signOut(token, notice ?? t('errors.unauthorized'));
            if (inUse) restoreQueryCache(client, tokenStore.getToken());
          });
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
