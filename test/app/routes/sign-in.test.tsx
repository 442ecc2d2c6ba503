import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../src/entities/account/token-store';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';

afterEach(() => cleanup());

function storedValues(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? '') ?? '');
}

async function signInWith(user: ReturnType<typeof renderApp>['user'], token: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await user.type(within(form).getByLabelText('API token'), token);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  return form;
}

describe('sign-in page', () => {
  it('says plainly when the token is wrong, and keeps nothing', async () => {
    const { user } = renderApp({ route: '/sign-in' });
    await signInWith(user, 'tok-not-a-real-token');

    expect(await screen.findByRole('alert')).toHaveTextContent('The server did not accept this token.');
    expect(screen.getByLabelText('API token')).toHaveAttribute('aria-invalid', 'true');
    expect(tokenStore.getToken()).toBeNull();
    expect(storedValues(sessionStorage)).not.toContain('tok-not-a-real-token');
    expect(storedValues(localStorage).join('\n')).not.toContain('tok-not-a-real-token');
    expect(window.location.hash).toBe('#/sign-in');
  });

  it('asks for a token before sending anything', async () => {
    const { user } = renderApp({ route: '/sign-in' });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste your API token first.');
  });

  it('keeps a right token in sessionStorage only and leads to the feed', async () => {
    const { user } = renderApp({ route: '/sign-in' });
    await signInWith(user, MOCK_TOKENS.ada);

    await screen.findByRole('heading', { level: 1, name: 'Feed' });
    expect(window.location.hash).toBe('#/');
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.ada);
    expect(storedValues(sessionStorage)).toContain(MOCK_TOKENS.ada);
    expect(storedValues(localStorage).join('\n')).not.toContain(MOCK_TOKENS.ada);
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /^Sign out(?: @\S+)?$/ });
  });

  it('goes back to the page it was sent from (?next=), but never off the app', async () => {
    const { user } = renderApp({ route: `/sign-in?next=${encodeURIComponent('/post/5')}` });
    await signInWith(user, MOCK_TOKENS.ada);
    await screen.findByText('Poll: what is your favourite text editor? Reply below.');
    expect(window.location.hash).toBe('#/post/5');
  });

  it('ignores a next that leaves the app', async () => {
    const { user } = renderApp({ route: `/sign-in?next=${encodeURIComponent('//evil.example/x')}` });
    await signInWith(user, MOCK_TOKENS.ada);
    await screen.findByRole('heading', { level: 1, name: 'Feed' });
    expect(window.location.hash).toBe('#/');
  });

  it('links "Apply for an API token" to the configured address', async () => {
    renderApp({ route: '/sign-in', config: { tokenApplicationUrl: 'https://tokens.example.org/apply?src=app' } });
    const link = await screen.findByRole('link', { name: 'Apply for an API token' });
    expect(link).toHaveAttribute('href', 'https://tokens.example.org/apply?src=app');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
  });

  it('offers no application link when none is configured, or when it is not http(s)', async () => {
    renderApp({ route: '/sign-in', config: { tokenApplicationUrl: null } });
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Apply for an API token' })).not.toBeInTheDocument();
    cleanup();

    renderApp({ route: '/sign-in', config: { tokenApplicationUrl: 'javascript:alert(1)' } });
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Apply for an API token' })).not.toBeInTheDocument();
  });
});
