/**
 * Each signed-in account's query cache kept in sessionStorage (this tab only, like the token),
 * under a key of its own (`social.query-cache:<fingerprint of the token>`), so reloading
 * the tab paints what it showed before any request is answered, then revalidates as usual.
 *
 * Written by TanStack Query's own persister, loaded lazily after the first render
 * (query-persistence-writer.ts); read here, in the initial chunk, synchronously before the first
 * render: the persister's restore is asynchronous, so the first render would always miss it.
 * The format is the persister's: `{ buster, timestamp, clientState }`, JSON, `clientState` being
 * what `dehydrate` makes. It is put back with setQueryData rather than `hydrate`: importing
 * `hydrate` here cost the initial JS 1.2 KB gzip (the function, and query-core's helpers split
 * into a chunk of their own), and only successful data is ever persisted, which is all
 * setQueryData needs.
 */
import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/react-query';
import { whenIdle } from './idle';

export const PERSIST_KEY = 'social.query-cache';

/** Where `owner`'s cache is kept: the key names a fingerprint of the owner, never the token itself. */
export function persistKey(owner: string): string {
  return `${PERSIST_KEY}:${fingerprint(owner)}`;
}
/** Bump when a persisted shape changes without the build id changing (development). */
const SCHEMA_VERSION = 1;
/** Older than this, a persisted cache is dropped rather than shown. */
export const PERSIST_MAX_AGE_MS = 24 * 3600_000;

export interface PersistedClient {
  buster: string;
  timestamp: number;
  clientState: DehydratedState;
}

export interface QueryPersistenceOptions {
  /** Whose cache it is (the API token), or null when signed out: nothing is kept then. */
  getOwner(): string | null;
  /** Which queries are kept (only successful ones ever are). */
  shouldPersist(queryKey: QueryKey): boolean;
}

/** A short, stable fingerprint (FNV-1a): the persisted cache names its owner without holding the token. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** What a persisted cache must carry to be read: this schema, this build, this owner. */
export function cacheBuster(owner: string, build: string = import.meta.env.BUILD_ID): string {
  return `${SCHEMA_VERSION}:${build}:${fingerprint(owner)}`;
}

/** The tab's sessionStorage, or null where storage is disabled (the writer shares it). */
export function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let generation = 0;

/** Bumped by every clear: a write prepared before it must not land after it. */
export function persistenceGeneration(): number {
  return generation;
}

/** Forgets `owner`'s persisted cache (signing it out, a 401). */
export function clearPersistedQueryCache(owner: string): void {
  generation += 1;
  try {
    session()?.removeItem(persistKey(owner));
  } catch {
    /* nothing to forget */
  }
}

function isPersistedClient(value: unknown): value is PersistedClient {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<PersistedClient>;
  const state = v.clientState as Partial<DehydratedState> | undefined;
  return typeof v.buster === 'string' && typeof v.timestamp === 'number' && Array.isArray(state?.queries);
}

function putBack(client: QueryClient, { queries }: DehydratedState): void {
  for (const { queryKey, state } of queries) {
    if (Array.isArray(queryKey) && state?.status === 'success' && state.data !== undefined) {
      client.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
    }
  }
}

/**
 * Puts `owner`'s persisted cache into `client` when it is this build's and recent; anything else
 * under its key is removed. True when something was restored. Synchronous: call it before the
 * first render (and after the account in use changed, into the emptied client).
 */
export function restoreQueryCache(client: QueryClient, owner: string | null, buster?: string): boolean {
  if (owner === null) return false;
  const storage = session();
  let raw: string | null = null;
  try {
    // The one key of before several accounts: never read again.
    storage?.removeItem(PERSIST_KEY);
    raw = storage?.getItem(persistKey(owner)) ?? null;
  } catch {
    return false;
  }
  if (raw === null) return false;
  try {
    const persisted: unknown = JSON.parse(raw);
    if (
      isPersistedClient(persisted) &&
      persisted.buster === (buster ?? cacheBuster(owner)) &&
      Date.now() - persisted.timestamp <= PERSIST_MAX_AGE_MS
    ) {
      putBack(client, persisted.clientState);
      return true;
    }
  } catch {
    // Unreadable: dropped below like any other cache that cannot be used.
  }
  clearPersistedQueryCache(owner);
  return false;
}

/**
 * Starts persisting once the page is idle: the persister is a chunk of its own, not part of what
 * the first paint waits for. Returns a function that stops it (tests).
 */
export function persistQueryCacheLater(client: QueryClient, options: QueryPersistenceOptions): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  const start = () => {
    void import('./query-persistence-writer').then((writer) => {
      if (!cancelled) stop = writer.persistQueryCache(client, options).stop;
    });
  };
  const cancelStart = whenIdle(start);
  return () => {
    cancelled = true;
    cancelStart();
    stop?.();
  };
}
