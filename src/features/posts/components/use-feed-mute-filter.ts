import type { QueryClient } from '@tanstack/react-query';
import { hasStoredMutes, muteRevision } from '../../../entities/mute/mute-core';
import { createStore, useStore } from '../../../lib/external-store';
import { preferencesAccount } from '../../../lib/preferences';

/**
 * The filter for the account in use (feed-mute-filter.ts): undefined until its code has loaded,
 * null when it could not be.
 */
export type FeedMuteFilter = (ids: string[], client: QueryClient) => string[];
export const feedMuteFilter = createStore<FeedMuteFilter | null | undefined>(undefined);
let loading = false;

/** Loads the filter's code once (the feed asks while rendering: before its first filtered render). */
function loadFilter(): void {
  if (loading) return;
  loading = true;
  import('./feed-mute-filter').then(
    (module) => module.startFeedMuteFilter(),
    () => feedMuteFilter.set(null),
  );
}

/**
 * The feed's mute filter (entities/mute): null when the account in use mutes nothing (nothing
 * more is loaded then), undefined while the store and matcher load (the feed waits: a muted post
 * is never shown first), else a function that drops the ids of muted posts (read from the client
 * given). Code that cannot be
 * loaded (offline, a new version deployed) hides nothing rather than keep the feed from showing.
 */
export function useFeedMuteFilter(): FeedMuteFilter | null | undefined {
  const hide = useStore(feedMuteFilter);
  // Read again on every change of the account in use or of any mutes.
  useStore(muteRevision);
  const wanted = hasStoredMutes(useStore(preferencesAccount));
  if (wanted) loadFilter();
  return wanted ? hide : null;
}
