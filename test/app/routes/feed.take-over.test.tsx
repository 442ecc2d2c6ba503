import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { postQueries } from '../../../src/entities/post/queries';
import { findFeedList } from '../../support/feed-helpers';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';

// The windowed list's code held until the test lets it come: until then the feed is FirstPosts.
// A file of its own (the isolated project): whether that code has loaded is module state.
const listCode = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../../../src/features/posts/components/feed-list', async (importOriginal) => {
  await listCode.arrived;
  return importOriginal();
});

const cardOf = (feed: HTMLElement, id: string) => feed.querySelector<HTMLElement>(`article[data-post-id="${id}"][aria-labelledby]`);

describe('the windowed list taking over from the first posts', () => {
  it('keeps the focused post focused, and goes on carrying it when its card is replaced afterwards', async () => {
    const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    // The first posts (a first visit opens on 73), before the list's code has come.
    const first = await screen.findByRole('feed', { name: 'Posts' });
    const id = '73';
    const before = await waitFor(() => {
      const card = cardOf(first, id);
      expect(card).not.toBeNull();
      return card!;
    });
    expect(first).not.toHaveAttribute('data-painted');
    act(() => before.focus());

    listCode.release();
    const list = await findFeedList();
    // Another element (the list's own), focused in its place.
    const taken = cardOf(list, id)!;
    expect(taken).not.toBe(before);
    expect(document.activeElement).toBe(taken);

    // Read again (its cached copy dropped), the answer held: the card gives way to a placeholder,
    // then to a new card, and the focus goes with the post each time.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.get(`${TEST_API_BASE}/v2/post/${id}`, async () => void (await held)));
    act(() => void queryClient.resetQueries({ queryKey: postQueries.detail(id).queryKey }));
    const placeholder = await waitFor(() => {
      const article = list.querySelector<HTMLElement>(`article[data-post-id="${id}"][aria-busy="true"]`);
      expect(article).not.toBeNull();
      return article!;
    });
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
