import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testQueryClient } from '../../support/query-client';
import { tokenStore } from '../../../src/entities/account/token-store';
import { Composer } from '../../../src/features/compose/components/composer';
import { configureApi } from '../../../src/lib/api/client';
import { db, MOCK_TOKENS, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { forgetDrafts, storedDrafts, storedNewDraft, textarea } from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
});

/** No page mounts a reply composer yet: render it on its own, signed in as ada. */
async function renderReplyComposer(parentId: string, onCreated?: () => void) {
  tokenStore.signIn(MOCK_TOKENS.ada);
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000 });
  const user = userEvent.setup();
  render(
    <>
      <QueryClientProvider client={testQueryClient()}>
        <Composer parentId={parentId} author={null} onCreated={onCreated} />
      </QueryClientProvider>
    </>,
  );
  // The draft shows once who-am-I says whose drafts to open.
  return { user, box: await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' }) };
}

function storedReplyDraft(): string | undefined {
  return storedDrafts('ada')?.['reply:5']?.content;
}

describe('reply drafts', () => {
  it('are kept apart from the new-post draft, both ways', async () => {
    const page = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await page.user.type(await textarea(), 'A new post in progress.');
    cleanup();

    const reply = await renderReplyComposer('5');
    expect(reply.box).toHaveValue('');
    await reply.user.type(reply.box, 'A reply in progress.');
    expect(storedReplyDraft()).toBe('A reply in progress.');
    expect(storedNewDraft()?.content).toBe('A new post in progress.');
    cleanup();

    renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    expect(await textarea()).toHaveValue('A new post in progress.');
    cleanup();

    expect((await renderReplyComposer('5')).box).toHaveValue('A reply in progress.');
  });

  it('sending a reply clears only the reply draft, and the reply lands under its parent', async () => {
    const page = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await page.user.type(await textarea(), 'A new post in progress.');
    cleanup();
    const id = db.peekNextId();
    let created = false;

    const { user, box } = await renderReplyComposer('5', () => (created = true));
    await user.type(box, 'vim or emacs, it is all the same to me.');
    await user.click(screen.getByRole('button', { name: 'Reply' }));

    await waitFor(() => expect(created).toBe(true));
    expect(db.post(id)).toMatchObject({ parent_id: 5, content: 'vim or emacs, it is all the same to me.' });
    expect(db.post(5)?.replies).toContain(id);
    expect(storedReplyDraft()).toBeUndefined();
    expect(storedNewDraft()?.content).toBe('A new post in progress.');
  });
});
