import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../src/entities/account/token-store';
import { moveClock } from '../../support/clock';
import { CHECK_GRACE_MS } from '../../../src/features/compose/use-send-post';
import { configureApi } from '../../../src/lib/api/client';
import { db, MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { createdPosts, failWith, forgetDrafts, postButton, spyOnCreate, storedNewDraft, textarea } from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
  vi.useRealTimers();
});

const TEXT = 'Did this one make it?';
const TIMEOUT_MS = 300;

/**
 * The composer with a short transport timeout, text typed in, Post pressed. The app's timers run
 * on a clock that moves with real time; once the check says it is checking, the test moves it past
 * the grace pause the check waits before it reads (use-send-post.ts) at once.
 */
async function postWith(spy: ReturnType<typeof spyOnCreate>) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const rendered = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: TIMEOUT_MS });
  // Typing waits a timer per key: the clock moves on for it at once.
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await textarea(), TEXT);
  await user.click(postButton());
  return { ...rendered, user, spy };
}

/** The check is under way ("checking whether it arrived"): its grace pause is over at once. */
async function pastTheGracePause() {
  expect(await screen.findByRole('alert')).toHaveTextContent(/checking whether it arrived/i);
  await act(() => vi.advanceTimersByTimeAsync(CHECK_GRACE_MS));
}

describe('a create whose outcome is unknown is checked, never resent on its own', () => {
  it('after a timeout, finds the post that did land and treats it as sent (one post, no resend)', async () => {
    // The create lands on the server, but only after the client gave up on it.
    const spy = spyOnCreate({ delayMs: (n) => (n === 1 ? TIMEOUT_MS * 2 : 0) });
    const id = db.peekNextId();
    await postWith(spy);

    await pastTheGracePause();
    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`), { timeout: 5_000 });
    await screen.findByText(TEXT);
    expect(spy.count).toBe(1);
    expect(createdPosts(id)).toHaveLength(1);
    expect(storedNewDraft()).toBeNull();
  });

  it('after a 503 that did not land: says so in the app’s words (not the server’s fault text), keeps the text, and "Send again" sends one more', async () => {
    const spy = spyOnCreate({ respond: (n) => (n === 1 ? failWith(503, 'Upstream is restarting')() : undefined) });
    const id = db.peekNextId();
    const { user } = await postWith(spy);

    await pastTheGracePause();
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(/did not arrive/i), { timeout: 5_000 });
    expect(alert).toHaveTextContent('The server did not confirm this post, and it did not arrive.');
    expect(alert).not.toHaveTextContent('Upstream is restarting');
    await moveClock(300);
    expect(spy.count).toBe(1);
    expect(createdPosts(id)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'What do you want to say?' })).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
    expect(spy.count).toBe(2);
    expect(createdPosts(id)).toHaveLength(1);
  });

  it('when the check itself fails: says it may have been posted, offers Check again and Send anyway', async () => {
    const spy = spyOnCreate({ respond: failWith(503, 'Upstream is restarting') });
    let reads = 'down';
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, () => (reads === 'down' ? HttpResponse.error() : undefined)),
    );
    const { user } = await postWith(spy);

    await pastTheGracePause();
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(/may have been posted/i), { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'Send anyway' })).toBeInTheDocument();
    expect(spy.count).toBe(1);

    reads = 'up';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/did not arrive/i), { timeout: 5_000 });
    expect(spy.count).toBe(1);
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });
});
