import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../src/entities/account/token-store';
import { db, MOCK_TOKENS, server } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import {
  CREATE_URL,
  createdPosts,
  failWith,
  forgetDrafts,
  postButton,
  spyOnCreate,
  storedNewDraft,
  textarea,
} from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
});

const TEXT = 'A draft worth keeping.';
const EXPIRED = 'The server did not accept your token any more. Sign in again to continue.';

describe('composer drafts', () => {
  it('survive a reload: the text, "from" and toggles are back', async () => {
    const first = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await first.user.type(await textarea(), TEXT);
    await first.user.type(screen.getByRole('textbox', { name: 'From (optional)' }), 'train');
    await first.user.click(screen.getByRole('checkbox', { name: 'Sensitive (NSFW)' }));
    cleanup();

    renderApp({ route: '/compose', token: MOCK_TOKENS.ada });

    expect(await textarea()).toHaveValue(TEXT);
    expect(screen.getByRole('textbox', { name: 'From (optional)' })).toHaveValue('train');
    expect(screen.getByRole('checkbox', { name: 'Sensitive (NSFW)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Lock (no replies)' })).not.toBeChecked();
  });

  it('survive a failed create: the reason shows, the text stays, and Retry then posts', async () => {
    let failing = true;
    const spy = spyOnCreate({ respond: () => (failing ? failWith(500, 'Database is on fire')() : undefined) });
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    await user.type(box, TEXT);

    await user.click(postButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem answering.');
    expect(box).toHaveValue(TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(window.location.hash).toBe('#/compose');
    expect(createdPosts(id)).toEqual([]);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
    await screen.findByText(TEXT);
    expect(spy.count).toBe(2);
    expect(createdPosts(id)).toHaveLength(1);
    expect(storedNewDraft()).toBeNull();
  });

  it('survive a 401: sign-in says why, and after signing in again the text is back', async () => {
    let refuse = true;
    server.use(
      http.put(CREATE_URL, () => (refuse ? HttpResponse.json({ error: true, reason: 'Invalid token' }, { status: 401 }) : undefined)),
    );
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);

    await user.click(postButton());

    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByText(EXPIRED)).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/sign-in?next=${encodeURIComponent('/compose')}`);
    expect(tokenStore.getToken()).toBeNull();
    expect(storedNewDraft()?.content).toBe(TEXT);
    expect(createdPosts(id)).toEqual([]);

    refuse = false;
    await user.type(within(form).getByLabelText('API token'), MOCK_TOKENS.ada);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    expect(await textarea()).toHaveValue(TEXT);
    expect(window.location.hash).toBe('#/compose');
    await user.click(postButton());
    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
    expect(db.post(id)?.content).toBe(TEXT);
  });
});
