import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFor } from '../../support/account-data';
import { renderApp } from '../../support/render-app';
import { MOCK_TOKENS } from '../../support/mock-backend';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const NSFW_POST = 15;
const NSFW_TEXT = 'Graphic description of a horror film scene. Reveal at your own risk.';
const NSFW_REPLY_TEXT = 'That scene gave me nightmares for a week.';

describe('sensitive posts in a thread', () => {
  it('keeps the content out of the page until "Show post" is pressed', async () => {
    const { user } = renderApp({ route: `/post/${NSFW_POST}`, token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'Post by \u2068Bram\u2069' });
    const post = screen.getByRole('article', { name: /Bram/ });
    expect(within(post).getByText('This post is marked as sensitive.')).toBeInTheDocument();
    expect(screen.queryByText(NSFW_TEXT)).toBeNull();

    await user.click(within(post).getByRole('button', { name: 'Show post' }));
    expect(screen.getByText(NSFW_TEXT)).toBeInTheDocument();
    // The reply is sensitive too, and stays hidden: revealing is per post.
    await screen.findByRole('list', { name: 'Replies to \u2068Bram\u2069' });
    expect(await screen.findAllByRole('button', { name: 'Show post' })).toHaveLength(1);
    expect(screen.queryByText(NSFW_REPLY_TEXT)).toBeNull();
  });

  it('shows sensitive content directly when the signed-in account chose so', async () => {
    localStorage.setItem(keyFor('ada', 'prefs'), JSON.stringify({ alwaysShowSensitive: true }));
    renderApp({ route: `/post/${NSFW_POST}`, token: MOCK_TOKENS.ada });
    await screen.findByText(NSFW_TEXT);
    await screen.findByText(NSFW_REPLY_TEXT);
    expect(screen.queryByRole('button', { name: 'Show post' })).toBeNull();
  });
});

describe('hostile text in a thread', () => {
  it('shows markup as literal text and creates no element from it', async () => {
    // Post 20: content `<script>alert(1)</script>`, from `<img src=x onerror=alert(1)>`; reply 23.
    const { container } = renderApp({ route: '/post/20', token: MOCK_TOKENS.ada });
    await screen.findByText('<script>alert(1)</script>');
    const post = screen.getByRole('article', { name: /mallory/ });
    expect(post.querySelector('.post-from')).toHaveTextContent('· <img src=x onerror=alert(1)>');
    await screen.findByText('Nice try. It is shown as plain text here.');
    // Mallory's display name is markup too: the heading and the tab title carry it as text.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Post by \u2068<img src=x onerror=alert(1)>\u2069');
    expect(container.querySelector('script')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('keeps link-like and bidi text inert', async () => {
    const { container } = renderApp({ route: '/post/21', token: MOCK_TOKENS.ada });
    await screen.findByText(/\[click me\]\(javascript:alert\(1\)\)/);
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(container.querySelector('a[href^="data:"]')).toBeNull();
    expect(container.querySelector('img[onerror]')).toBeNull();
  });
});
