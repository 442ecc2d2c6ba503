import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { testQueryClient } from '../../support/query-client';
import { addMutedWord, muteAccount, unmuteAccount } from '../../../src/entities/mute/mute-store';
import { postQueries } from '../../../src/entities/post/queries';
import { freshRepliesState, readRepliesState, repliesStore, unseenCount, writeRepliesState } from '../../../src/entities/replies/replies-store';
import { repliesBadge } from '../../../src/features/replies/replies-badge';
import {
  CATCH_UP_AFTER_HIDDEN_MS,
  CATCH_UP_REQUESTS,
  catchUp,
  isCountedReply,
  LANDED_BATCH_MS,
  noticePosts,
  RepliesWatch,
  resetRecheck,
  watchPosts,
} from '../../../src/features/replies/replies-watch';
import { configureApi } from '../../../src/lib/api/client';
import type { Post } from '../../../src/lib/api/schemas';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../support/mock-backend';
import { idleAtOnce, recordRequests } from '../../support/feed-helpers';
import { aPost } from '../../support/post-fixture';
import { identifyAccount } from '../../../src/entities/account/device-accounts';
import { accountIdOf, tokenStore } from '../../../src/entities/account/token-store';
import { signInAs } from '../../support/account-data';

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

/** The watch for ada, in a router as in the header. */
function renderWatch() {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RepliesWatch account={signInAs('ada')} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let client: QueryClient;
const land = (p: Post) => client.setQueryData(postQueries.detail(p.id).queryKey, p);
/** Posts that landed are looked at together, a moment later. */
const looked = () => moveClock(LANDED_BATCH_MS + 20);

/** The local id of the account called `username` on this device. */
const id = (username: string) => identifyAccount({ username });

/** `username` is the account in use (signed in and known; `uuid` once learned). */
function setIdentity({ username, uuid }: { username: string; uuid: string | null }) {
  signInAs(username);
  if (uuid) tokenStore.note({ uuid });
}

/** `account` in use, past its baseline, with `since` as the id below which replies existed before. */
function inUse(account: string, own: string[] = [], since = 100) {
  writeRepliesState(signInAs(account), { ...freshRepliesState(since), own, baseline: false });
}

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  client = testQueryClient();
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

  it('isCountedReply: yours never counts; the uuid decides once known, else the exact username', () => {
    setIdentity({ username: 'ada', uuid: null });
    expect(isCountedReply(post(1, ADA))).toBe(false);
    expect(isCountedReply(post(1, { ...CHEN, username: 'Ada' }))).toBe(true);
    expect(isCountedReply(post(1, CHEN))).toBe(true);
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    // Someone else who took the name: the uuid says it is not you.
    expect(isCountedReply(post(1, { ...CHEN, username: 'ada' }))).toBe(true);
    expect(isCountedReply(post(1, ADA))).toBe(false);
  });

  it('isCountedReply: a reply from an account you muted, or with a word you muted, does not count', () => {
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    expect(isCountedReply(post(1, CHEN))).toBe(true);
    muteAccount(id('ada'), { uuid: CHEN.uuid, username: CHEN.username });
    expect(isCountedReply(post(1, CHEN))).toBe(false);
    // Another account's mutes are not ada's.
    setIdentity({ username: 'bram_stoker', uuid: MOCK_USER_IDS.bram });
    expect(isCountedReply(post(1, CHEN))).toBe(true);
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    unmuteAccount(id('ada'), CHEN.uuid);
    expect(isCountedReply(post(1, CHEN))).toBe(true);
    addMutedWord(id('ada'), 'spoiler');
    expect(isCountedReply({ ...post(1, CHEN), content: 'Big SPOILER ahead' })).toBe(false);
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
    visibility = 'hidden';
    land(post(later.id + 1, CHEN));
    await looked();
    expect(requests.seen).toHaveLength(1);
    stop();
    requests.stop();
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

/** Ada's posts in the seed, newest first: 75, 69, 65, 60, 55, 51, 29, 23, 19, 12, 10, 5, 1. */
const adasPosts = () =>
  db
    .posts()
    .filter((p) => p.author === MOCK_USER_IDS.ada)
    .map((p) => String(p.id))
    .reverse();

describe('the catch-up', () => {
  it(`reads your newest posts' replies with at most ${CATCH_UP_REQUESTS} requests, and finds a reply made meanwhile`, async () => {
    const answer = db.createPost(MOCK_USER_IDS.chen, { content: 'While you were away', parentId: 69 });
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', adasPosts(), 77);
    const requests = recordRequests();
    const stop = watchPosts(client);
    const result = await catchUp(client);
    stop();
    requests.stop();
    expect(result.complete).toBe(true);
    expect(requests.seen.length).toBeLessThanOrEqual(CATCH_UP_REQUESTS);
    expect(result.requests).toBe(requests.seen.length);
    expect(requests.seen.every((line) => line.startsWith('GET /v2/post/'))).toBe(true);
    expect(repliesStore.get()!.state.replies).toContainEqual({ id: String(answer.id), parent: '69', seen: false });
    // 70 answers 69 too, but existed before (at or below `since`): it would count as seen, so it is not read.
    expect(requests.seen).not.toContain('GET /v2/post/70');
    expect(repliesStore.get()!.state.replies.map((reply) => reply.id)).not.toContain('70');
  });

  it('sends nothing while the tab is hidden', async () => {
    visibility = 'hidden';
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', adasPosts(), 77);
    const requests = recordRequests();
    const result = await catchUp(client);
    requests.stop();
    expect(requests.seen).toEqual([]);
    expect(result).toEqual({ requests: 0, complete: false });
  });

  it('runs on start only when visible, and again when the tab returns after a long time hidden', async () => {
    idleAtOnce();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    visibility = 'hidden';
    writeRepliesState(id('ada'), { ...freshRepliesState(77), own: adasPosts(), baseline: false });
    const requests = recordRequests();
    renderWatch();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen).toEqual([]);

    const show = async (state: DocumentVisibilityState) => {
      visibility = state;
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
        await vi.advanceTimersByTimeAsync(10);
      });
    };
    await show('visible');
    await waitFor(() => expect(requests.seen.length).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const first = requests.seen.length;
    expect(first).toBeLessThanOrEqual(CATCH_UP_REQUESTS);

    // A short time away: nothing more.
    await show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await show('visible');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen.length).toBe(first);

    // Away for ten minutes: one more catch-up (its posts are no longer fresh).
    await show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(CATCH_UP_AFTER_HIDDEN_MS));
    await show('visible');
    await waitFor(() => expect(requests.seen.length).toBeGreaterThan(first));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen.length - first).toBeLessThanOrEqual(CATCH_UP_REQUESTS);
    requests.stop();
    vi.useRealTimers();
  });

  it('gives the header its label and badge while replies are unseen', async () => {
    writeRepliesState(id('ada'), {
      ...freshRepliesState(0),
      own: ['5'],
      replies: [
        { id: '9', parent: '5', seen: false },
        { id: '6', parent: '5', seen: false },
      ],
      baseline: false,
    });
    visibility = 'hidden';
    renderWatch();
    await waitFor(() => expect(repliesBadge.get()).toEqual({ label: 'Replies, 2 new', badge: '2' }));
    cleanup();
    expect(repliesBadge.get()).toBeNull();
  });
});
