import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { db, MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { createdPosts, forgetDrafts, postButton, spyOnCreate, storedNewDraft, textarea } from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
  vi.useRealTimers();
});

const TEXT = 'Half a thought.';
const settingsLink = () => screen.getByRole('link', { name: 'Settings' });

async function composeWithText() {
  const app = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
  await app.user.type(await textarea(), TEXT);
  return app;
}

describe('leaving the composer', () => {
  it('with unsent text leaves without asking: the draft stays saved, and is there on coming back', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = await composeWithText();

    await user.click(settingsLink());

    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    expect(confirm).not.toHaveBeenCalled();
    expect(storedNewDraft()?.content).toBe(TEXT);
    await user.click(screen.getByRole('link', { name: 'New post' }));
    expect(await textarea()).toHaveValue(TEXT);
  });

  it('a reload or closing the tab asks only when this device cannot keep the draft', async () => {
    await composeWithText();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Kept in storage: nothing is lost, nothing asked.
    expect(leave()).toBe(false);
    // Storage refuses writes (private mode, full): the text would be lost, so the browser asks.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(leave()).toBe(true);
  });

  it('with nothing typed does not ask', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await textarea();

    await user.click(settingsLink());

    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('while sending: a post that lands after leaving still clears its draft', async () => {
    useTestClock();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const spy = spyOnCreate({ delayMs: 300 });
    const id = db.peekNextId();
    const { user } = await composeWithText();

    await user.click(postButton());
    await user.click(settingsLink());
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    await waitFor(() => expect(createdPosts(id)).toHaveLength(1));
    // Give the client a moment to take in the answer.
    await moveClock(50);

    await user.click(screen.getByRole('link', { name: 'New post' }));
    // The server has it: offering the same text again would invite a duplicate.
    expect(await textarea()).toHaveValue('');
    expect(storedNewDraft()).toBeNull();
    expect(spy.count).toBe(1);
  });
});
