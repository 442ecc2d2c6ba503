/**
 * The feed's mute filter, on demand (use-feed-mute-filter.ts loads it for an account with mutes):
 * kept in `feedMuteFilter` for the account in use, made again whenever the account or its mutes
 * change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { muteRevision } from '../../../entities/mute/mute-core';
import { isHiddenFor, readMutes } from '../../../entities/mute/mute-store';
import { postQueries } from '../../../entities/post/queries';
import type { Post } from '../../../lib/api/schemas';
import { preferencesAccount } from '../../../lib/preferences';
import { feedMuteFilter } from './use-feed-mute-filter';

let started = false;

export function startFeedMuteFilter(client: QueryClient): void {
  if (started) return;
  started = true;
  const update = () => {
    const account = preferencesAccount.get();
    const mutes = readMutes(account);
    feedMuteFilter.set((ids) =>
      ids.filter((id) => {
        const post = client.getQueryData<Post>(postQueries.detail(id).queryKey);
        // A post not cached yet stays (it shows its own loading state); one's own always stays.
        return !post || !account || !isHiddenFor(post, account, mutes);
      }),
    );
  };
  update();
  preferencesAccount.subscribe(update);
  muteRevision.subscribe(update);
}
