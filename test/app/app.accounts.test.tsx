/**
 * Several accounts in one tab, through the header's account menu: Add account, switching with no
 * token, each account's own cache, a 401 signing out only the account whose token it carried,
 * signing out one and all.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { isPersistedQuery } from '../../src/app/persisted-queries';
import { meQueries } from '../../src/entities/account/queries';
import { tokenStore } from '../../src/entities/account/token-store';
import { postQueries } from '../../src/entities/post/queries';
import type { Post } from '../../src/lib/api/schemas';
import { persistKey } from '../../src/lib/query-persistence';
import { persistQueryCache, type QueryPersistence } from '../../src/lib/query-persistence-writer';
import { db, MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { CREATE_URL, forgetDrafts, postButton, textarea } from '../support/compose-helpers';
import { handle } from '../support/handle';

let writers: QueryPersistence[] = [];
afterEach(() => {
  for (const writer of writers) writer.stop();
  writers = [];
  cleanup();
});

const header = () => document.querySelector<HTMLElement>('header.app-header')!;

async function openAccounts(user: ReturnType<typeof renderApp>['user']) {
  const button = within(header()).getByRole('button', { name: 'Accounts' });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
  return within(header()).findByRole('group', { name: 'Signed-in accounts' });
}

async function addBram(user: ReturnType<typeof renderApp>['user']) {
  const menu = await openAccounts(user);
  await user.click(within(menu).getByRole('button', { name: 'Add account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add account' });
  await user.type(within(dialog).getByLabelText('API token'), MOCK_TOKENS.bram);
  await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
  await within(header()).findByText(handle('bram_stoker'));
}

/** Signed in as Ada, then Bram added through the menu's dialog. */
async function adaThenBram() {
  const app = renderApp({ route: '/', token: MOCK_TOKENS.ada });
  await within(header()).findByText(handle('ada'));
  await addBram(app.user);
  return app;
}

