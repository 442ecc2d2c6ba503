/**
 * There is no "who am I" that returns a uuid (docs/api-notes.md, "Who am I"): the signed-in person's uuid
 * is learned from the first post whose author has their username, exactly (another account may differ
 * only in case), wherever that post was loaded.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { ownUuidStore, useOwnUuid } from '../entities/account/own-uuid';
import { useMe } from '../entities/account/use-me';
import { useSession } from '../entities/account/use-session';
import { tokenStore } from '../entities/account/token-store';
import { isPostDetailEvent, postQueries } from '../entities/post/queries';
import type { Post } from '../lib/api/schemas';

export function useLearnOwnUuid(): void {
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const me = useMe();
  const username = signedIn ? me.data?.username : undefined;
  const known = useOwnUuid(username);
  const name = me.data?.displayName ?? '';
  // The accounts list learns who the account in use is (the menu names it; its local id, which
  // every per-account store reads under, entities/account). Before paint: a feed rendered in the
  // same commit filters its muted posts at once instead of showing its loading state for a frame.
  useLayoutEffect(() => {
    if (username) tokenStore.note({ username, name });
  }, [username, name]);

  useEffect(() => {
    if (!username || known) return;
    const consider = (post: Post | undefined): boolean => {
      if (post?.author?.uuid && post.author.username === username) {
        ownUuidStore.learn(username, post.author.uuid);
        return true;
      }
      return false;
    };
    // Posts cached before the profile answered (the feed often wins that race).
    for (const [, post] of queryClient.getQueriesData<Post>({ queryKey: postQueries.details() })) {
      if (consider(post)) return;
    }
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && isPostDetailEvent(event)) {
        consider(event.query.state.data as Post | undefined);
      }
    });
  }, [queryClient, username, known]);
}
