import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../support/query-client';
import { freshRepliesState, repliesStore, writeRepliesState } from '../../../src/entities/replies/replies-store';
import { CATCH_UP_REQUESTS, catchUp } from '../../../src/features/replies/catch-up';
import { watchPosts } from '../../../src/features/replies/watch-posts';
import { configureApi } from '../../../src/lib/api/client';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../support/mock-backend';
import { recordRequests } from '../../support/feed-helpers';
import { tokenStore } from '../../../src/entities/account/token-store';
import { signInAs } from '../../support/account-data';

const ADA = { uuid: MOCK_USER_IDS.ada };

let client: QueryClient;

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
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

});
