/**
 * The feed's mute filter, on demand (use-feed-mute-filter.ts loads it for an account with mutes):
 * kept in `feedMuteFilter` for the account in use, made again whenever the account or its mutes
 * change. It reads the posts from the feed's query client.
 */
import { muteRevision } from '../../../entities/mute/mute-core';
import { isHiddenFor, readMutes } from '../../../entities/mute/mute-store';
import { postQueries } from '../../../entities/post/queries';
import type { Post } from '../../../lib/api/schemas';
import { preferencesAccount } from '../../../lib/preferences';
import { feedMuteFilter } from './use-feed-mute-filter';

let started = false;

export function startFeedMuteFilter(): void {
  if (started) return;
  started = true;
  // A new function whenever the account in use or any mutes change, so the feed filters again;
  // each call reads the mutes as they are then.
  const update = () =>
    feedMuteFilter.set((ids, client) => {
      const account = preferencesAccount.get();
      const mutes = readMutes(account);
      return ids.filter((id) => {
        const post = client.getQueryData<Post>(postQueries.detail(id).queryKey);
        // A post not cached yet stays (it shows its own loading state); one's own always stays.
        return !post || !account || !isHiddenFor(post, account, mutes);
      });
    });
  update();
  preferencesAccount.subscribe(update);
  muteRevision.subscribe(update);
}
