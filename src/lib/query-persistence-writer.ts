/**
 * Writes the query cache to sessionStorage with TanStack Query's own persister. Loaded lazily
 * (query-persistence.ts): nothing here is needed for the first paint.
 *
 * The persister's own subscription dehydrates the whole cache on every cache event (a feed scan
 * makes several per post read); here the cache is dehydrated at most once a `throttleMs`, and only
 * after a change to something kept. When the page goes away a pending write is made at once.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave, removeOldestQuery, type Persister } from '@tanstack/react-query-persist-client';
import { cacheBuster, persistenceGeneration, persistKey, PERSIST_KEY, session, type QueryPersistenceOptions } from './query-persistence';

export const PERSIST_THROTTLE_MS = 1_000;
/**
 * At most this many queries of one kind (the first two parts of the key: posts, profiles) are
 * kept: those on screen first, then the most recently updated. A tab open all day reads thousands
 * of posts; each stays in the cache only for its gcTime, but a scroll through many pages holds
 * hundreds at once, all written again on every change. 300 is the feed's window (at most 200 posts
 * before its pages far below the screen go, features/posts/api/feed-window.ts) and a thread or a
 * profile beside it: what a reload shows is kept; about 200 KB of sessionStorage at most.
 */
export const MAX_PERSISTED_OF_A_KIND = 300;

type SaveOptions = Parameters<typeof persistQueryClientSave>[0];

let handOver = (): void => {};

/**
 * Before another account's cache takes this one's place (features/auth/switch-account.ts): the
 * pending write is made now, and one prepared earlier but not written yet is dropped (it is older).
 */
export function handOverPersistedCache(): void {
  handOver();
}

export interface QueryPersistence {
  /** Makes a pending write now (synchronously). */
  flush(): void;
  stop(): void;
}

export function persistQueryCache(
  client: QueryClient,
  { getOwner, shouldPersist }: QueryPersistenceOptions,
  { throttleMs = PERSIST_THROTTLE_MS }: { throttleMs?: number } = {},
): QueryPersistence {
  const storage = session();
  if (!storage) return { flush: () => {}, stop: () => {} };

  /** The clear generation a write was prepared in, and the one of the last write made. */
  let preparedIn = persistenceGeneration();
  let wroteIn: number | null = null;
  /** Whose cache the write was prepared from: it goes under that owner's key, whoever is in use by then. */
  let preparedFor: string | null = null;
  let wroteFor: string | null = null;
  /**
   * Writes only while the cache may be kept: signed in, not cleared since the write was prepared,
   * and not removed by someone else since the last write (the mock panel clears app storage, then
   * reloads the page: the write on the way out must not bring the old scenario's cache back).
   */
  const guarded: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      const now = persistenceGeneration();
      if (preparedIn !== now || getOwner() === null || preparedFor === null || key !== PERSIST_KEY) return;
      const ownKey = persistKey(preparedFor);
      if (wroteIn === now && wroteFor === preparedFor && storage.getItem(ownKey) === null) return;
      storage.setItem(ownKey, value);
      writing = false;
      wroteIn = now;
      wroteFor = preparedFor;
    },
    removeItem: () => {
      if (preparedFor !== null) storage.removeItem(persistKey(preparedFor));
    },
  };
  // The throttling is done before dehydrating (below), so the persister writes as soon as asked.
  const persister = createSyncStoragePersister({ storage: guarded, key: PERSIST_KEY, throttleTime: 0, retry: removeOldestQuery });
  // For the way out: the persister writes in a timer, which would never run during unload.
  const immediate: Persister = {
    persistClient: (persisted) => {
      try {
        guarded.setItem(PERSIST_KEY, JSON.stringify(persisted));
      } catch {
        // Over quota: the last throttled write stays.
      }
    },
    restoreClient: () => undefined,
    removeClient: () => guarded.removeItem(PERSIST_KEY),
  };
  /** The queries a write keeps (their hashes), chosen just before it: keptOfEachKind. */
  let kept = new Set<string>();
  const keptOfEachKind = () => {
    const byKind = new Map<string, Query[]>();
    for (const query of client.getQueryCache().getAll()) {
      if (query.state.status !== 'success' || !shouldPersist(query.queryKey)) continue;
      const kind = JSON.stringify(query.queryKey.slice(0, 2));
      const queries = byKind.get(kind);
      if (queries) queries.push(query);
      else byKind.set(kind, [query]);
    }
    const hashes = new Set<string>();
    const onScreen = (query: Query) => (query.getObserversCount() > 0 ? 1 : 0);
    for (const queries of byKind.values()) {
      if (queries.length > MAX_PERSISTED_OF_A_KIND) queries.sort((a, b) => onScreen(b) - onScreen(a) || b.state.dataUpdatedAt - a.state.dataUpdatedAt);
      for (const query of queries.slice(0, MAX_PERSISTED_OF_A_KIND)) hashes.add(query.queryHash);
    }
    return hashes;
  };
  const dehydrateOptions: SaveOptions['dehydrateOptions'] = {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && kept.has(query.queryHash),
    shouldDehydrateMutation: () => false,
  };
  // The persister packages pin a query-core of their own (5.104 beside the app's 5.108): its
  // types do not accept this client, though its dehydrate reads nothing but the public state.
  // Importing the app's dehydrate instead split query-core's helpers out of the initial chunk.
  const queryClient = client as unknown as SaveOptions['queryClient'];

  let timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * A throttled write handed to the persister, which makes it in a timer of its own (throttleTime 0
   * is still a task later): a way out in between writes it at once, or it would be lost (seen as a
   * reload that found no cache, 1 test run in 3).
   */
  let writing = false;
  const save = (target: Persister) => {
    clearTimeout(timer);
    timer = undefined;
    const owner = getOwner();
    if (owner === null) return;
    preparedIn = persistenceGeneration();
    preparedFor = owner;
    writing = target === persister;
    kept = keptOfEachKind();
    // Synchronous up to the persister's write: the immediate one writes before this returns.
    void persistQueryClientSave({ queryClient, persister: target, buster: cacheBuster(owner), dehydrateOptions });
  };

  const changesKept = (event: QueryCacheNotifyEvent) =>
    shouldPersist(event.query.queryKey) &&
    (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success'));
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (timer === undefined && changesKept(event)) timer = setTimeout(() => save(persister), throttleMs);
  });
  const flush = () => {
    if (timer !== undefined || writing) save(immediate);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  handOver = () => {
    flush();
    preparedIn = -1;
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  // What arrived before this chunk did.
  if (client.getQueryCache().getAll().some((query) => query.state.status === 'success' && shouldPersist(query.queryKey))) {
    timer = setTimeout(() => save(persister), throttleMs);
  }

  return {
    flush,
    stop() {
      clearTimeout(timer);
      timer = undefined;
      unsubscribe();
      handOver = () => {};
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    },
  };
}
