import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFor, storedFor } from '../../support/account-data';
import { renderApp } from '../../support/render-app';
import { MOCK_TOKENS } from '../../support/mock-backend';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

const NSFW_TEXT = 'Graphic description of a horror film scene. Reveal at your own risk.';

function go(route: string) {
  act(() => {
    window.location.hash = `#${route}`;
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

describe('settings page', () => {
  it('is open without signing in, with one h1 and the shortcuts listed', async () => {
    renderApp({ route: '/settings' });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Settings · Social'));
    const shortcuts = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    for (const action of ['Next post', 'Previous post', 'Open the selected post', 'New post', 'Show this help']) {
      expect(within(shortcuts).getByText(action)).toBeInTheDocument();
    }
    for (const key of ['j', 'k', 'o', 'Enter', 'n']) expect(within(shortcuts).getByText(key, { selector: 'kbd' })).toBeInTheDocument();
    expect(screen.getByText(/follows your system’s light or dark setting/)).toBeInTheDocument();
  });

  it('links to editing the profile; signed out, through sign-in', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const section = await screen.findByRole('region', { name: 'Profile' });
    await user.click(within(section).getByRole('link', { name: 'Edit profile' }));
    await screen.findByRole('form', { name: 'Edit profile' });
    cleanup();

    const signedOut = renderApp({ route: '/settings' });
    await signedOut.user.click(within(await screen.findByRole('region', { name: 'Profile' })).getByRole('link', { name: 'Edit profile' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(window.location.hash).toBe(`#/sign-in?next=${encodeURIComponent('/profile/edit')}`);
  });

  /** The sensitive-content checkbox once the signed-in account is known (it is disabled before). */
  async function sensitiveBox() {
    const box = await screen.findByRole('checkbox', { name: 'Always show sensitive content' });
    await waitFor(() => expect(box).toBeEnabled());
    return box;
  }

  it('keeps "always show sensitive content" in localStorage for the account, and post cards follow it', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const box = await sensitiveBox();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/hidden until you choose to show each one/);

    await user.click(box);
    expect(box).toBeChecked();
    expect(storedFor('ada', 'prefs')).toEqual({ alwaysShowSensitive: true });

    go('/post/15');
    await screen.findByText(NSFW_TEXT);
    expect(screen.queryByRole('button', { name: 'Show post' })).toBeNull();

    // Turned off again: the same card hides its content at once.
    go('/settings');
    await user.click(await sensitiveBox());
    expect(storedFor('ada', 'prefs')).toEqual({ alwaysShowSensitive: false });
    go('/post/15');
    // The post and its (also sensitive) reply, which may render a moment after the post.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Show post' })).toHaveLength(2));
    expect(screen.queryByText(NSFW_TEXT)).toBeNull();
  });

  it('follows the account through a rename, as its drafts do', async () => {
    localStorage.setItem(keyFor('ada', 'prefs'), JSON.stringify({ alwaysShowSensitive: true }));
    // Left on this device by an earlier account of the new name: not the renamed person's choice.
    localStorage.setItem(keyFor('ada_renamed', 'prefs'), JSON.stringify({ alwaysShowSensitive: false }));
    const { user } = renderApp({ route: '/profile/edit', token: MOCK_TOKENS.ada });
    const username = await screen.findByRole('textbox', { name: 'Username' }, { timeout: 5_000 });
    await user.clear(username);
    await user.type(username, 'ada_renamed');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(screen.getByRole('form', { name: 'Edit profile' })).findByRole('status', {}, { timeout: 5_000 })).toHaveTextContent('Profile saved.');

    expect(storedFor('ada', 'prefs')).toBeNull();
    expect(storedFor('ada_renamed', 'prefs')).toEqual({ alwaysShowSensitive: true });
    go('/settings');
    await waitFor(async () => expect(await sensitiveBox()).toBeChecked());
  });

  it('reads the stored choice of the account signed in on a fresh start', async () => {
    localStorage.setItem(keyFor('ada', 'prefs'), JSON.stringify({ alwaysShowSensitive: true }));
    renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    expect(await sensitiveBox()).toBeChecked();
  });

  it('is one account\'s choice: another account on the same browser keeps its own, and signed out it is off', async () => {
    localStorage.setItem(keyFor('ada', 'prefs'), JSON.stringify({ alwaysShowSensitive: true }));
    // What applied to every account before choices were per account is not read.
    localStorage.setItem('social.always-show-sensitive', 'true');
    // Chen reads bram's sensitive post 15 (bram himself would see his own).
    renderApp({ route: '/post/15', token: MOCK_TOKENS.chen });
    expect(await screen.findAllByRole('button', { name: 'Show post' })).not.toHaveLength(0);
    expect(screen.queryByText(NSFW_TEXT)).toBeNull();
    go('/settings');
    expect(await sensitiveBox()).not.toBeChecked();
    cleanup();

    renderApp({ route: '/settings' });
    const box = await screen.findByRole('checkbox', { name: 'Always show sensitive content' });
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Sign in to choose: each account keeps its own choice.');
  });

  it("removes the account's data from this device in two steps (Cancel keeps it), and signs it out", async () => {
    // Every kind the section names: settings, mutes and muted words, drafts, saved posts, where you left off, replies seen.
    const adas = (['prefs', 'mutes', 'drafts', 'saved', 'lastSeen', 'replies'] as const).map((kind) => keyFor('ada', kind));
    localStorage.setItem(adas[0]!, JSON.stringify({ alwaysShowSensitive: true }));
    localStorage.setItem(adas[1]!, JSON.stringify({ accounts: [], words: ['engine'] }));
    localStorage.setItem(adas[2]!, JSON.stringify({ new: { text: 'unsent words', updatedAt: 1 } }));
    localStorage.setItem(adas[3]!, JSON.stringify(['31']));
    localStorage.setItem(adas[4]!, '70');
    localStorage.setItem(adas[5]!, JSON.stringify({ v: 1, own: ['5'], replies: [{ id: '9', parent: '5', seen: true }], since: 70, baseline: false }));
    const brams = keyFor('bram_stoker', 'prefs');
    localStorage.setItem(brams, JSON.stringify({ alwaysShowSensitive: true }));
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });

    const section = await screen.findByRole('region', { name: "Remove this account's data from this device" });
    expect(section).toHaveTextContent('@ada');
    // It names what goes: saved posts are only on this device too, and removing takes them.
    expect(section).toHaveTextContent(/saved posts/);
    await user.click(within(section).getByRole('button', { name: "Remove this account's data from this device" }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(adas.map((key) => localStorage.getItem(key))).not.toContain(null);

    await user.click(within(section).getByRole('button', { name: "Remove this account's data from this device" }));
    const remove = within(section).getByRole('button', { name: "Sign out and remove this account's data" });
    expect(remove).toHaveFocus();
    await user.click(remove);
    await screen.findByLabelText('API token');
    expect(adas.map((key) => localStorage.getItem(key))).toEqual(adas.map(() => null));
    expect(localStorage.getItem('social.device-accounts') ?? '').not.toContain('"ada"');
    // Another account's data on this device stays.
    expect(storedFor('bram_stoker', 'prefs')).toEqual({ alwaysShowSensitive: true });
    expect(sessionStorage.getItem('social.api-token')).toBeNull();
  });
});

describe('shortcut help', () => {
  it('opens on "?", traps focus, and Escape closes it and returns focus', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const box = await screen.findByRole('checkbox', { name: 'Always show sensitive content' });
    await waitFor(() => expect(box).toBeEnabled());
    box.focus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Next post')).toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    // "?" was not typed into anything, and the checkbox did not change.
    expect(box).not.toBeChecked();

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box).toHaveFocus();
  });

  it('closes with its Close button and returns focus too', async () => {
    const { user } = renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const box = await screen.findByRole('checkbox', { name: 'Always show sensitive content' });
    await waitFor(() => expect(box).toBeEnabled());
    box.focus();
    await user.keyboard('?');
    // The help's code loads on first use: found once it has come (the test before may have loaded it).
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box).toHaveFocus();
  });

  it('leaves "?" alone while typing in a text field', async () => {
    const { user } = renderApp({ route: '/sign-in' });
    const field = await screen.findByLabelText(/token/i);
    await user.click(field);
    await user.keyboard('?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field).toHaveValue('?');
  });
});
