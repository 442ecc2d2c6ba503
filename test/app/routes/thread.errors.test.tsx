import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { MOCK_TOKENS, TEST_API_BASE, server } from '../../support/mock-backend';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const post = (id: number | string) => `${TEST_API_BASE}/v2/post/${id}`;
// postQueries.detail retries a 5xx twice (0.5 s, then 1 s) before the error shows.
const AFTER_RETRIES = { timeout: 5_000 };

describe('thread errors', () => {
  it('shows a reply deleted on the server as a placeholder, and the other replies', async () => {
    // Post 5 still lists reply 9, but 9 is gone.
    server.use(http.get(post(9), () => HttpResponse.json({ error: true, reason: 'Post 9 not found' }, { status: 404 })));
    renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });

    const list = await screen.findByRole('list', { name: 'Replies to \u2068Ada Lovelace\u2069' });
    await within(list).findByText('This reply was deleted.');
    await within(list).findByText('vim, obviously.');
    expect(screen.queryByRole('alert')).toBeNull();
    // In its place, in id order: after 6's whole sub-thread.
    const items = list.querySelectorAll(':scope > li');
    expect(items[1]).toHaveTextContent('This reply was deleted.');
  });

  it('shows a reply that failed otherwise, in the app’s words (not the server’s fault text), and a retry', async () => {
    let failing = true;
    server.use(
      http.get(post(9), () =>
        failing ? HttpResponse.json({ error: true, reason: 'Injected fault: internal error' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });
    await screen.findByText('Could not load this reply: The server had a problem answering.', {}, AFTER_RETRIES);
    expect(screen.queryByText(/Injected fault|Shard 3/)).toBeNull();
    expect(screen.getByText('vim, obviously.')).toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Whatever has the best undo.');
    expect(screen.queryByText(/Could not load this reply/)).toBeNull();
  });

  it('shows a failing post in the app’s words, and Try again recovers', async () => {
    let failing = true;
    server.use(
      http.get(post(1), () =>
        failing ? HttpResponse.json({ error: true, reason: 'Database is on fire' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });

    const alert = await screen.findByRole('alert', {}, AFTER_RETRIES);
    expect(alert).toHaveTextContent('Could not load this post');
    expect(alert).toHaveTextContent('The server had a problem answering.');
    expect(alert).not.toHaveTextContent('Database is on fire');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Hello, world! First post on the v2 API.');
    await screen.findByText('Welcome aboard!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a loading state while the post is on its way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(post(1), async () => {
        await gate;
        return undefined;
      }),
    );
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await screen.findByText('Loading the post…');
    release();
    await screen.findByText('Hello, world! First post on the v2 API.');
    expect(screen.queryByText('Loading the post…')).toBeNull();
  });
});
