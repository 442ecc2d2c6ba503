import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../src/features/auth/token-store';
import { configureApi } from '../../src/lib/api/client';
import { db, MOCK_TOKENS, TEST_API_BASE } from '../mock-backend';
import { renderApp } from '../render-app';
import { createdPosts, failWith, forgetDrafts, postButton, spyOnCreate, storedNewDraft, textarea } from './compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
});

const TEXT = 'Did this one make it?';
const MAY_HAVE_POSTED = /may have been posted/i;
const TIMEOUT_MS = 300;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The composer with a short transport timeout, text typed in, Post pressed. */
async function postWith(spy: ReturnType<typeof spyOnCreate>) {
  const rendered = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: TIMEOUT_MS });
  await rendered.user.type(await textarea(), TEXT);
  await rendered.user.click(postButton());
  return { ...rendered, spy };
}

describe('a create whose outcome is unknown', () => {
  it('after a timeout: says it may have been posted, does not resend, then offers "Send anyway"', async () => {
    // The first create lands on the server, but only after the client gave up on it.
    const spy = spyOnCreate({ delayMs: (n) => (n === 1 ? TIMEOUT_MS * 2 : 0) });
    const id = db.peekNextId();
    const { user } = await postWith(spy);

    expect(await screen.findByRole('alert')).toHaveTextContent(MAY_HAVE_POSTED);
    await wait(TIMEOUT_MS * 4);
    expect(spy.count).toBe(1);
    expect(createdPosts(id)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'What do you want to say?' })).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(window.location.hash).toBe('#/compose');

    // Sending again is the person's explicit choice, and sends exactly one more.
    await user.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id + 1}`));
    expect(spy.count).toBe(2);
  });

  it('after a 503: says it may have been posted with the reason, and does not resend', async () => {
    const spy = spyOnCreate({ respond: failWith(503, 'Upstream is restarting') });
    const id = db.peekNextId();
    await postWith(spy);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MAY_HAVE_POSTED);
    expect(alert).toHaveTextContent('Upstream is restarting');
    await wait(500);
    expect(spy.count).toBe(1);
    expect(createdPosts(id)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Send anyway' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(storedNewDraft()?.content).toBe(TEXT);
  });
});
