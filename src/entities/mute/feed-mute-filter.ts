/**
 * The feed's mute filter, on demand (use-feed-mute-filter.ts loads it for an account with mutes):
 * kept in `feedMuteFilter` for the account in use, made again whenever the account or its mutes
 * change.
 */
import { accountIdOf, tokenStore } from '../account/token-store';
import { muteRevision } from './mute-core';
import { isHiddenFor, readMutes } from './mute-store';
import { feedMuteFilter } from './use-feed-mute-filter';

/**
 * A new filter for the feed: it re-renders and filters again. Each call reads the account in use
 * and its mutes as they are then.
 */
function update(): void {
  feedMuteFilter.set((ids, postOf) => {
    const mutes = readMutes(accountIdOf());
    return ids.filter((id) => {
      const post = postOf(id);
      // A post not cached yet stays (it shows its own loading state); one's own always stays.
      return !post || !isHiddenFor(post, mutes);
    });
  });
}

// Loaded once (use-feed-mute-filter.ts): starts at once, then follows the account and its mutes.
update();
tokenStore.subscribe(update);
muteRevision.subscribe(update);
