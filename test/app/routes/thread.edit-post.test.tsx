import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKENS, MOCK_USER_IDS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, findCard, spyOnUpdate } from '../../support/actions-helpers';

const ORIGINAL = 'Poll: what is your favourite text editor? Reply below.';
const EDITED = 'Poll: which text editor do you use most? Reply below.';

async function openEditor() {
  const page = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
  const card = await findCard(ADA_ROOT);
  await page.user.click(await within(card).findByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Edit post' });
  const text = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' });
  const reason = within(form).getByRole('textbox', { name: 'Reason for the edit (optional)' });
  const save = within(form).getByRole('button', { name: 'Save' });
  return { ...page, card, form, text, reason, save };
}

describe('editing one’s own post', () => {
  it('sends only the new content and the reason, then shows the new text as edited', async () => {
    const patches = spyOnUpdate();
    const { user, card, text, reason, save } = await openEditor();
    expect(text).toHaveValue(ORIGINAL);
    // Edit leaves with the form's opening: the text to edit has focus, not the page.
    expect(text).toHaveFocus();
    expect(within(card).queryByText(/edited/)).toBeNull();

    await user.clear(text);
    await user.type(text, EDITED);
    await user.type(reason, 'clearer wording');
    await user.click(save);

    await within(card).findByText(EDITED);
    expect(within(card).getByText(/· edited/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit post' })).toBeNull();
    expect(within(card).queryByText(ORIGINAL)).toBeNull();
    // Said where it is seen, and focus is back on the post with its saved text.
    expect(await screen.findByText('Post saved.')).toBeVisible();
    expect(card).toHaveFocus();

    expect(patches).toHaveLength(1);
    expect(patches[0]).toEqual({
      id: String(ADA_ROOT),
      body: { token: MOCK_TOKENS.ada, content: EDITED, lock: null, nsfw: null, reason: 'clearer wording' },
    });
    expect(db.post(ADA_ROOT)).toMatchObject({ content: EDITED, lock: false, nsfw: false });
    expect(db.post(ADA_ROOT)?.edited).toBeGreaterThan(0);
  });

  it('refuses blank content with a message and sends nothing', async () => {
    const patches = spyOnUpdate();
    const { user, form, text, save } = await openEditor();
    await user.clear(text);
    await user.type(text, '   \n  ');
    await user.click(save);

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('A post cannot be empty.');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/A post cannot be empty/);
    expect(patches).toHaveLength(0);
    expect(db.post(ADA_ROOT)?.content).toBe(ORIGINAL);
  });

  it('explains that the post is gone when it was deleted meanwhile, and keeps the text', async () => {
    const { user, form, text, save } = await openEditor();
    await user.clear(text);
    await user.type(text, EDITED);
    db.deletePost(MOCK_USER_IDS.ada, ADA_ROOT);
    await user.click(save);

    expect(await within(form).findByRole('alert')).toHaveTextContent(/deleted meanwhile, so the edit was not saved/);
    // The edit was not lost on screen: it can still be copied elsewhere.
    await waitFor(() => expect(form).toBeInTheDocument());
    expect(text).toHaveValue(EDITED);
    expect(db.post(ADA_ROOT)).toBeUndefined();
  });
});
