import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_VISIT_PAGE_SIZE, PAGE_SIZE } from '../../../src/entities/post/feed-queries';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { FIXTURE_POST_IDS, MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, showFeed } from '../../support/feed-helpers';

let scroller: ReturnType<typeof fakeWindowScroll>;
beforeEach(() => {
  scroller = fakeWindowScroll();
});

const focusedPostId = () => document.activeElement?.getAttribute('data-post-id');

describe('feed keyboard shortcuts', () => {
  it('j and k move focus between posts, Enter opens the focused one', async () => {
    // A return visit: nothing holds focus when the feed shows (taking a first visit's offer of new
    // posts focuses the first of them), so the first j goes to the first post.
    localStorage.setItem(KNOWN_HEAD_KEY, String(FIXTURE_POST_IDS.newest));
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await user.keyboard('j');
    await waitFor(() => expect(focusedPostId()).toBe('75'));
    await user.keyboard('jj');
    await waitFor(() => expect(focusedPostId()).toBe('73'));
    await user.keyboard('k');
    await waitFor(() => expect(focusedPostId()).toBe('74'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.hash).toBe('#/post/74'));
  });

  it('o opens the post holding focus, even from a link inside it', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const article = within(screen.getByRole('feed')).getAllByRole('article')[2]!;
    within(article).getByRole('link', { name: /Open thread/ }).focus();
    await user.keyboard('o');
    await waitFor(() => expect(window.location.hash).toBe('#/post/73'));
  });

  it('j moves on from the last loaded post by loading the next page', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const feed = screen.getByRole('feed');
    // A first visit's short first page (73) brings the next (72..53) in at once; above them, 75 and
    // 74, which showFeed took from the pill.
    const loaded = 2 + FIRST_VISIT_PAGE_SIZE + PAGE_SIZE;
    await waitFor(() => expect(feed.style.height).toBe(`${loaded * 180}px`));
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    // The list is windowed: the last loaded post (53) is rendered once the reader is down there.
    await scroller.scroll(parseFloat(feed.style.height));
    await waitFor(() => expect(feed.querySelector('article[data-post-id="53"]')).not.toBeNull());
    feed.querySelector<HTMLElement>('article[data-post-id="53"]')!.focus();
    expect(focusedPostId()).toBe('53');
    await user.keyboard('j');
    await waitFor(() => expect(focusedPostId()).toBe('52'));
    expect(document.activeElement).toHaveAttribute('aria-posinset', String(loaded + 1));
  });

  it('are ignored while typing', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Search');
    document.body.append(input);
    await user.click(input);
    await user.keyboard('jjo');
    expect(input).toHaveValue('jjo');
    expect(document.activeElement).toBe(input);
    expect(window.location.hash).toBe('#/');
    input.remove();
  });
});
