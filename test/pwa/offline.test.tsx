import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA_ROOT, findCard, lockBadge, spyOnUpdate } from '../support/actions-helpers';
import { createdPosts, forgetDrafts, spyOnCreate, storedNewDraft, textarea } from '../support/compose-helpers';
import { db, MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { simulateNetwork } from './network';

const OFFLINE_NOTICE = "You're offline. Showing what was already loaded; posting is paused.";
const TEXT = 'Written on a train with no signal.';
/** The machine running the suite may be busy: the first render can take more than a second. */
const SLOW = { timeout: 5_000 };

afterEach(() => forgetDrafts());

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

    expect(await screen.findByText(content, {}, SLOW)).toBeInTheDocument();
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
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent("You're offline — your post was not sent; the draft is kept.");
    expect(box).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(spy.count).toBe(0);
    expect(createdPosts(firstNewId)).toEqual([]);

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
