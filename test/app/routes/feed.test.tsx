import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedQueries, FIRST_VISIT_PAGE_SIZE, PAGE_SIZE, whenFeedPainted } from '../../../src/entities/post/feed-queries';
import { checkInFull } from '../../../src/entities/post/head-poll';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { db, FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, feedIds, findFeedList, readPostAgainHeld, recordRequests, showFeed } from '../../support/feed-helpers';

let scroller: ReturnType<typeof fakeWindowScroll>;
beforeEach(() => {
  scroller = fakeWindowScroll();
});

describe('the feed page', () => {
  it('shows the newest posts first on a first visit, as an accessible feed, and remembers the highest id', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'Feed' });
    await showFeed();
    // 75 and 74, which the check above the first page found and showFeed took from the pill, the
    // first page (73) and the next (72..) as it came in (the window shows ten).
    await waitFor(() => expect(feedIds()).toEqual([75, 74, 73, 72, 71, 70, 69, 68, 67, 66]));
    const articles = within(screen.getByRole('feed')).getAllByRole('article');
    expect(articles[0]).toHaveAttribute('aria-posinset', '1');
    expect(articles[0]).toHaveAttribute('aria-setsize', '-1');
    expect(articles[0]).toHaveAttribute('tabindex', '0');
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    expect(localStorage.getItem(KNOWN_HEAD_KEY)).toBe(String(FIXTURE_POST_IDS.newest));
  });

  it('shows the newest posts of a first visit before the ids above them are checked; a post the check finds waits behind the pill', async () => {
    // The seed: 75 is the newest, 76 and 77 were deleted. The narrowing stops at 73 (read) and 82
    // (missing), within the 16 ids the check above it reads anyway: the feed opens on 73, and only
    // that check, 74 to 89, reaches 74 and 75.
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await waitFor(() => expect(feedIds()[0]).toBe(73));
    const pill = await screen.findByRole('button', { name: '2 new posts' });
    const feed = await findFeedList();
    // Found, but not pushed in above what is on screen.
    expect(feedIds()[0]).toBe(73);
    expect(within(feed).queryByText(/Newest seed post/)).not.toBeInTheDocument();
    await scroller.scroll(360);
    await user.click(pill);
    await within(feed).findByText(/Newest seed post/);
    expect(feedIds().slice(0, 3)).toEqual([75, 74, 73]);
    // Taken to them: the top of the feed, the first post focused.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '75'));
    expect(scroller.y).toBe(0);
  });

  it('opens a new service of a few posts on its newest, with nothing offered as new', async () => {
    // Posts 1 to 5 only: the loader's round reads 1 and misses 8, and one round more reads 2 to 7.
    const state = db.snapshot();
    db.restore({ ...state, posts: state.posts.filter((post) => post.id <= 5).map((post) => ({ ...post, replies: post.replies.filter((id) => id <= 5) })) });
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await waitFor(() => expect(feedIds()).toEqual([5, 4, 3, 2, 1]));
    // The check above it has run (the head it found is remembered), and found nothing to offer.
    await waitFor(() => expect(localStorage.getItem(KNOWN_HEAD_KEY)).toBe('5'));
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('button', { name: /new posts?$/ })).not.toBeInTheDocument();
  });

  it('checks the ids above a first visit\'s head only once its first posts are on screen', async () => {
    const requests = recordRequests();
    let seenWhenShown: string[] | null = null;
    const observer = new MutationObserver(() => {
      if (!seenWhenShown && document.querySelector('[role="feed"] article[data-post-id]:not([aria-busy="true"])')) {
        seenWhenShown = [...requests.seen];
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderApp({ route: '/', token: MOCK_TOKENS.ada });
      await showFeed();
      // The narrowing reads 73 (the first page) and 82; 75, 77 and 81 are asked only by the 16-id
      // check above 73 (74 to 89), 90 by the next window, above the 75 it found.
      const checkOnly = ['GET /v2/post/75', 'GET /v2/post/77', 'GET /v2/post/81', 'GET /v2/post/90'];
      await waitFor(() => expect(requests.seen).toEqual(expect.arrayContaining(checkOnly)));
      expect(seenWhenShown).not.toBeNull();
      for (const line of checkOnly) expect(seenWhenShown).not.toContain(line);
    } finally {
      observer.disconnect();
      requests.stop();
    }
  });

  it('writes the remembered highest id once per scan, not once per post it reads', async () => {
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(localStorage.getItem(KNOWN_HEAD_KEY)).toBe('75'));
    // Two pages and the head discovery; before, one write for every post read higher than the last.
    expect(writes.mock.calls.filter(([key]) => key === KNOWN_HEAD_KEY).length).toBeLessThanOrEqual(3);
  });

  it('shows a reply as one, linking to its parent', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // 70 comes with the second page (a first visit's first is 73 alone), and its parent 69 with it.
    const reply = (await within(screen.getByRole('feed')).findByText('Me! Also my cat.')).closest('article')!;
    expect(await within(reply).findByRole('link', { name: /@ada/ })).toHaveAttribute('href', '#/post/69');
  });

  it('a post still loading that holds the focus (j, Tab) keeps it when it arrives: its card, another element, takes it on', async () => {
    const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await showFeed();
    const id = within(feed).getAllByRole('article')[1]!.getAttribute('data-post-id')!;
    // Its cached copy gone (as when the cache let it go, or a check found it changed): read again.
    const { placeholder, answer: release } = await readPostAgainHeld(queryClient, feed, id);
    act(() => placeholder.focus());
    release();
    const card = await waitFor(() => {
      const article = feed.querySelector<HTMLElement>(`article[data-post-id="${id}"][aria-labelledby]`);
      expect(article).not.toBeNull();
      return article!;
    });
    expect(placeholder.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('starts a return visit from the remembered id and puts newer posts at the top', async () => {
    localStorage.setItem(KNOWN_HEAD_KEY, '75');
    db.createPost(MOCK_USER_IDS.bram, { content: 'Written while you were away' });
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await within(screen.getByRole('feed')).findByText('Written while you were away');
    expect(feedIds().slice(0, 3)).toEqual([78, 75, 74]);
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(KNOWN_HEAD_KEY)).toBe('78'));
  });

  it('loads more posts past the run of deleted ids, up to the first post', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    expect(screen.queryByText(/Last post before a long break/)).not.toBeInTheDocument();
    // A first visit's short first page (73) brings the next (72..53) in at once; the offer showFeed
    // took put 75 and 74 above them.
    await waitFor(() => expect(screen.getByRole('feed').style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + PAGE_SIZE) * 180}px`));
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    // Focus moves to the first post of the new page (52..49, then past the run of deleted ids).
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '52'));
    // Right after it in the feed: the post below the run.
    await screen.findByText(/Last post before a long break/);

    const shown = feedIds();
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    for (let id = FIXTURE_POST_IDS.deletedRun.from; id <= FIXTURE_POST_IDS.deletedRun.to; id += 1) {
      expect(shown).not.toContain(id);
    }

    // Keep going to the end: the marker, and post 1 at the bottom.
    while (!screen.queryByText("You've reached the first post")) {
      const more = await screen.findByRole('button', { name: 'Load more posts' }, { timeout: 3000 }).catch(() => null);
      if (more) await user.click(more);
      await scroller.scroll(parseFloat(screen.getByRole('feed').style.height));
    }
    await scroller.scrollToEndUntil('Hello, world! First post on the v2 API.');
  });

  it('offers "Load more posts" again only once the page it loaded is on screen, not above posts about to push it down', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const feed = screen.getByRole('feed');
    // 75 and 74 (the offer showFeed took), the first page (73) and the next (72..53).
    await waitFor(() => expect(feed.style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + PAGE_SIZE) * 180}px`));
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    const heightOf = (style: string | null) => /(?:^|;)\s*height:\s*([\d.]+px)/.exec(style ?? '')?.[1];
    const before = feed.style.height;

    // Every change to the list's height and the footer, in the order they were made.
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(feed.parentElement!, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '52'));
    await screen.findByRole('button', { name: 'Load more posts' });
    records.push(...observer.takeRecords());
    observer.disconnect();

    // Replayed: the list's height each time the button came back. A list style record holds the
    // value before it; the value after is the next one's before (or the list's height now).
    const heights = records.filter((record) => record.target === feed && record.type === 'attributes');
    const offeredAt: (string | undefined)[] = [];
    let height: string | undefined = before;
    for (const record of records) {
      if (record.target === feed && record.type === 'attributes') {
        const next = heights[heights.indexOf(record) + 1];
        height = next ? heightOf(next.oldValue) : feed.style.height;
      }
      const added = [...record.addedNodes].filter((node): node is Element => node instanceof Element);
      if (added.some((node) => node.matches('button') && node.textContent === 'Load more posts')) offeredAt.push(height);
    }
    expect(feed.style.height).not.toBe(before);
    expect(offeredAt, 'the button showed while the list still had the height it had before the page came').toEqual([feed.style.height]);
  });

  it('shows "No posts yet" for an empty service', async () => {
    server.use(http.get(`${TEST_API_BASE}/v2/post/:id`, () => HttpResponse.json({ error: true, reason: 'Not found' }, { status: 404 })));
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findByText('No posts yet');
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
  });

  it('with no posts to show, or none it can load, lets go of what waits for its first posts', async () => {
    server.use(http.get(`${TEST_API_BASE}/v2/post/:id`, () => HttpResponse.json({ error: true, reason: 'Not found' }, { status: 404 })));
    const empty = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findByText('No posts yet');
    // What the first-visit hold waits on (app/boot-prefetch.ts) settles: it has no time limit of its own.
    await expect(whenFeedPainted(empty.queryClient)).resolves.toBeUndefined();
    empty.unmount();

    server.use(http.get(`${TEST_API_BASE}/v2/post/:id`, () => HttpResponse.json({ error: true, reason: 'Down' }, { status: 500 })));
    const failed = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findByRole('alert');
    await expect(whenFeedPainted(failed.queryClient)).resolves.toBeUndefined();
  });

  it('says in the app’s words why the feed cannot load (not the server’s fault text), and recovers on retry', async () => {
    let failing = true;
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, () =>
        failing ? HttpResponse.json({ error: true, reason: 'Database is taking a nap' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the feed');
    expect(alert).toHaveTextContent('The server had a problem answering.');
    expect(alert).not.toHaveTextContent('Database is taking a nap');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await showFeed();
    expect(feedIds()[0]).toBe(75);
  });

  it('opens a post from the feed without fetching it again', async () => {
    const requests = recordRequests();
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    expect(requests.count('GET /v2/post/75')).toBe(1);
    const first = within(screen.getByRole('feed')).getAllByRole('article')[0]!;
    first.focus();
    await user.keyboard('o');
    await waitFor(() => expect(window.location.hash).toBe('#/post/75'));
    await screen.findByText(/Newest seed post/);
    expect(requests.count('GET /v2/post/75')).toBe(1);
    requests.stop();
  });

  it('shows a "new posts" pill when a check finds newer posts; pressing it shows them at the top', async () => {
    const { user, queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    // The first visit's check above the head (after the first posts are painted) has finished: a
    // tab shown again during it joins it instead of starting another.
    await waitFor(() => expect(queryClient.isFetching({ queryKey: feedQueries.head().queryKey })).toBe(0));
    db.createPost(MOCK_USER_IDS.chen, { content: 'Breaking: the kettle boiled' });
    db.createPost(MOCK_USER_IDS.dalia, { content: 'And the tea is ready' });

    // The check on coming back to the tab after a while: in full (79 and 78 lie past 76 and 77, deleted).
    checkInFull(queryClient);
    await act(() => queryClient.refetchQueries({ queryKey: feedQueries.head().queryKey }));
    const pill = await screen.findByRole('button', { name: /2 new posts/ });
    expect(screen.queryByText('And the tea is ready')).not.toBeInTheDocument();

    await scroller.scroll(900);
    await user.click(pill);
    await screen.findByText('And the tea is ready');
    expect(feedIds().slice(0, 3)).toEqual([79, 78, 75]);
    expect(scroller.y).toBe(0);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '79'));
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  });
});
