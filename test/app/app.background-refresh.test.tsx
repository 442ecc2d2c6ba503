import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/entities/account/token-store';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

afterEach(() => cleanup());

const POST_5 = 'Poll: what is your favourite text editor? Reply below.';
const NOTICE = 'Couldn’t refresh just now — showing what was loaded. Retrying…';
const POST_URL = `${TEST_API_BASE}/v2/post/:id`;

/** Post 5's thread on screen, as ada. */
async function openThread() {
  const app = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });
  await screen.findByText(POST_5, {}, { timeout: 5_000 });
  return app;
}

/** What the app does in the background (an interval, coming back online): refetch what is on screen. */
async function refreshInBackground(queryClient: ReturnType<typeof renderApp>['queryClient']) {
  await act(() => queryClient.refetchQueries({ type: 'active' }));
}

function failPostReads(status: number, reason: string) {
  server.use(http.get(POST_URL, () => HttpResponse.json({ error: true, reason }, { status })));
}

describe('a failed background refresh', () => {
  it('is announced once, politely, while the data stays; Try again that succeeds clears it', async () => {
    const { user, queryClient } = await openThread();
    failPostReads(503, 'Upstream is restarting');

    // The thread and each reply are queries of their own: several fail, one notice.
    await refreshInBackground(queryClient);
    const notice = await screen.findByText(NOTICE);
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.getAllByText(NOTICE)).toHaveLength(1);
    expect(screen.getByText(POST_5)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await refreshInBackground(queryClient);
    expect(screen.getAllByText(NOTICE)).toHaveLength(1);

    server.resetHandlers();
    // Other "Try again" buttons may be on the page (a reply that had not loaded yet): this one is the notice's.
    await user.click(screen.getByRole('button', { name: 'Try again', description: NOTICE }));

    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Try again', description: NOTICE })).not.toBeInTheDocument();
    expect(screen.getByText(POST_5)).toBeInTheDocument();
  });

  it('goes away by itself when a later refresh succeeds', async () => {
    const { queryClient } = await openThread();
    server.use(http.get(POST_URL, () => HttpResponse.error()));
    await refreshInBackground(queryClient);
    await screen.findByText(NOTICE);

    server.resetHandlers();
    await refreshInBackground(queryClient);

    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  });

  it('is not announced for answers that are not outages: a 401 signs out, a 404 is the post gone', async () => {
    const { queryClient } = await openThread();
    failPostReads(404, 'Post not found');
    await refreshInBackground(queryClient);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();

    failPostReads(401, 'Invalid token');
    await refreshInBackground(queryClient);
    await screen.findByRole('form', { name: 'Sign in' });
    expect(tokenStore.getToken()).toBeNull();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});
