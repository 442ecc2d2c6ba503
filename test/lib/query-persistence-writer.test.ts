import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { persistKey } from '../../src/lib/query-persistence';
import { MAX_PERSISTED_OF_A_KIND, persistQueryCache } from '../../src/lib/query-persistence-writer';
import { testQueryClient } from '../support/query-client';
import { settleTasks } from '../support/clock';

const OWNER = 'tok-writer-test';
afterEach(() => sessionStorage.clear());

function persistedKeys(): unknown[][] {
  const raw = sessionStorage.getItem(persistKey(OWNER));
  if (raw === null) return [];
  return (JSON.parse(raw) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map((q) => q.queryKey);
}

describe('the persisted query cache over a day in one tab', () => {
  it(`keeps at most ${MAX_PERSISTED_OF_A_KIND} queries of a kind: those on screen, then the most recently updated; other kinds whole`, async () => {
    const client = testQueryClient();
    const posts = MAX_PERSISTED_OF_A_KIND + 150;
    for (let id = 1; id <= posts; id += 1) client.setQueryData(['posts', 'detail', String(id)], { id: String(id) }, { updatedAt: 1_000 + id });
    client.setQueryData(['feed', 'pages'], { pages: [], pageParams: [] }, { updatedAt: 1 });
    client.setQueryData(['me', 'profile'], { username: 'ada' }, { updatedAt: 1 });
    // The oldest post, on screen (a thread open on it).
    const observer = new QueryObserver(client, { queryKey: ['posts', 'detail', '1'], queryFn: () => ({ id: '1' }), staleTime: Infinity });
    const stop = observer.subscribe(() => {});

    const writer = persistQueryCache(client, { getOwner: () => OWNER, shouldPersist: () => true }, { throttleMs: 0 });
    await settleTasks();
    writer.flush();
    writer.stop();
    stop();

    const keys = persistedKeys();
    const postIds = keys.filter((key) => key[0] === 'posts').map((key) => Number(key[2]));
    expect(postIds).toHaveLength(MAX_PERSISTED_OF_A_KIND);
    expect(postIds).toContain(1);
    expect(Math.min(...postIds.filter((id) => id !== 1))).toBe(posts - MAX_PERSISTED_OF_A_KIND + 2);
    expect(keys).toContainEqual(['feed', 'pages']);
    expect(keys).toContainEqual(['me', 'profile']);
  });
});
