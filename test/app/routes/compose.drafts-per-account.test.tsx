import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../src/entities/account/token-store';
import { composerId, draftKey, saveDraft } from '../../../src/entities/draft/draft-store';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { CREATE_URL, draftsKey, forgetDrafts, postButton, storedDrafts, storedNewDraft, textarea } from '../../support/compose-helpers';
import { handle } from '../../support/handle';
import { idOf } from '../../support/account-data';

const RENAMED = 'ada_renamed';

afterEach(() => {
  cleanup();
  forgetDrafts(RENAMED);
});

const TEXT = 'Ada’s half-written thought about the engine.';
const REPLY = 'Ada’s reply, not sent yet.';

type User = ReturnType<typeof renderApp>['user'];

const header = () => document.querySelector<HTMLElement>('header.app-header')!;
const SLOW = { timeout: 5_000 };
const replyBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' }, SLOW);

async function signInAs(user: User, token: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' }, SLOW);
  await user.type(within(form).getByLabelText('API token'), token);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

/** "New post" in the header, as a person would; resolves the composer's text box once it shows. */
async function openComposer(user: User) {
  await user.click(await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'New post' }, SLOW));
  return textarea();
}

async function signOutExpectingHome(user: User) {
  await user.click(screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
  await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' }, SLOW);
  expect(tokenStore.getToken()).toBeNull();
}

/** Goes to a route in the running app the way a hash link or Back would (no click, so no leave guard). */
async function go(route: string) {
  await act(async () => {
    window.location.hash = `#${route}`;
  });
}

describe('drafts are kept per account', () => {
  it('kept at sign-out: the next person finds an empty composer, and the writer gets the draft back', async () => {
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);

    await user.click(screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out with unsent drafts?' }, SLOW);
    expect(dialog).toHaveAccessibleDescription('You have 1 unsent draft. Keep it on this device for next time, or discard it?');
    // Off by default, and it names what it would take: saved posts are only on this device too.
    expect(
      within(dialog).getByRole('checkbox', { name: "Also remove this account's drafts, saved posts, mutes and settings from this device" }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Keep draft and sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' }, SLOW);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tokenStore.getToken()).toBeNull();
    expect(storedNewDraft('ada')?.content).toBe(TEXT);

    // Bram, on the same device: his composer is empty, and Ada's text shows nowhere.
    await signInAs(user, MOCK_TOKENS.bram);
    await within(header()).findByText(handle('bram_stoker'), {}, SLOW);
    expect(await openComposer(user)).toHaveValue('');
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    // He has no drafts, so signing out asks nothing.
    await signOutExpectingHome(user);
    expect(storedDrafts('bram_stoker')).toBeNull();

    await signInAs(user, MOCK_TOKENS.ada);
    await within(header()).findByText(handle('ada'), {}, SLOW);
    expect(await openComposer(user)).toHaveValue(TEXT);
  });

  it('discarded at sign-out: every draft of the account leaves storage and does not come back', async () => {
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);
    await go('/post/5');
    await user.type(await replyBox(), REPLY);
    expect(Object.keys(storedDrafts('ada') ?? {}).sort()).toEqual(['new', 'reply:5']);

    await user.click(screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out with unsent drafts?' }, SLOW);
    expect(dialog).toHaveAccessibleDescription('You have 2 unsent drafts. Keep them on this device for next time, or discard them?');
    await user.click(within(dialog).getByRole('button', { name: 'Discard drafts and sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' }, SLOW);
    expect(localStorage.getItem(draftsKey('ada'))).toBeNull();

    await signInAs(user, MOCK_TOKENS.ada);
    expect(await openComposer(user)).toHaveValue('');
    await go('/post/5');
    expect(await replyBox()).toHaveValue('');
  });

  it('Cancel stays signed in, on the page, with the text', async () => {
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    await user.type(box, TEXT);
    const signOut = screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ });

    await user.click(signOut);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out with unsent drafts?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signOut).toHaveFocus();
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.ada);
    expect(window.location.hash).toBe('#/compose');
    expect(box).toHaveValue(TEXT);
    expect(storedNewDraft('ada')?.content).toBe(TEXT);
  });

  it('after a 401 mid-compose: another person who signs in sees none of it; the writer, signing in again, does', async () => {
    let refuse = true;
    server.use(
      http.put(CREATE_URL, () => (refuse ? HttpResponse.json({ error: true, reason: 'Invalid token' }, { status: 401 }) : undefined)),
    );
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);
    await user.click(postButton());
    await screen.findByRole('form', { name: 'Sign in' }, SLOW);
    refuse = false;

    // Bram takes the computer: the sign-in leads back to the composer, which is his, and empty.
    await signInAs(user, MOCK_TOKENS.bram);
    await within(header()).findByText(handle('bram_stoker'), {}, SLOW);
    expect(await textarea()).toHaveValue('');
    expect(window.location.hash).toBe('#/compose');
    await signOutExpectingHome(user);

    await signInAs(user, MOCK_TOKENS.ada);
    expect(await openComposer(user)).toHaveValue(TEXT);
  });

  it('a rename takes the drafts along to the new username', async () => {
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);

    await go('/profile/edit');
    const username = await screen.findByRole('textbox', { name: 'Username' }, SLOW);
    await user.clear(username);
    await user.type(username, RENAMED);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(screen.getByRole('form', { name: 'Edit profile' })).findByRole('status', {}, SLOW)).toHaveTextContent('Profile saved.');

    expect(localStorage.getItem(draftsKey('ada'))).toBeNull();
    expect(storedNewDraft(RENAMED)?.content).toBe(TEXT);
    await within(header()).findByText(handle(RENAMED), {}, SLOW);
    expect(await openComposer(user)).toHaveValue(TEXT);
  });

  it('shows no draft until who-am-I says whose: the composer is loading meanwhile', async () => {
    // This tab's composer's own draft (its id is the tab's, kept in sessionStorage).
    saveDraft(idOf('ada'), draftKey('new', composerId('new')), { content: TEXT, from: '', lock: false, nsfw: false });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Who-am-I is the all-null PATCH /v2/profile: held until the test lets it through.
    server.use(http.patch(`${TEST_API_BASE}/v2/profile`, async () => void (await answered)));
    renderApp({ route: '/compose', token: MOCK_TOKENS.ada });

    await screen.findByText('Loading your draft…', {}, SLOW);
    expect(screen.queryByRole('textbox', { name: 'What do you want to say?' })).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();

    answer();
    expect(await textarea()).toHaveValue(TEXT);
    expect(screen.queryByText('Loading your draft…')).not.toBeInTheDocument();
  });

  it('drafts from before they were per account are shown to nobody and deleted', async () => {
    const old = JSON.stringify({ content: 'Whose is this?', from: '', lock: false, nsfw: false, savedAt: 1 });
    localStorage.setItem('social.draft.new', old);
    localStorage.setItem('social.draft.reply:5', old);

    renderApp({ route: '/compose', token: MOCK_TOKENS.ada });

    expect(await textarea()).toHaveValue('');
    expect(localStorage.getItem('social.draft.new')).toBeNull();
    expect(localStorage.getItem('social.draft.reply:5')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Whose is this?')).not.toBeInTheDocument());
  });
});
