import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeWindowScroll, showFeed } from '../support/feed-helpers';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

const REL = 'noopener noreferrer nofollow ugc';

beforeEach(() => {
  fakeWindowScroll();
});

/** Every anchor inside `element` points at http(s) (app links are hash links on the page's own http origin). */
function expectOnlyHttpAnchors(element: HTMLElement) {
  for (const anchor of element.querySelectorAll('a')) {
    expect(['http:', 'https:'], anchor.outerHTML).toContain(new URL(anchor.href).protocol);
  }
}

describe('links in post content', () => {
  it('makes an http(s) URL in a feed post a link that opens in a new tab, and leaves javascript: text as text', async () => {
    db.createPost(MOCK_USER_IDS.bram, {
      content: 'Notes at https://example.com/docs/guide. Not these: javascript:alert(1) [x](javascript:alert(1)) data:text/html,hi',
    });
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    // The post is the newest: a first visit opens below it (on 73) and offers it with 74 and 75 as
    // new posts, which showFeed takes.
    const feed = await showFeed();
    const content = await within(feed).findByText(/^Notes at/);

    const link = await within(content).findByRole('link', { name: 'example.com/docs/guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs/guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', REL);
    expect(link).toHaveAttribute('title', 'https://example.com/docs/guide');
    expect(within(content).getAllByRole('link')).toHaveLength(1);
    // The rest is the text as written, the dot after the URL outside the link.
    expect(content).toHaveTextContent('Notes at example.com/docs/guide. Not these: javascript:alert(1) [x](javascript:alert(1)) data:text/html,hi');
    expect(content).toHaveAttribute('dir', 'auto');
    expectOnlyHttpAnchors(feed);
  });

  it('shows a javascript:, data: or vbscript: text in a thread as text, with no link', async () => {
    const post = db.createPost(MOCK_USER_IDS.bram, {
      content: 'javascript:alert(1) data:text/html,<script>alert(1)</script> vbscript:msgbox(1) but www.example.org is fine',
    });
    renderApp({ route: `/post/${post.id}`, token: MOCK_TOKENS.ada });
    const content = await screen.findByText(/^javascript:alert\(1\)/);
    const link = await within(content).findByRole('link', { name: 'www.example.org' });
    expect(link).toHaveAttribute('href', 'https://www.example.org/');
    expect(within(content).getAllByRole('link')).toEqual([link]);
    expect(content).toHaveTextContent('javascript:alert(1) data:text/html,<script>alert(1)</script> vbscript:msgbox(1) but www.example.org is fine');
    expectOnlyHttpAnchors(document.body);
  });

  it('shows a long URL shortened, with the whole URL as its target and title', async () => {
    const url = `https://example.com/${'a'.repeat(180)}`;
    const post = db.createPost(MOCK_USER_IDS.chen, { content: `An unbroken URL: ${url}` });
    renderApp({ route: `/post/${post.id}`, token: MOCK_TOKENS.ada });
    const link = await screen.findByRole('link', { name: /^example\.com\/a+…$/ });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('title', url);
  });

  it('links nothing in the hostile fixtures (post 21: markdown and HTML javascript:/data: links)', async () => {
    renderApp({ route: '/post/21', token: MOCK_TOKENS.ada });
    const content = await screen.findByText(/\[click me\]\(javascript:alert\(1\)\)/);
    expect(within(content).queryByRole('link')).toBeNull();
    expectOnlyHttpAnchors(document.body);
  });
});

describe('links in a bio', () => {
  it('makes URLs in the bio links, the bio still text', async () => {
    db.updateProfile(MOCK_USER_IDS.ada, { bio: 'Engine notes: https://example.com/engine (mirror: www.example.org/engine). <b>not bold</b>' });
    renderApp({ route: `/user/${MOCK_USER_IDS.ada}`, token: MOCK_TOKENS.ada });
    const bio = await screen.findByText(/^Engine notes:/);
    expect(await within(bio).findByRole('link', { name: 'example.com/engine' })).toHaveAttribute('href', 'https://example.com/engine');
    expect(within(bio).getByRole('link', { name: 'www.example.org/engine' })).toHaveAttribute('rel', REL);
    expect(bio).toHaveTextContent('Engine notes: example.com/engine (mirror: www.example.org/engine). <b>not bold</b>');
    expect(bio.querySelector('b')).toBeNull();
  });

  it("makes no link of mallory's <a href=\"javascript:…\"> bio", async () => {
    renderApp({ route: `/user/${MOCK_USER_IDS.mallory}`, token: MOCK_TOKENS.ada });
    const bio = await screen.findByText(/<a href="javascript:alert\(1\)">click me<\/a>/);
    expect(within(bio).queryByRole('link')).toBeNull();
    expectOnlyHttpAnchors(document.body);
  });
});

describe('links in the blog entry', () => {
  it('makes the URL in the blog banner a link', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/blog/latest`, () =>
        HttpResponse.json({ error: false, blog: { content: 'Draft 5 is out: https://example.com/spec/draft-5. javascript:alert(1)', image: '', tag: 'release', date: db.blog().date }, user: null }),
      ),
    );
    renderApp({ route: '/' });
    const banner = await screen.findByRole('complementary', { name: 'Latest from the blog' });
    const link = await within(banner).findByRole('link', { name: 'example.com/spec/draft-5' });
    expect(link).toHaveAttribute('href', 'https://example.com/spec/draft-5');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(banner).getAllByRole('link')).toEqual([link]);
    expect(banner).toHaveTextContent('Draft 5 is out: example.com/spec/draft-5. javascript:alert(1)');
  });
});
