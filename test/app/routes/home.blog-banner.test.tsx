import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { STORAGE_KEYS } from '../../../src/lib/storage-keys';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BLOG_URL = `${TEST_API_BASE}/v2/blog/latest`;
const findBanner = () => screen.findByRole('complementary', { name: 'Latest from the blog' });
const queryBanner = () => screen.queryByRole('complementary', { name: 'Latest from the blog' });

/** The signed-out status line reads the same blog request: once it has settled, so has the banner. */
async function blogSettled() {
  await screen.findByText(/^API (online|unreachable)$/);
}

function blogAnswer(blog: Record<string, unknown>, user: Record<string, unknown> | null) {
  return http.get(BLOG_URL, () => HttpResponse.json({ error: false, blog, user }));
}

describe('blog banner', () => {
  it('shows content (line breaks kept), tag, author and date', async () => {
    renderApp({ route: '/' });
    const banner = await findBanner();
    const blog = db.blog();
    expect(banner.querySelector('.blog-content')?.textContent).toBe(blog.content);
    expect(within(banner).getByText('release')).toBeInTheDocument();
    expect(within(banner).getByText(db.user(MOCK_USER_IDS.ada)!.displayname)).toBeInTheDocument();
    expect(banner.querySelector('time')).toHaveAttribute('dateTime', new Date(blog.date * 1000).toISOString());
    const image = banner.querySelector(`img[src="${blog.image}"]`);
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('stays dismissed for the session, until a newer entry appears', async () => {
    const first = renderApp({ route: '/' });
    const banner = await findBanner();
    await first.user.click(within(banner).getByRole('button', { name: 'Dismiss the blog banner' }));
    expect(queryBanner()).not.toBeInTheDocument();
    // Under the key index.html's loader reads: it then shows no prerendered home with the banner's place held.
    expect(sessionStorage.getItem(STORAGE_KEYS.blogDismissed)).not.toBeNull();
    first.unmount();

    renderApp({ route: '/' });
    await blogSettled();
    expect(queryBanner()).not.toBeInTheDocument();
    cleanup();

    server.use(blogAnswer({ content: 'A newer entry.', image: '', tag: 'news', date: db.blog().date + 3600 }, null));
    renderApp({ route: '/' });
    expect(within(await findBanner()).getByText('A newer entry.')).toBeInTheDocument();
  });

  it('is quietly absent when the blog request fails', async () => {
    server.use(http.get(BLOG_URL, () => HttpResponse.json({ error: true, reason: 'blog is down' }, { status: 500 })));
    renderApp({ route: '/' });
    await blogSettled();
    expect(queryBanner()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('blog is down')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Social' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows hostile content as text', async () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(1)</script><b>bold</b>';
    server.use(
      blogAnswer(
        { content: hostile, image: 'https://images.example.com/ok.png', tag: '<i>tag</i>', date: db.blog().date },
        { uuid: 'u-1', username: 'x', displayname: '<a href="javascript:alert(1)">me</a>', pfp: '' },
      ),
    );
    renderApp({ route: '/' });
    const banner = await findBanner();
    expect(within(banner).getByText(hostile)).toBeInTheDocument();
    expect(within(banner).getByText('<i>tag</i>')).toBeInTheDocument();
    expect(within(banner).getByText('<a href="javascript:alert(1)">me</a>')).toBeInTheDocument();
    expect(banner.querySelectorAll('script, b, i, a, img:not([src="https://images.example.com/ok.png"])')).toHaveLength(0);
  });

  it('renders no image for a javascript: or data: URL', async () => {
    server.use(
      blogAnswer(
        { content: 'Images?', image: 'javascript:alert(1)', tag: '', date: db.blog().date },
        { uuid: 'u-1', username: 'x', displayname: 'X', pfp: 'data:image/png;base64,AAAA' },
      ),
    );
    renderApp({ route: '/' });
    const banner = await findBanner();
    expect(within(banner).getByText('Images?')).toBeInTheDocument();
    expect(banner.querySelectorAll('img')).toHaveLength(0);
  });

  describe('folded to one line', () => {
    /** jsdom lays nothing out: a ResizeObserver that reports at once, and the content's heights. */
    function layOut({ scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private readonly report: () => void) {}
          observe() {
            this.report();
          }
          disconnect() {}
        },
      );
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
    }

    it('offers "Read more" when the entry has more than its line, and unfolds and folds it in place', async () => {
      layOut({ scrollHeight: 120, clientHeight: 24 });
      const { user } = renderApp({ route: '/' });
      const banner = await findBanner();
      const more = await within(banner).findByRole('button', { name: 'Read more' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(more).toHaveAttribute('aria-controls', banner.querySelector('.blog-content')!.id);
      expect(banner).not.toHaveAttribute('data-open');

      await user.click(more);
      const less = within(banner).getByRole('button', { name: 'Show less' });
      expect(less).toHaveAttribute('aria-expanded', 'true');
      expect(banner).toHaveAttribute('data-open');

      await user.click(less);
      expect(within(banner).getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false');
      expect(banner).not.toHaveAttribute('data-open');
    });

    it('measures again when a refresh brings a longer entry into the same line', async () => {
      // A line holds 40 characters here; the box's own size does not change with its text.
      const observers = new Set<() => void>();
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private readonly report: () => void) {}
          observe() {
            observers.add(this.report);
            this.report();
          }
          disconnect() {
            observers.delete(this.report);
          }
        },
      );
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(24);
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return 24 * Math.max(1, Math.ceil((this.textContent ?? '').length / 40));
      });
      const date = db.blog().date + 3600;
      server.use(blogAnswer({ content: 'Short.', image: '', tag: 'news', date }, null));
      const { queryClient } = renderApp({ route: '/' });
      const banner = await findBanner();
      expect(within(banner).queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();

      server.use(blogAnswer({ content: 'A longer entry that the refresh brings, well past one line of the banner.', image: '', tag: 'news', date }, null));
      await queryClient.refetchQueries();
      await within(banner).findByRole('button', { name: 'Read more' });
    });

    it('offers nothing to unfold when the entry fits its line', async () => {
      layOut({ scrollHeight: 24, clientHeight: 24 });
      renderApp({ route: '/' });
      const banner = await findBanner();
      expect(within(banner).queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    });
  });
});
