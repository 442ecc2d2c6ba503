import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { HashRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { testQueryClient } from '../../support/query-client';
import { addCreatedPostToFeed } from '../../../src/entities/post/feed-cache';
import { FIRST_VISIT_PAGE_SIZE, PAGE_SIZE } from '../../../src/entities/post/feed-queries';
import { storeCreatedPost } from '../../../src/features/compose/api/create-post';
import { tokenStore } from '../../../src/entities/account/token-store';
import { Feed } from '../../../src/features/posts/components/feed';
import { configureApi } from '../../../src/lib/api/client';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, showFeed } from '../../support/feed-helpers';

beforeEach(() => {
  fakeWindowScroll();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the feed over time', () => {
  it('checks for newer posts on its own, every interval', async () => {
    tokenStore.signIn(MOCK_TOKENS.ada);
    configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000 });
    window.location.hash = '#/';
    render(
      <>
        <QueryClientProvider client={testQueryClient()}>
          <HashRouter>
            <Feed checkIntervalMs={50} />
          </HashRouter>
        </QueryClientProvider>
      </>,
    );
    // A first visit: its own check above the first page finds 75 and 74, which showFeed takes.
    await showFeed();
    db.createPost(MOCK_USER_IDS.dalia, { content: 'Posted between two checks' });
    await screen.findByRole('button', { name: '1 new post' }, { timeout: 5_000 });
    expect(screen.queryByText('Posted between two checks')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /new post/ }));
    await screen.findByText('Posted between two checks');
  });

  it('a post or reply created here is on top at once; one by someone else made just before is not skipped but offered as new', async () => {
    useTestClock();
    tokenStore.signIn(MOCK_TOKENS.ada);
    configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000 });
    window.location.hash = '#/';
    const client = testQueryClient();
    render(
      <QueryClientProvider client={client}>
        <HashRouter>
          <Feed checkIntervalMs={200} />
        </HashRouter>
      </QueryClientProvider>,
    );
    // A first visit: showFeed takes what its check above the first page found (75 and 74).
    await showFeed();
    // Let the first visit's checks settle: the next one is the one this test is about.
    await moveClock(500);
    const shownIds = () => within(screen.getByRole('feed')).getAllByRole('article').map((article) => article.getAttribute('data-post-id'));
    const before = shownIds();

    // Someone else posts; before any check has found it, ada writes a post, then a reply to the seed's 5.
    const theirs = db.createPost(MOCK_USER_IDS.dalia, { content: 'Posted by someone else in between' });
    const create = (content: string, parentId: number | null) => {
      const made = db.createPost(MOCK_USER_IDS.ada, { content, parentId });
      // What the composer's create does when the server answers (create-post.ts).
      const created = { id: String(made.id), parentId: parentId === null ? null : String(parentId), content, from: '', lock: false, nsfw: false };
      storeCreatedPost(client, created, { uuid: MOCK_USER_IDS.ada, username: 'ada', displayName: 'Ada Lovelace', pfp: '' });
      addCreatedPostToFeed(client, created.id);
      return created.id;
    };
    const mine = create('Mine, written here', null);
    const myReply = create('My reply, written here', 5);

    // Both of ada's at once, on top, newest first; not counted as new.
    await waitFor(() => expect(shownIds().slice(0, 2)).toEqual([myReply, mine]));
    expect(shownIds().slice(2, 5)).toEqual(before.slice(0, 3));
    // The post by someone else is found by the next check, and offered (not skipped, not shown unasked).
    await screen.findByRole('button', { name: '1 new post' }, { timeout: 5_000 });
    expect(screen.queryByText('Posted by someone else in between')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '1 new post' }));
    await within(screen.getByRole('feed')).findByText('Posted by someone else in between');
    // In its place by id: below ada's two, above what was there.
    expect(shownIds().slice(0, 3)).toEqual([myReply, mine, String(theirs.id)]);
  });

  it('shows why the next page failed and loads it on retry', async () => {
    let failing = false;
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, ({ params }) =>
        failing && Number(params.id) < 60 ? HttpResponse.json({ error: true, reason: 'Slow down, please' }, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // A first visit's short first page (73) brings the next one (72..53) in at once: let it land
    // first, below the 75 and 74 showFeed took from the pill.
    await waitFor(() => expect(screen.getByRole('feed').style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + PAGE_SIZE) * 180}px`));
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    failing = true;
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load more posts');
    expect(alert).toHaveTextContent('The server had a problem answering.');
    // What was loaded stays.
    expect(within(screen.getByRole('feed')).getByText(/Newest seed post/)).toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await screen.findByRole('button', { name: 'Load more posts' });
    expect(screen.getByRole('feed').style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + 2 * PAGE_SIZE) * 180}px`);
  });
});
