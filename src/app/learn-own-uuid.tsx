/**
 * There is no "who am I" that returns a uuid (docs/api-notes.md, "Who am I"): the signed-in person's uuid
 * is learned from the first post whose author has their username, exactly (another account may differ
 * only in case), wherever that post was loaded. Loaded after the first content (app/layout.tsx): until
 * then, one's own posts are known by the username (entities/account/own-uuid.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOwnUuid } from '../entities/account/own-uuid';
import { useMe } from '../entities/account/use-me';
import { useSession } from '../entities/account/use-session';
import { tokenStore } from '../entities/account/token-store';
import { postQueries } from '../entities/post/queries';
import { isPostDetailEvent } from '../entities/post/post-events';
import type { Post } from '../lib/api/schemas';

export function LearnOwnUuid() {
  const queryClient = useQueryClient();
  const { signedIn, token } = useSession();
  const me = useMe();
  const username = signedIn ? me.data?.username : undefined;
  const known = useOwnUuid(username);

  useEffect(() => {
    if (!username || known || !token) return;
    const consider = (post: Post | undefined): boolean => {
      if (post?.author?.uuid && post.author.username === username) {
        tokenStore.note({ username, uuid: post.author.uuid }, token);
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
  }, [queryClient, username, known, token]);
  return null;
}
