import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { muteAccount } from '../../../src/entities/mute/mute-store';
import { postQueries } from '../../../src/entities/post/queries';
import { readerTab } from '../../../src/entities/post/reader-tab';
import { readRepliesState, repliesStore, unseenCount } from '../../../src/entities/replies/replies-store';
import { LANDED_BATCH_MS, noticePosts, resetRecheck, watchPosts } from '../../../src/features/replies/watch-posts';
import type { Post } from '../../../src/lib/api/schemas';
import { db, MOCK_USER_IDS } from '../../support/mock-backend';
import { recordRequests } from '../../support/feed-helpers';
import { aPost } from '../../support/post-fixture';
import { identifyAccount } from '../../../src/entities/account/device-accounts';
import { accountIdOf } from '../../../src/entities/account/token-store';
import { setIdentity, inUse, watchTestContext } from '../../support/replies-watch';

const ADA = { uuid: MOCK_USER_IDS.ada, username: 'ada', displayName: 'Ada Lovelace', pfp: '' };
const CHEN = { uuid: MOCK_USER_IDS.chen, username: 'chen_w', displayName: 'Chen Wei', pfp: '' };

function post(id: number, author: Post['author'], parentId: number | null = null, replies: number[] = []): Post {
  return aPost({
    id: String(id),
    parentId: parentId === null ? null : String(parentId),
    content: `Post ${id}`,
    date: 1_700_000_000_000 + id,
    replies: replies.map(String),
    author,
  });
}

let client: QueryClient;
const land = (p: Post) => client.setQueryData(postQueries.detail(p.id).queryKey, p);
/** Posts that landed are looked at together, a moment later. */
const looked = () => moveClock(LANDED_BATCH_MS + 20);

/** The local id of the account called `username` on this device. */
const id = (username: string) => identifyAccount({ username });



const watch = watchTestContext();
beforeEach(() => {
  client = watch.client;
});

describe('finding replies to you as posts land', () => {
  it('remembers your posts and counts a reply by someone else, not your own, with no request', () => {
    const requests = recordRequests();
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada');
    const stop = watchPosts(client);
    land(post(200, ADA));
    land(post(201, CHEN, 200));
    land(post(202, ADA, 200));
    land(post(203, CHEN, 150));
    stop();
    requests.stop();
    const state = readRepliesState(id('ada'))!;
    expect(state.own).toEqual(['202', '200']);
    expect(state.replies).toEqual([{ id: '201', parent: '200', seen: false }]);
    expect(unseenCount(repliesStore.get()!.state)).toBe(1);
    expect(requests.seen).toEqual([]);
  });

  it('without parent_id from the server: a reply is known from the replies your post lists', async () => {
    useTestClock();
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada');
    const stop = watchPosts(client);
    land(post(300, ADA));
    land(post(301, CHEN));
    await looked();
    expect(repliesStore.get()!.state.own).toEqual(['300']);
    expect(repliesStore.get()!.state.replies).toEqual([]);
    // Your post read again lists it.
    land(post(300, ADA, null, [301]));
    await looked();
    expect(repliesStore.get()!.state.replies).toEqual([{ id: '301', parent: '300', seen: false }]);
    // And one that lands after your post was read.
    land(post(300, ADA, null, [301, 302]));
    land(post(302, CHEN));
    stop();
    expect(repliesStore.get()!.state.replies.map((reply) => reply.id)).toEqual(['302', '301']);
  });

  it('a server that sends no parent_id: a new post by someone else has your newest posts read again, at most once a minute, never while hidden', async () => {
    useTestClock();
    const root = db.createPost(MOCK_USER_IDS.ada, { content: 'Mine' });
    const reply = db.createPost(MOCK_USER_IDS.chen, { content: 'An answer', parentId: root.id });
    const later = db.createPost(MOCK_USER_IDS.chen, { content: 'Another answer', parentId: root.id });
    resetRecheck();
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', [String(root.id)], root.id - 1);
    const requests = recordRequests();
    const stop = watchPosts(client);
    // The reply as such a server gives it: no parent.
    land(post(reply.id, CHEN));
    await waitFor(() => expect(repliesStore.get()!.state.replies).toEqual([{ id: String(reply.id), parent: String(root.id), seen: false }]));
    expect(requests.seen).toEqual([`GET /v2/post/${root.id}`]);
    // Another within the minute: no second read (it waits for the next one, a thread, the catch-up).
    land(post(later.id, CHEN));
    await looked();
    expect(requests.seen).toHaveLength(1);
    // Hidden: nothing, whatever lands.
    resetRecheck();
    watch.setVisibility('hidden');
    land(post(later.id + 1, CHEN));
    await looked();
    expect(requests.seen).toHaveLength(1);
    stop();
    requests.stop();
  });

  it('in a tab that follows another tab of the account (app/tab-sync.ts), such a post has none of your posts read: the reader tab reads them; taking over, this one does', async () => {
    useTestClock();
    const root = db.createPost(MOCK_USER_IDS.ada, { content: 'Mine' });
    const reply = db.createPost(MOCK_USER_IDS.chen, { content: 'An answer', parentId: root.id });
    const later = db.createPost(MOCK_USER_IDS.chen, { content: 'Another answer', parentId: root.id });
    resetRecheck();
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', [String(root.id)], root.id - 1);
    readerTab.set(false);
    onTestFinished(() => readerTab.set(true));
    const requests = recordRequests();
    const stop = watchPosts(client);
    land(post(reply.id, CHEN));
    await looked();
    expect(requests.seen).toEqual([]);
    // The reader tab closed: this one reads for the account now.
    readerTab.set(true);
    land(post(later.id, CHEN));
    await waitFor(() => expect(requests.seen).toEqual([`GET /v2/post/${root.id}`]));
    stop();
    requests.stop();
  });

  it("reads the account in use's mutes: a reply from an account it muted is not counted, another account's mutes do not apply", () => {
    setIdentity({ username: 'bram_stoker', uuid: MOCK_USER_IDS.bram });
    muteAccount(id('bram_stoker'), { uuid: CHEN.uuid, username: CHEN.username });
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', ['400']);
    muteAccount(id('ada'), { uuid: MOCK_USER_IDS.dalia, username: 'dalia' });
    noticePosts(client, [post(401, CHEN, 400), post(402, { ...CHEN, uuid: MOCK_USER_IDS.dalia, username: 'dalia' }, 400)]);
    expect(readRepliesState(id('ada'))!.replies).toEqual([{ id: '401', parent: '400', seen: false }]);
  });

  it('keeps each account to itself', () => {
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', ['400']);
    noticePosts(client, [post(401, CHEN, 400)]);
    // The tab switches to chen_w: the same kind of post is nothing to chen.
    setIdentity({ username: 'chen_w', uuid: CHEN.uuid });
    inUse('chen_w');
    noticePosts(client, [post(402, ADA, 400)]);
    expect(readRepliesState(id('chen_w'))!.replies).toEqual([]);
    expect(readRepliesState(id('ada'))!.replies).toEqual([{ id: '401', parent: '400', seen: false }]);
  });

  it('the first time, what is found counts as seen', () => {
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    repliesStore.start(accountIdOf(), () => 10);
    expect(repliesStore.get()!.state.baseline).toBe(true);
    noticePosts(client, [post(500, ADA), post(501, CHEN, 500)]);
    expect(repliesStore.get()!.state.replies).toEqual([{ id: '501', parent: '500', seen: true }]);
  });
});

