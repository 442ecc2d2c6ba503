import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { postQueries } from '../../src/entities/post/queries';
import { server, TEST_API_BASE } from './mock-backend';

/** jsdom does not scroll: make window.scrollTo move window.scrollY and fire 'scroll', as a browser would. */
export function fakeWindowScroll() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(window, 'pageYOffset', { configurable: true, get: () => y });
  const scrollTo = vi.fn((a?: ScrollToOptions | number, b?: number) => {
    const top = typeof a === 'number' ? (b ?? 0) : (a?.top ?? y);
    y = Math.max(0, top);
    // Browsers fire 'scroll' on the next frame, never inside the call.
    setTimeout(() => window.dispatchEvent(new Event('scroll')), 0);
  });
  window.scrollTo = scrollTo as typeof window.scrollTo;
  return {
    scrollTo,
    /** The reader scrolls to `top`. */
    async scroll(top: number) {
      await act(async () => {
        y = top;
        window.dispatchEvent(new Event('scroll'));
      });
    },
    get y() {
      return y;
    },
    /**
     * The reader scrolls to the bottom of the feed until `text` shows. The list renders from a
     * deferred copy of the ids, so it can grow once more after the end marker shows: a single
     * scroll may land on the old bottom.
     */
    async scrollToEndUntil(text: string) {
      await waitFor(async () => {
        await this.scroll(parseFloat(screen.getByRole('feed').style.height));
        expect(screen.getByText(text)).toBeInTheDocument();
      });
    },
  };
}

/**
 * A main thread that is idle whenever asked, as a browser's with nothing else to do: an idle
 * callback (lib/idle.ts's whenIdle: the feed loads its next page in one) runs at the next task.
 * jsdom has no requestIdleCallback, so without this whenIdle takes its fallback, a 200 ms timer.
 * Undo with vi.unstubAllGlobals().
 */
export function idleAtOnce() {
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) =>
    setTimeout(() => run({ didTimeout: false, timeRemaining: () => 50 }), 0),
  );
  vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
}

/** Every request the app sends, as "GET /v2/post/75". */
export function recordRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  return {
    seen,
    count: (line: string) => seen.filter((s) => s === line).length,
    stop: () => server.events.removeListener('request:start', listener),
  };
}

/** Ids of the posts rendered in the feed, in DOM order. */
export function feedIds(): number[] {
  const feed = screen.getByRole('feed');
  return within(feed)
    .getAllByRole('article')
    .map((article) => Number(article.getAttribute('data-post-id')));
}

/** Replaces the post endpoint with `count` synthetic posts, ids 1..count. */
export function serveManyPosts(count: number) {
  server.use(
    http.get(`${TEST_API_BASE}/v2/post/:id`, ({ params }) => {
      const id = Number(params.id);
      if (!(id >= 1 && id <= count)) return HttpResponse.json({ error: true, reason: 'Not found' }, { status: 404 });
      return HttpResponse.json({
        error: false,
        post: { id: String(id), content: `Synthetic post ${id}`, from: '', lock: false, nsfw: false, edited: 0, date: 1_700_000_000 + id, replies: {} },
        user: { uuid: 'bulk-user', username: 'bulk', displayname: 'Bulk', pfp: '' },
      });
    }),
  );
}

/** The pill that offers the posts a check found above the top of the feed. */
export const NEW_POSTS_PILL = /^\d+\+? new posts?$/;

/**
 * The feed, once it shows the seed's newest post. A first visit opens on the highest post its
 * search for the newest has read (the seed's 73) and offers what the check above it then finds (75
 * and 74) as new posts (reading-the-spec.md): this presses that offer, as a reader would. A return
 * visit starts from the post remembered, and there is nothing to press.
 */
export async function showFeed(): Promise<HTMLElement> {
  const feed = await screen.findByRole('feed', { name: 'Posts' });
  const offer = await waitFor(() => {
    if (within(feed).queryByText(/Newest seed post/)) return null;
    const pill = screen.queryByRole('button', { name: NEW_POSTS_PILL });
    if (!pill) throw new Error('The feed shows neither the seed’s newest post nor an offer of new posts');
    return pill;
  });
  if (offer) {
    fireEvent.click(offer);
    await waitFor(() => within(screen.getByRole('feed', { name: 'Posts' })).getByText(/Newest seed post/));
  }
  return findFeedList();
}

/**
 * The feed's windowed list, once it has taken over from the first posts (feed-list.tsx, loaded
 * once they are painted: first-posts.tsx) and renders the posts around the screen too
 * (data-painted). A test that holds the feed's element across that would hold one no longer in
 * the document. Up to 10 s: the list's code is a lazy import, which on a loaded machine took over
 * the 3 s a findBy* waits (setup.ts).
 */
export function findFeedList(name: string = 'Posts', timeout = 10_000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const list = screen.getByRole('feed', { name });
      expect(list).toHaveAttribute('data-painted');
      return list;
    },
    { timeout },
  );
}

/**
 * Post `id` of `feed` read again, its answer held until `answer()` (then the mock's own): its cached
 * copy dropped, as when the cache let it go or a check found it changed. Resolves with the
 * placeholder the feed shows for it meanwhile (held under the API client's 2 s timeout).
 */
export async function readPostAgainHeld(queryClient: QueryClient, feed: HTMLElement, id: string): Promise<{ placeholder: HTMLElement; answer: () => void }> {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  // A resolver that returns nothing passes the request on.
  server.use(http.get(`${TEST_API_BASE}/v2/post/${id}`, async () => void (await held)));
  act(() => void queryClient.resetQueries({ queryKey: postQueries.detail(id).queryKey }));
  const placeholder = await waitFor(() => {
    const article = feed.querySelector<HTMLElement>(`article[data-post-id="${id}"][aria-busy="true"]`);
    expect(article).not.toBeNull();
    return article!;
  });
  return { placeholder, answer };
}
