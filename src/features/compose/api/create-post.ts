import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { length } from '../../../lib/collection-kinds';
import { boolean } from '../../../lib/schema-kinds';
import { t } from '../../../i18n/i18n';
import { api } from '../../../lib/api/client';
import { createPost, type CreatePostInput } from '../../../lib/api/post-writes';
import type { CreatedPost, Post, UserSummary } from '../../../lib/api/schemas';
import { addCreatedPostToFeed } from '../../../entities/post/feed-cache';
import { updateThroughFetch } from '../../../lib/update-through-fetch';
import { postQueries } from '../../../entities/post/queries';
import { clearDraft } from '../../../entities/draft/draft-store';
import { forAccount, useAccountToken } from '../../../entities/account/for-account';
import { MAX_FROM_LENGTH } from '../limits';

export const createPostInputSchema = z.object({
  // Messages as functions: translated when a check fails, in the language active then.
  content: z.string().check(z.refine((s) => s.trim() !== '', { error: () => t('compose.emptyContent') })),
  from: z.optional(z.string().check(length(0, MAX_FROM_LENGTH, () => t('compose.fromTooLong', { max: MAX_FROM_LENGTH })))),
  lock: z.optional(boolean()),
  nsfw: z.optional(boolean()),
  parentId: z.optional(z.string()),
});

/** Writes what the server confirmed into the shared post cache, and links a reply into its parent. */
export function storeCreatedPost(queryClient: QueryClient, created: CreatedPost, author: UserSummary | null): Post {
  const post: Post = {
    id: created.id,
    parentId: created.parentId,
    content: created.content,
    from: created.from,
    lock: created.lock,
    nsfw: created.nsfw,
    date: Date.now(),
    edited: { edited: false, at: null },
    replies: [],
    author,
  };
  queryClient.setQueryData(postQueries.detail(post.id).queryKey, post);
  if (post.parentId) {
    // Also when the parent is being read: an answer from before the reply would drop it from the list.
    updateThroughFetch<Post>(queryClient, postQueries.detail(post.parentId).queryKey, (parent) =>
      parent.replies.includes(post.id) ? parent : { ...parent, replies: [...parent.replies, post.id] },
    );
  }
  return post;
}

/**
 * Exactly one request per submit: never retried on its own (a create that timed out may have
 * landed). The caller decides what to do with a `mayHaveApplied` error. `account`: whose drafts
 * the composer keeps (its local id), and `draftKey` the composer's own draft: only that one is
 * cleared once sent, never another composer's in the same context. An answer that lands after
 * another account took over the tab touches only the starting account's data.
 */
export function useCreatePost(author: UserSummary | null, account: string, draftKey: string) {
  const queryClient = useQueryClient();
  const token = useAccountToken();
  return useMutation({
    mutationKey: ['posts', 'create'],
    mutationFn: (input: CreatePostInput) => createPost(api(), createPostInputSchema.parse(input)),
    retry: false,
    onSuccess: (created) => {
      // Here, not in the composer: a create that lands after the composer unmounted (the person
      // left while it was sending) must not leave its text behind to be sent a second time.
      // The account the composer was opened for: the draft is cleared where it was kept.
      clearDraft(account, draftKey);
      forAccount(token, () => {
        storeCreatedPost(queryClient, created, author);
        addCreatedPostToFeed(queryClient, created.id);
        // The provisional author may lack a uuid; the real record arrives when someone looks.
        void queryClient.invalidateQueries({ queryKey: postQueries.detail(created.id).queryKey, exact: true });
      });
    },
  });
}
