import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTabSync } from '../../src/app/tab-sync';
import { addCreatedPostToFeed, removePostFromFeed } from '../../src/entities/post/feed-cache';
import { feedQueries } from '../../src/entities/post/feed-queries';
import { postQueries } from '../../src/entities/post/queries';
import type { Post } from '../../src/lib/api/schemas';
import { signInAs } from '../support/account-data';
import { testQueryClient } from '../support/query-client';

// Two "tabs" of one account: two query clients in one process, each with its own channel of the
// same name (BroadcastChannel delivers to the others, never to itself, as between tabs).
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function twoTabs() {
  signInAs('ada');
  const a = testQueryClient();
  const b = testQueryClient();
  stops.push(startTabSync(a, 'http://api.test'), startTabSync(b, 'http://api.test'));
  return { a, b };
}

const post = (id: string, content: string): Post =>
  ({ id, parentId: null, content, from: 'web', lock: false, nsfw: false, edited: null, date: 1_795_109_925_000, author: { uuid: 'u-ada', username: 'ada' }, replies: [] }) as unknown as Post;

const feedOf = (id: string) => ({ pages: [{ ids: [id], from: Number(id), nextCursor: null }], pageParams: [{ from: Number(id), size: 1 }] });

describe('tabs of one account agree without asking the server', () => {
  it('a post one tab reads or changes is in the other’s cache; an equal copy is not sent back', async () => {
    const { a, b } = twoTabs();
    const sent = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    a.setQueryData(postQueries.detail('75').queryKey, post('75', 'Newest seed post.'));
    await vi.waitFor(() => expect(b.getQueryData(postQueries.detail('75').queryKey)).toMatchObject({ content: 'Newest seed post.' }));
    a.setQueryData(postQueries.detail('75').queryKey, post('75', 'Edited in tab a.'));
    await vi.waitFor(() => expect(b.getQueryData(postQueries.detail('75').queryKey)).toMatchObject({ content: 'Edited in tab a.' }));
    // Settled: one message a change, none echoed back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('a post created in one tab goes on top of the other’s feed; a deleted one leaves it', async () => {
    const { a, b } = twoTabs();
    for (const client of [a, b]) {
      client.setQueryData(feedQueries.pages().queryKey, feedOf('75'));
      client.setQueryData(feedQueries.head().queryKey, 75);
    }
    a.setQueryData(postQueries.detail('76').queryKey, post('76', 'Written in tab a.'));
    addCreatedPostToFeed(a, '76');
    await vi.waitFor(() => expect(b.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.ids).toEqual(['76', '75']));
    expect(b.getQueryData(postQueries.detail('76').queryKey)).toMatchObject({ content: 'Written in tab a.' });
    removePostFromFeed(a, '76');
    await vi.waitFor(() => expect(b.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.ids).toEqual(['75']));
    expect(b.getQueryData(postQueries.detail('76').queryKey)).toBeUndefined();
  });

  it('the newest id one tab finds reaches the other, which then knows it too (never lower)', async () => {
    const { a, b } = twoTabs();
    b.setQueryData(feedQueries.head().queryKey, 75);
    a.setQueryData(feedQueries.head().queryKey, 80);
    await vi.waitFor(() => expect(b.getQueryData(feedQueries.head().queryKey)).toBe(80));
    a.setQueryData(feedQueries.head().queryKey, 78);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.getQueryData(feedQueries.head().queryKey)).toBe(80);
  });
});
