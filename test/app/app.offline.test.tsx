import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA_ROOT, findCard, lockBadge, spyOnUpdate } from '../support/actions-helpers';
import { createdPosts, forgetDrafts, spyOnCreate, storedNewDraft, textarea } from '../support/compose-helpers';
import { db, MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';
import { showFeed } from '../support/feed-helpers';
import { renderApp } from '../support/render-app';
import { simulateNetwork } from '../support/network';

const OFFLINE_NOTICE = "You're offline. Showing what was already loaded; posting is paused.";
const REFRESH_FAILED = /Couldn’t refresh just now/;
const TEXT = 'Written on a train with no signal.';
/** The machine running the suite may be busy: the first render can take more than a second. */
const SLOW = { timeout: 5_000 };

afterEach(() => {
  forgetDrafts();
  vi.useRealTimers();
});

describe('offline', () => {
  it('says so at the top of the page, and stops saying it when the network is back', async () => {
    const network = simulateNetwork();
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findAllByRole('article', {}, SLOW);
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();

    network.goOffline();
    expect(screen.getByText(OFFLINE_NOTICE).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('API unreachable')).toBeInTheDocument();

    network.goOnline();
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();
  });

  it('keeps a post read before readable when it is opened again', async () => {
    const network = simulateNetwork();
    const { user, queryClient } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    const content = db.post(ADA_ROOT)!.content;
    expect(within(card).getByText(content)).toBeInTheDocument();

    network.goOffline();
    // Everything due for a refresh: offline, the refresh waits instead of failing over the posts.
    await act(() => queryClient.invalidateQueries());
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, SLOW);
    window.history.back();

    await screen.findByText(content, {}, SLOW);
    expect(screen.getByText(OFFLINE_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a post with a clear message, sends nothing and keeps the draft; it goes once back online', async () => {
    const network = simulateNetwork();
    const spy = spyOnCreate();
    const firstNewId = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    await user.type(box, TEXT);

    network.goOffline();
    network.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent("You're offline — your post was not sent; the draft is kept.");
    expect(box).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(spy.count).toBe(0);
    expect(createdPosts(firstNewId)).toEqual([]);
    // The browser's own word is certain: not even a probe goes out.
    expect(network.requests).toEqual([]);

    network.goOnline();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(createdPosts(firstNewId)).toHaveLength(1));
    expect(createdPosts(firstNewId)[0]?.content).toBe(TEXT);
    expect(spy.count).toBe(1);
    await waitFor(() => expect(storedNewDraft()).toBeNull());
  });

  it('refuses other writes too, and undoes the optimistic change', async () => {
    const network = simulateNetwork();
    const patches = spyOnUpdate();
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    await within(card).findByRole('button', { name: 'Lock' });

    network.goOffline();
    await user.click(within(card).getByRole('button', { name: 'Lock' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent("You're offline. Nothing was sent");
    expect(within(card).getByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(lockBadge(card)).toBeNull();
    expect(patches).toEqual([]);
    expect(db.post(ADA_ROOT)?.lock).toBe(false);
  });
});

/**
 * The other offline: navigator.onLine reads true and no event fires, but every request fails (a
 * reload with the network gone, Wi-Fi without internet, a captive portal). Only the failures tell.
 */
describe('offline when requests get no answer', () => {
  const MINUTE = 60_000;

  /** Time still flows (the mock answers, Testing Library polls); the test jumps it a second at a time. */
  async function pass(ms: number) {
    for (let done = 0; done < ms; done += 1000) await act(() => vi.advanceTimersByTimeAsync(1000));
  }

  /** Signed in at `route`, the status ping answered once: the app's idle checks are under way. */
  async function settled(route: string) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const network = simulateNetwork();
    const rendered = renderApp({ route, token: MOCK_TOKENS.ada });
    await screen.findByText('API online', {}, SLOW);
    return { network, ...rendered };
  }

  /** The network goes, silently; the next idle check (the status ping's turn) finds out. */
  async function loseNetwork(network: ReturnType<typeof simulateNetwork>) {
    network.loseNetwork();
    // The ping's next turn: within the minute, or the one after when another request was answered
    // since its last turn (it was not needed then: features/status/api/queries.ts).
    for (let waited = 0; waited <= 2 * MINUTE && !screen.queryByText(OFFLINE_NOTICE); waited += 15_000) await pass(15_000);
    await screen.findByText(OFFLINE_NOTICE, {}, SLOW);
    expect(navigator.onLine).toBe(true);
    // A request of the same round may still be on its way out (it was let through before the failure).
    await pass(5_000);
    network.requests.length = 0;
  }

  it('says so, pauses the checks, probes once a minute, and is back at the first answer', { timeout: 30_000 }, async () => {
    const { network } = await settled('/');
    await screen.findAllByRole('article', {}, SLOW);
    await loseNetwork(network);
    expect(screen.getByText(OFFLINE_NOTICE).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('API unreachable')).toBeInTheDocument();
    // What is on screen stays, with no second notice about refreshing (the offline one says it).
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(screen.queryByText(REFRESH_FAILED)).toBeNull();

    // Offline, only the probe goes out: the status ping, once a minute.
    await pass(2 * MINUTE);
    expect(network.requests).toEqual(['GET /v2/ping', 'GET /v2/ping']);

    network.restoreNetwork();
    network.requests.length = 0;
    await pass(MINUTE);
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull());
    expect(screen.getByText('API online')).toBeInTheDocument();
    expect(network.requests[0]).toBe('GET /v2/ping');
  });

  it('a status ping that gets no answer shows the offline notice alone, not the "could not refresh" one', { timeout: 30_000 }, async () => {
    const { network, queryClient } = await settled('/');
    // Before the network goes, the first visit's check above its first post is done (showFeed takes
    // the offer it ends with). Cut off midway, a failed read ends the check while the reads still
    // queued go on, past the test's end, in the slots every scan shares.
    await showFeed();
    network.loseNetwork();
    await act(() => queryClient.refetchQueries({ queryKey: ['ping'] }));
    await screen.findByText(OFFLINE_NOTICE, {}, SLOW);
    expect(screen.getByText('API unreachable')).toBeInTheDocument();
    await pass(20_000);
    expect(screen.queryByText(REFRESH_FAILED)).toBeNull();
  });

  it('sends nothing from a hidden tab while offline, and probes at once when it is shown again', { timeout: 30_000 }, async () => {
    const { network } = await settled('/');
    await loseNetwork(network);
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    };
    try {
      setVisibility('hidden');
      await pass(3 * MINUTE);
      expect(network.requests).toEqual([]);

      // Back to the tab (the portal let it through meanwhile): no minute's wait.
      network.restoreNetwork();
      setVisibility('visible');
      await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull());
      expect(network.requests[0]).toBe('GET /v2/ping');
    } finally {
      setVisibility('visible');
    }
  });

  it('still no network: Post sends one probe, then is refused unsent with the offline message, the draft kept; it goes once the network answers', { timeout: 30_000 }, async () => {
    const { network, user } = await settled('/compose');
    const spy = spyOnCreate();
    const firstNewId = db.peekNextId();
    const box = await textarea();
    await user.type(box, TEXT);
    await loseNetwork(network);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent("You're offline — your post was not sent; the draft is kept.");
    expect(box).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(spy.count).toBe(0);
    // Post asked first whether the network was back: one probe, unanswered, and nothing else.
    expect(network.requests).toEqual(['GET /v2/ping']);
    expect(screen.getByText(OFFLINE_NOTICE)).toBeInTheDocument();

    network.restoreNetwork();
    await pass(MINUTE);
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(createdPosts(firstNewId)).toHaveLength(1));
    expect(createdPosts(firstNewId)[0]?.content).toBe(TEXT);
    expect(spy.count).toBe(1);
    await waitFor(() => expect(storedNewDraft()).toBeNull());
  });

  it("the network back, Post goes at once (no wait for the minute's probe) and the notice goes", { timeout: 30_000 }, async () => {
    const { network, user } = await settled('/compose');
    const spy = spyOnCreate();
    const firstNewId = db.peekNextId();
    const box = await textarea();
    await user.type(box, TEXT);
    await loseNetwork(network);

    // Back, silently: no event, and the next probe is most of a minute away. Time no longer jumps.
    network.restoreNetwork();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(createdPosts(firstNewId)).toHaveLength(1));
    expect(createdPosts(firstNewId)[0]?.content).toBe(TEXT);
    expect(spy.count).toBe(1);
    // The probe first; once it is answered, the post (and the checks that were paused resume).
    expect(network.requests[0]).toBe('GET /v2/ping');
    expect(network.requests.filter((line) => line.startsWith('PUT'))).toEqual(['PUT /v2/post']);
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull());
    expect(screen.queryByText("You're offline — your post was not sent; the draft is kept.")).toBeNull();
    await waitFor(() => expect(storedNewDraft()).toBeNull());
  });

  it('is not offline when the server answers with errors (a 500 is an answer): posting is not paused', { timeout: 30_000 }, async () => {
    const { user } = await settled('/compose');
    const box = await textarea();
    await user.type(box, TEXT);
    server.use(http.all(`${TEST_API_BASE}/*`, () => HttpResponse.json({ error: true, reason: 'Down for maintenance' }, { status: 500 })));
    // The ping's next turn may be skipped (who-am-I was answered since its last one); the one after goes.
    await pass(2 * MINUTE);
    await screen.findByText('API unreachable', {}, SLOW);
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The server had a problem answering.');
    expect(screen.queryByText(OFFLINE_NOTICE)).toBeNull();
    expect(box).toHaveValue(TEXT);
  });
});
