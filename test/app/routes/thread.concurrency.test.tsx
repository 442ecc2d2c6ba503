import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE, db, server } from '../../support/mock-backend';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const REPLIES = 100;

/** Counts GET /v2/post/:id: how many at once, and how many had answered before each one started. */
function watchPostRequests(latencyMs = 10) {
  const stats = { inFlight: 0, maxInFlight: 0, answered: 0, total: 0, answeredBefore: new Map<string, number>(), ids: [] as string[] };
  server.use(
    http.get(`${TEST_API_BASE}/v2/post/:id`, async ({ params }) => {
      stats.total += 1;
      stats.ids.push(String(params.id));
      stats.answeredBefore.set(String(params.id), stats.answered);
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await delay(latencyMs);
      stats.inFlight -= 1;
      stats.answered += 1;
      // Fall through to the mock backend's own handler for the answer.
      return undefined;
    }),
  );
  return stats;
}

function createBigThread(): { rootId: number; replyIds: number[] } {
  const root = db.createPost(MOCK_USER_IDS.ada, { content: 'A very popular post.' });
  const replyIds: number[] = [];
  for (let i = 1; i <= REPLIES; i += 1) {
    replyIds.push(db.createPost(MOCK_USER_IDS.chen, { content: `Reply number ${i}`, parentId: root.id }).id);
  }
  return { rootId: root.id, replyIds };
}

describe('thread fetching', () => {
  // Rendering 100 cards in jsdom is CPU work: on a busy 2-core machine it took over 10 s (failed at 90 of
  // 100). The bounds are for giving up, not a speed check (the order and the 6 at once are the checks).
  it(`renders all ${REPLIES} replies in id order, never more than 6 requests at once`, { timeout: 60_000 }, async () => {
    const { rootId, replyIds } = createBigThread();
    const stats = watchPostRequests();
    renderApp({ route: `/post/${rootId}`, token: MOCK_TOKENS.ada });

    const list = await screen.findByRole('list', { name: 'Replies to \u2068Ada Lovelace\u2069' });
    const status = document.querySelector('.reply-list-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(/^Loading \d+ replies…$/);
    // A cheap selector rather than findByText: jsdom re-walks the whole tree on every check.
    const contents = () => Array.from(list.querySelectorAll(':scope > li .post-content'), (p) => p.textContent);
    await waitFor(() => expect(contents()).toHaveLength(REPLIES), { timeout: 45_000 });
    expect(contents()).toEqual(replyIds.map((_, i) => `Reply number ${i + 1}`));
    expect(within(list).getByText(`Reply number ${REPLIES}`)).toBeVisible();
    await waitFor(() => expect(status).toBeEmptyDOMElement());

    expect(stats.maxInFlight).toBeLessThanOrEqual(6);
    // Parallel, not one after another.
    expect(stats.maxInFlight).toBe(6);
    expect(stats.total).toBe(REPLIES + 1);

    // Round trips: the post alone, then the first six replies together in the second wave.
    expect(stats.answeredBefore.get(String(rootId))).toBe(0);
    const secondWave = replyIds.filter((id) => stats.answeredBefore.get(String(id)) === 1);
    expect(secondWave).toEqual(replyIds.slice(0, 6));
  });

  it('loads replies as they are read: the first reply\'s own reply before the replies far below it', { timeout: 30_000 }, async () => {
    const DIRECT = 40;
    const root = db.createPost(MOCK_USER_IDS.ada, { content: 'A post with many answers.' });
    const direct: number[] = [];
    for (let i = 1; i <= DIRECT; i += 1) direct.push(db.createPost(MOCK_USER_IDS.chen, { content: `Answer ${i}`, parentId: root.id }).id);
    const nested = db.createPost(MOCK_USER_IDS.dalia, { content: 'An answer to the first answer.', parentId: direct[0]! }).id;
    // Each answer takes 100 ms: the 40 answers go out in 7 waves of at most 6, over 0.7 s or more.
    const stats = watchPostRequests(100);
    renderApp({ route: `/post/${root.id}`, token: MOCK_TOKENS.ada });

    // Under the first answer, on screen while the last answers are still on their way.
    await screen.findByText('An answer to the first answer.', undefined, { timeout: 20_000 });
    expect(screen.queryByText(`Answer ${DIRECT}`), 'the answer to the first answer waited for every answer below it').toBeNull();
    await screen.findByText(`Answer ${DIRECT}`, undefined, { timeout: 20_000 });
    // Every request made: the nested answer went in line before all that was still waiting, at most
    // two waves after the first answer's (1–6, then 7–12), not after the 40th.
    const asked = stats.ids.map(Number);
    expect(asked).toHaveLength(DIRECT + 2);
    expect(asked.indexOf(nested)).toBeGreaterThan(asked.indexOf(direct[0]!));
    expect(asked.indexOf(nested)).toBeLessThan(asked.indexOf(direct[17]!));
    expect(stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('shows a reply that is already in the cache without asking for it again', async () => {
    const stats = watchPostRequests(0);
    const { user } = renderApp({ route: '/post/6', token: MOCK_TOKENS.ada });
    await screen.findByText('vim, obviously.');
    await screen.findByText('Emacs users are typing a reply to this reply as we speak.');
    // 10 too, the reply to that reply: its request starts only once 7 is on screen (the nested list
    // mounts with it), and on a busy machine it reached the server after the count was taken here,
    // so the parent's thread seemed to ask for one post more (3 requests, not 2).
    await screen.findByText('Three levels deep and still civil. Nice.');
    expect(stats.ids).toEqual(['6', '7', '10']);
    const before = stats.total;

    await user.click(screen.getByRole('link', { name: /Back to the parent post/ }));
    await screen.findByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' });
    const list = await screen.findByRole('list', { name: 'Replies to \u2068Ada Lovelace\u2069' });
    expect(within(list).getByText('vim, obviously.')).toBeInTheDocument();
    await within(list).findByText('Whatever has the best undo.');
    await within(list).findByText('Three levels deep and still civil. Nice.');
    // Only 5 itself and its other reply 9: 6, 7 and 10 were loaded by the first thread.
    expect(stats.ids.slice(before)).toEqual(['5', '9']);
  });
});