describe('several accounts in one tab', () => {
  it('adds an account from the menu: it is in use, the one before stays signed in, and switching needs no token', async () => {
    const { user } = await adaThenBram();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('Now using \u2068@bram_stoker\u2069');
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.bram);

    let menu = await openAccounts(user);
    expect(within(menu).getByText('In use: \u2068Bram\u2069 (@\u2068bram_stoker\u2069)').closest('li')).toHaveAttribute('aria-current', 'true');
    await user.click(within(menu).getByRole('button', { name: 'Switch to \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)' }));
    await within(header()).findByText(handle('ada'));
    expect(within(header()).queryByText(handle('bram_stoker'))).not.toBeInTheDocument();
    expect(screen.getByText('Now using \u2068@ada\u2069').closest('[role="status"]')).not.toBeNull();
    // The menu closed; the feed's heading has focus, for the page started afresh.
    expect(within(header()).queryByRole('group', { name: 'Signed-in accounts' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Feed'));

    menu = await openAccounts(user);
    expect(within(menu).getByRole('button', { name: 'Switch to \u2068Bram\u2069 (@\u2068bram_stoker\u2069)' })).toBeInTheDocument();
    // Escape closes the menu, focus back on its button.
    await user.keyboard('{Escape}');
    expect(within(header()).queryByRole('group', { name: 'Signed-in accounts' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Accounts' })).toHaveFocus();
  });

  it('refuses a wrong token with the usual message, the account in use staying', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await within(header()).findByText(handle('ada'));
    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByLabelText('API token'), 'tok-nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server did not accept this token');
    // Focus back in the token field, which names its error: not dropped to the page with the busy button.
    const field = within(dialog).getByLabelText('API token');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/The server did not accept this token/);
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.ada);
    expect(tokenStore.get().accounts).toHaveLength(1);
  });

  it('adding an account already signed in just switches to it', async () => {
    const { user } = await adaThenBram();
    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByLabelText('API token'), MOCK_TOKENS.ada);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await within(header()).findByText(handle('ada'));
    expect(tokenStore.get().accounts.map((a) => a.token)).toEqual([MOCK_TOKENS.ada, MOCK_TOKENS.bram]);
  });

  it('adding an account again with a new token (a rotated one) uses the new token and forgets the old', async () => {
    const { user } = await adaThenBram();
    // Ada replaced a leaked token: the server now knows her by the new one only.
    const rotated = 'tok-ada-rotated';
    const state = db.snapshot();
    db.restore({ ...state, users: state.users.map((u) => (u.token === MOCK_TOKENS.ada ? { ...u, token: rotated } : u)) });
    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByLabelText('API token'), rotated);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await within(header()).findByRole('button', { name: 'Sign out @ada' });
    expect(tokenStore.getToken()).toBe(rotated);
    expect(tokenStore.get().accounts.map((a) => a.token).sort()).toEqual([MOCK_TOKENS.bram, rotated].sort());
    expect(JSON.stringify(sessionStorage)).not.toContain(MOCK_TOKENS.ada);
    // Still one Ada in the menu, named and in use, with Bram to switch to.
    const menu = await openAccounts(user);
    expect(within(menu).getByText('In use: \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Switch to \u2068Bram\u2069 (@\u2068bram_stoker\u2069)' })).toBeInTheDocument();
    expect(within(menu).getAllByRole('listitem')).toHaveLength(2);
  });

  it("keeps each account's cache its own: nothing of one is there while the other is in use, and switching back paints its own", async () => {
    const { user, queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    writers.push(persistQueryCache(queryClient, { getOwner: tokenStore.getToken, shouldPersist: isPersistedQuery }));
    await within(header()).findByText(handle('ada'));
    await screen.findByRole('feed');
    // A post only Ada's session has seen (a marker in her cache).
    const marker = postQueries.detail('424242').queryKey;
    const adaOnly = { ...db.post(1)!, id: '424242', content: 'Only in Ada’s cache' } as unknown as Post;
    act(() => queryClient.setQueryData(marker, adaOnly));

    tokenStore.signIn(MOCK_TOKENS.bram);
    act(() => tokenStore.signIn(MOCK_TOKENS.ada));
    await within(header()).findByText(handle('ada'));
    await user.click(within(await openAccounts(user)).getByRole('button', { name: /^Switch to / }));
    await within(header()).findByText(handle('bram_stoker'));
    expect(queryClient.getQueryData(marker)).toBeUndefined();
    expect(queryClient.getQueryData(meQueries.profile().queryKey)).toMatchObject({ username: 'bram_stoker' });
    expect(sessionStorage.getItem(persistKey(MOCK_TOKENS.ada))).toContain('Only in Ada’s cache');

    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Switch to \u2068Ada Lovelace\u2069 (@\u2068ada\u2069)' }));
    // Put back from her persisted cache at once, before any request.
    expect(queryClient.getQueryData(marker)).toMatchObject({ content: 'Only in Ada’s cache' });
    await within(header()).findByText(handle('ada'));
  });

  it('a 401 for a post Ada sent, answered after switching to Bram, signs out Ada, not Bram, and says so', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(CREATE_URL, async ({ request }) => {
        if (request.headers.get('Authorization') !== `Bearer ${MOCK_TOKENS.ada}`) return undefined;
        await gate;
        return HttpResponse.json({ error: true, reason: 'Invalid token' }, { status: 401 });
      }),
    );
    tokenStore.signIn(MOCK_TOKENS.bram);
    tokenStore.note({ username: 'bram_stoker', name: 'Bram' });
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await within(header()).findByText(handle('ada'));
    await user.type(await textarea(), 'Sent by Ada');
    await user.click(postButton());

    // While Ada's post is on its way, Bram takes over the tab.
    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Switch to \u2068Bram\u2069 (@\u2068bram_stoker\u2069)' }));
    await within(header()).findByText(handle('bram_stoker'));
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.bram);

    await act(async () => release());
    await screen.findByText('@\u2068ada\u2069 was signed out: the server no longer accepts its token.');
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.bram);
    expect(tokenStore.get().accounts.map((a) => a.token)).toEqual([MOCK_TOKENS.bram]);
    expect(within(header()).getByText(handle('bram_stoker'))).toBeInTheDocument();
    forgetDrafts('bram_stoker');
  });

  it('a 401 for the account in use hands the tab to the next account', async () => {
    tokenStore.signIn(MOCK_TOKENS.bram);
    tokenStore.signIn(MOCK_TOKENS.ada);
    tokenStore.note({ username: 'ada', name: 'Ada Lovelace' });
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, ({ request }) =>
        request.headers.get('Authorization') === `Bearer ${MOCK_TOKENS.ada}` ? HttpResponse.json({ error: true }, { status: 401 }) : undefined,
      ),
    );
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await screen.findByText('@\u2068ada\u2069 was signed out: the server no longer accepts its token.');
    await within(header()).findByText(handle('bram_stoker'));
    await screen.findByText(db.post(1)!.content);
  });

  it('Sign out names the account it signs out, and says on the page who took over', async () => {
    const { user } = await adaThenBram();
    const button = await within(header()).findByRole('button', { name: 'Sign out @bram_stoker' });
    expect(button).toHaveTextContent('Sign out @bram_stoker');
    await user.click(button);
    expect(await screen.findByText('Signed out @bram_stoker. Now using @ada.')).toBeVisible();
    await within(header()).findByRole('button', { name: 'Sign out @ada' });
  });

  it('signs out the account in use (the other takes over), then all accounts', async () => {
    const { user } = await adaThenBram();
    await user.click(within(header()).getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
    await within(header()).findByText(handle('ada'));
    expect(tokenStore.get().accounts.map((a) => a.token)).toEqual([MOCK_TOKENS.ada]);
    await screen.findByRole('feed');

    await addBram(user);
    await user.click(within(await openAccounts(user)).getByRole('button', { name: 'Sign out of all accounts' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    expect(tokenStore.get().accounts).toEqual([]);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('social.query-cache'))).toEqual([]);
  });
});
