import type { QueryClient } from '@tanstack/react-query';
import { ownUuidStore } from '../entities/session/own-uuid';
import { tokenStore } from '../entities/session/token-store';
import { createQueryClient } from '../lib/query-client';
import { clearPersistedQueryCache } from '../lib/query-persistence';

/** The app's QueryClient: a 401 anywhere ends the session, clears the cache (the persisted one too) and leads to sign-in. */
export function createAppQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = createQueryClient(
    {
      onUnauthorized: () => {
        if (!tokenStore.getToken()) return;
        tokenStore.expire('The server did not accept your token any more. Sign in again to continue.');
        ownUuidStore.clear();
        clearPersistedQueryCache();
        // Let the failing query settle before dropping everything it belonged to.
        queueMicrotask(() => client.clear());
      },
    },
    options,
  );
  return client;
}
