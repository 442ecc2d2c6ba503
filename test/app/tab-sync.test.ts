import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTabSync } from '../../src/app/tab-sync';
import { addCreatedPostToFeed, removePostFromFeed } from '../../src/entities/post/feed-cache';
import { feedPainted, feedQueries } from '../../src/entities/post/feed-queries';
import { checkInFull } from '../../src/entities/post/head-poll';
import { postQueries } from '../../src/entities/post/queries';
import { newerPostsQuery } from '../../src/features/posts/api/newer-posts';
import { configureApi } from '../../src/lib/api/client';
import type { Post } from '../../src/lib/api/schemas';
import type { TabLeader } from '../../src/lib/tab-leader';
import { signInAs } from '../support/account-data';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../support/mock-backend';
import { aPost } from '../support/post-fixture';
import { testQueryClient } from '../support/query-client';
import { logRequests } from '../support/request-log';
import { settleTasks } from '../support/clock';

// Two "tabs" of one account: two query clients in one process, each with its own channel of the
// same name (BroadcastChannel delivers to the others, never to itself, as between tabs).
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function twoTabs() {
  signInAs('ada', MOCK_TOKENS.ada);
  // What the tabs read, they read from the mock API.
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
  const a = testQueryClient();
  const b = testQueryClient();
  stops.push(startTabSync(a, 'http://api.test'), startTabSync(b, 'http://api.test'));
  return { a, b };
}

const post = (id: string, content: string): Post =>
  aPost({ id, content, from: 'web', date: 1_795_109_925_000, author: { uuid: 'u-ada', username: 'ada', displayName: 'Ada Lovelace', pfp: '' } });

/** An election decided in advance (jsdom has no Web Locks: without one, every tab leads). */
const decided = (leading: boolean) => (): TabLeader => ({ isLeading: () => leading, subscribe: () => () => {}, stop: () => {} });

/** The tab that reads for the account (its checks against the mock API) and one that follows it, each with `cache` in it. */
function readerAndFollower(cache: (client: QueryClient) => void = () => {}) {
  const account = signInAs('ada', MOCK_TOKENS.ada);
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
  const reader = testQueryClient();
  const follower = testQueryClient();
  cache(reader);
  cache(follower);
  stops.push(startTabSync(reader, TEST_API_BASE, { lead: decided(true) }), startTabSync(follower, TEST_API_BASE, { lead: decided(false) }));
  return { account, reader, follower };
}

/** The reader's minute's check, as head-poll.ts makes it (no feed on screen to wait for). */
async function check(client: QueryClient, { full = false } = {}): Promise<number> {
  feedPainted(client);
  if (full) checkInFull(client);
  return client.fetchQuery({ ...feedQueries.head(), staleTime: 0 });
}

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
    await settleTasks();
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
    await settleTasks();
    expect(b.getQueryData(feedQueries.head().queryKey)).toBe(80);
  });

  it('what the reader finds reaches a follower with the posts: its "new posts" come with no request, past deleted ids too', async () => {
    const { reader, follower } = readerAndFollower((client) => {
      client.setQueryData(feedQueries.pages().queryKey, feedOf('75'));
      client.setQueryData(feedQueries.head().queryKey, 75);
    });
    // Above the seed's 75, whose next two ids were deleted.
    const one = db.createPost(MOCK_USER_IDS.bram, { content: 'Bram, while ada reads.' });
    const two = db.createPost(MOCK_USER_IDS.chen, { content: 'Chen, while ada reads.' });
    expect(await check(reader, { full: true })).toBe(two.id);
    await vi.waitFor(() => expect(follower.getQueryData(feedQueries.head().queryKey)).toBe(two.id));
    // The reader is done (it sent the find once it had read the posts): what is asked from here is the follower's.
    const log = logRequests();
    // What the follower's feed asks when it hears of the head (feed-new-posts.tsx): there already.
    const newer = await follower.fetchQuery(newerPostsQuery(75, two.id));
    expect(log).toEqual([]);
    expect(newer).toEqual({ head: two.id, ids: [String(two.id), String(one.id)], complete: true, nextCursor: null });
    expect(follower.getQueryData(postQueries.detail(String(one.id)).queryKey)).toMatchObject({ content: 'Bram, while ada reads.', author: { username: 'bram_stoker' } });

    // The next find joins the new posts the follower has not shown yet.
    const three = db.createPost(MOCK_USER_IDS.bram, { content: 'Bram again.' });
    expect(await check(reader)).toBe(three.id);
    await vi.waitFor(() => expect(follower.getQueryData(feedQueries.head().queryKey)).toBe(three.id));
    const asked = log.length;
    expect((await follower.fetchQuery(newerPostsQuery(75, three.id))).ids).toEqual([three.id, two.id, one.id].map(String));
    expect(log.slice(asked)).toEqual([]);
  });

  it('a tab that finds the head for the first time reads nothing for the others: it sends the posts it has read, down to the first it has not', async () => {
    const { reader, follower } = readerAndFollower();
    follower.setQueryData(feedQueries.pages().queryKey, feedOf('73'));
    follower.setQueryData(feedQueries.head().queryKey, 73);
    // What the reader's first page read; 73 and below are its next page's to read, if it wants them.
    reader.setQueryData(postQueries.detail('75').queryKey, post('75', 'Newest.'));
    reader.setQueryData(postQueries.detail('74').queryKey, post('74', 'Next.'));
    const log = logRequests();
    reader.setQueryData(feedQueries.head().queryKey, 75);
    await vi.waitFor(() => expect(follower.getQueryData(feedQueries.head().queryKey)).toBe(75));
    expect(follower.getQueryData(newerPostsQuery(73, 75).queryKey)).toEqual({ head: 75, ids: ['75', '74'], complete: true, nextCursor: null });
    expect(log).toEqual([]);
  });

  it('a post from another tab is taken as the API’s answer would be: cleaned as it would be, refused as it would be', async () => {
    const { account, follower } = readerAndFollower((client) => client.setQueryData(feedQueries.head().queryKey, 75));
    const elsewhere = new BroadcastChannel(`social.tabs:${TEST_API_BASE}:${account}`);
    stops.push(() => elsewhere.close());
    // A parent that is not a post id (a link somewhere else) reads as none, as from the server.
    elsewhere.postMessage({ kind: 'post', id: '90', post: { ...post('90', 'Odd parent.'), parentId: '../user/u-bram' } });
    // Content that is no text: refused, as the API's answer would be.
    elsewhere.postMessage({ kind: 'post', id: '91', post: { ...post('91', ''), content: { html: '<b>hi</b>' } } });
    // A find with one bad post is refused whole (a hole where a post is would hide it).
    elsewhere.postMessage({ kind: 'found', head: 93, covered: 75, more: false, posts: [post('93', 'Fine.'), { ...post('92', 'Bad date.'), date: { at: 'soon' } }] });
    elsewhere.postMessage({ kind: 'post', id: '94', post: post('94', 'The last one.') });
    await vi.waitFor(() => expect(follower.getQueryData(postQueries.detail('94').queryKey)).toMatchObject({ content: 'The last one.' }));
    expect(follower.getQueryData(postQueries.detail('90').queryKey)).toMatchObject({ content: 'Odd parent.', parentId: null });
    expect(follower.getQueryData(postQueries.detail('91').queryKey)).toBeUndefined();
    expect(follower.getQueryData(postQueries.detail('93').queryKey)).toBeUndefined();
    expect(follower.getQueryData(feedQueries.head().queryKey)).toBe(75);
  });
});
