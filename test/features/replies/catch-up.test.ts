import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { repliesStore } from '../../../src/entities/replies/replies-store';
import { CATCH_UP_REQUESTS, catchUp } from '../../../src/features/replies/catch-up';
import { watchPosts } from '../../../src/features/replies/watch-posts';
import { db, MOCK_USER_IDS } from '../../support/mock-backend';
import { recordRequests } from '../../support/feed-helpers';
import { setIdentity, inUse, adasPosts, watchTestContext } from '../../support/replies-watch';

const ADA = { uuid: MOCK_USER_IDS.ada };

let client: QueryClient;



const watch = watchTestContext();
beforeEach(() => {
  client = watch.client;
});


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
    watch.setVisibility('hidden');
    setIdentity({ username: 'ada', uuid: ADA.uuid });
    inUse('ada', adasPosts(), 77);
    const requests = recordRequests();
    const result = await catchUp(client);
    requests.stop();
    expect(requests.seen).toEqual([]);
    expect(result).toEqual({ requests: 0, complete: false });
  });

});
