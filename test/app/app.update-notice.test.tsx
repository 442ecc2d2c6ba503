import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appUpdate } from '../../src/features/pwa/update-store';
import { MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

describe('a new version of the app', () => {
  it('is offered in a polite status with a Reload button, and loads only when asked', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await screen.findByRole('button', { name: /^Sign out(?: @\S+)?$/ });
    expect(screen.queryByText('A new version is available.')).toBeNull();

    const apply = vi.fn();
    act(() => appUpdate.set(apply));

    const notice = screen.getByText('A new version is available.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(apply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
