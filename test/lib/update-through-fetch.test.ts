/**
 * A post's entry changed while it is being read (the thread's refetch, the replies watch's): the
 * read's answer, from before the change, replaced the entry when it landed, so a reply just sent
 * left its post's list of replies, and a deleted one came back to it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/entities/account/token-store';
import { postQueries } from '../../src/entities/post/queries';
import { storeCreatedPost } from '../../src/features/compose/api/create-post';
import { forgetPost } from '../../src/features/posts/api/delete-post';
import type { Post } from '../../src/lib/api/schemas';
import { configureApi } from '../../src/lib/api/client';
import { MOCK_TOKENS, TEST_API_BASE } from '../support/mock-backend';
import { testQueryClient } from '../support/query-client';

beforeEach(() => {
  tokenStore.signIn(MOCK_TOKENS.ada);
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken });
});

/** Post 5 in the cache, and a read of it under way until `land()`, answering it as it was before. */
async function postBeingRead() {
  const client = testQueryClient();
  const key = postQueries.detail('5').queryKey;
  const before = await client.fetchQuery(postQueries.detail('5'));
  let land = () => {};
  const held = new Promise<Post>((resolve) => (land = () => resolve(before)));
  const answerLater = () => held;
  const read = client.fetchQuery({ queryKey: key, queryFn: answerLater, staleTime: 0 });
  await Promise.resolve();
  expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  return {
    client,
    before,
    replies: () => client.getQueryData(key)?.replies,
    land: async () => {
      land();
      await read;
    },
  };
}

describe('a post’s replies, changed while the post is being read', () => {
  it('a reply sent meanwhile stays in the list when the read lands', async () => {
    const post = await postBeingRead();
    storeCreatedPost(post.client, { id: '500', parentId: '5', content: 'Mine.', from: '', lock: false, nsfw: false }, null);
    await post.land();
    expect(post.replies()).toEqual([...post.before.replies, '500']);
  });

  it('a reply deleted meanwhile stays out of the list when the read lands', async () => {
    const post = await postBeingRead();
    const [gone, ...rest] = post.before.replies;
    expect(gone, 'post 5 has replies in the seed').toBeDefined();
    post.client.setQueryData(postQueries.detail(gone!).queryKey, { ...post.before, id: gone!, parentId: '5', replies: [] });
    forgetPost(post.client, gone!);
    await post.land();
    expect(post.replies()).toEqual(rest);
  });
});
