import type { Post } from '../../lib/api/schemas';
import { createStore, useStore } from '../../lib/external-store';
import { useAccountId } from '../account/token-store';
import { hasStoredMutes, muteRevision } from './mute-core';

/**
 * The feed's filter for the account in use (feed-mute-filter.ts): undefined until its code has
 * loaded, keepAll when it could not be. It drops the ids of muted posts, reading each post with
 * `postOf` (the feed's cache); a post not read yet stays.
 */
export type FeedMuteFilter = (ids: string[], postOf: (id: string) => Post | undefined) => string[];
export const feedMuteFilter = createStore<FeedMuteFilter | undefined>(undefined);
/** What an account without mutes sees, or one whose filter could not be loaded: every post. */
const keepAll: FeedMuteFilter = (ids) => ids;
let loading = false;

/** Loads the filter's code once (the feed asks while rendering: before its first filtered render). */
function loadFilter(): void {
  if (loading) return;
  loading = true;
  // The module starts the filter as it loads.
  import('./feed-mute-filter').catch(() => feedMuteFilter.set(keepAll));
}

/**
 * The feed's mute filter: one that keeps every post when the account in use mutes nothing
 * (nothing more is loaded then), undefined while the store and matcher load (the feed waits: a
 * muted post is never shown first; also while the account in use is not known yet, when this
 * browser keeps any mutes), else a function that drops the ids of muted posts. Code that cannot
 * be loaded (offline, a new version deployed) hides nothing rather than keep the feed from showing.
 */
export function useFeedMuteFilter(): FeedMuteFilter | undefined {
  const hide = useStore(feedMuteFilter);
  // Read again on every change of the account in use or of any mutes.
  useStore(muteRevision);
  const account = useAccountId();
  const wanted = hasStoredMutes(account);
  if (wanted) loadFilter();
  // Whose mutes apply is not known yet (a first load after signing in, before who-am-I answers):
  // with mutes on this browser, the feed waits for it.
  return wanted ? (account === null ? undefined : hide) : keepAll;
}
