import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prefetchInitialData } from '../../../src/app/boot-prefetch';
import { feedQueries } from '../../../src/entities/post/feed-queries';
import { findFeedList, readPostAgainHeld } from '../../support/feed-helpers';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';

// Code held until the test lets it come: the feed page's own (so its first posts are read before
// it, as app/boot-prefetch.ts reads them beside it), and the windowed list's (until then the
// feed is FirstPosts). A file of its own (the isolated project): whether code has loaded is
// module state.
const code = vi.hoisted(() => {
  const gate = () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    return { arrived, release };
  };
  return { page: gate(), list: gate() };
});
vi.mock('../../../src/app/routes/feed', async (importOriginal) => {
  await code.page.arrived;
  return importOriginal();
});
vi.mock('../../../src/features/posts/components/feed-list', async (importOriginal) => {
  await code.list.arrived;
  return importOriginal();
});

const cardOf = (feed: HTMLElement, id: string) => feed.querySelector<HTMLElement>(`article[data-post-id="${id}"][aria-labelledby]`);

describe('the windowed list taking over from the first posts', () => {
  it('keeps the focused post focused, and goes on carrying it when its card is replaced afterwards, though the posts came before the page’s code', { timeout: 30_000 }, async () => {
    // 30 s: the page's and the list's code are imported here for the first time; on a loaded
    // machine that alone took 7 s.
    const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    // A first visit whose feed page's code is slow: the boot's prefetch reads its first posts
    // meanwhile, so the feed finds its pages cached when it mounts. Not a return.
    prefetchInitialData(queryClient, '#/', true);
    await waitFor(() => expect(queryClient.getQueryData(feedQueries.pages().queryKey)).toBeDefined(), { timeout: 5_000 });
    code.page.release();
    // The first posts (a first visit opens on 73), before the list's code has come.
    // Up to 10 s: the page's code is imported here for the first time (as findFeedList waits).
    const first = await screen.findByRole('feed', { name: 'Posts' }, { timeout: 10_000 });
    const id = '73';
    const before = await waitFor(() => {
      const card = cardOf(first, id);
      expect(card).not.toBeNull();
      return card!;
    });
    expect(first).not.toHaveAttribute('data-painted');
    act(() => before.focus());

    code.list.release();
    const list = await findFeedList();
    // Another element (the list's own), focused in its place.
    const taken = cardOf(list, id)!;
    expect(taken).not.toBe(before);
    expect(document.activeElement).toBe(taken);

    // Read again (its cached copy dropped), the answer held: the card gives way to a placeholder,
    // then to a new card, and the focus goes with the post each time.
    const { placeholder, answer } = await readPostAgainHeld(queryClient, list, id);
    await waitFor(() => expect(document.activeElement).toBe(placeholder));
    answer();
    const card = await waitFor(() => {
      const article = cardOf(list, id);
      expect(article).not.toBeNull();
      return article!;
    });
    await waitFor(() => expect(document.activeElement).toBe(card));
  });
});
