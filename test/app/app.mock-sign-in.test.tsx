import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app';

describe('signing in with the mock backend', () => {
  it('offers the mock users as buttons, and one click signs in', async () => {
    const { user } = renderApp({ route: '/', config: { mocks: true } });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    const ada = await within(form).findByRole('button', { name: 'Sign in as Ada Lovelace (ada)' });
    await user.click(ada);
    await screen.findByRole('button', { name: /^Sign out(?: @\S+)?$/ });
  });

  it('offers nothing of the kind against a real server', async () => {
    renderApp({ route: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('button', { name: /^Sign in as/ })).not.toBeInTheDocument();
  });
});
