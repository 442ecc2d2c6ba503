import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { createdPosts, forgetDrafts, postButton, spyOnCreate, storedNewDraft, textarea } from '../../support/compose-helpers';

afterEach(() => {
  cleanup();
  forgetDrafts();
});

const TEXT = 'Notes from the composer test.';

/** The thread of the created post is open and shows what was written. */
async function expectThreadOf(id: number, content: string) {
  await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
  await screen.findByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' });
  await screen.findByText(content);
  expect(screen.queryByRole('textbox', { name: 'What do you want to say?' })).toBeNull();
}

describe('composer: what is refused', () => {
  it.each([
    ['empty', ''],
    ['whitespace only', '   \n\t  '],
  ])('refuses %s content with a message and sends nothing', async (_, content) => {
    const spy = spyOnCreate();
    const firstNewId = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    if (content) await user.type(box, content);

    await user.click(postButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Write something before posting.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(spy.count).toBe(0);
    expect(createdPosts(firstNewId)).toEqual([]);
    expect(window.location.hash).toBe('#/compose');
  });
});

describe('composer: a successful post', () => {
  it('sends one create, opens the new thread and clears the draft', async () => {
    const spy = spyOnCreate();
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);
    expect(storedNewDraft()?.content).toBe(TEXT);

    await user.click(postButton());

    await expectThreadOf(id, TEXT);
    expect(spy.count).toBe(1);
    expect(db.post(id)).toMatchObject({ content: TEXT, author: MOCK_USER_IDS.ada, parent_id: null, lock: false, nsfw: false });
    expect(storedNewDraft()).toBeNull();
  });

  it('Ctrl+Enter in the text submits', async () => {
    const spy = spyOnCreate();
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);

    await user.keyboard('{Control>}{Enter}{/Control}');

    await expectThreadOf(id, TEXT);
    expect(spy.count).toBe(1);
  });

  it('sends the lock and sensitive toggles and "from" to the server', async () => {
    const spy = spyOnCreate();
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);
    await user.type(screen.getByRole('textbox', { name: 'From (optional)' }), 'my phone');
    await user.click(screen.getByRole('checkbox', { name: 'Lock (no replies)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sensitive (NSFW)' }));

    await user.click(postButton());

    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
    expect(db.post(id)).toMatchObject({ content: TEXT, from: 'my phone', lock: true, nsfw: true });
    expect(spy.count).toBe(1);
  });

  it('leaves lock and sensitive off, and "from" out, unless chosen', async () => {
    const spy = spyOnCreate();
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await user.type(await textarea(), TEXT);
    await user.click(postButton());

    await waitFor(() => expect(window.location.hash).toBe(`#/post/${id}`));
    expect(db.post(id)).toMatchObject({ from: '', lock: false, nsfw: false });
    expect(spy.bodies[0]).not.toHaveProperty('from');
  });
});

describe('composer: one submit, one post', () => {
  async function ready() {
    const spy = spyOnCreate({ delayMs: 200 });
    const id = db.peekNextId();
    const rendered = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    await rendered.user.type(await textarea(), TEXT);
    return { ...rendered, spy, id };
  }

  async function expectExactlyOne(spy: { count: number }, id: number) {
    await expectThreadOf(id, TEXT);
    expect(spy.count).toBe(1);
    expect(createdPosts(id)).toHaveLength(1);
  }

  it('a double click on Post', async () => {
    const { user, spy, id } = await ready();
    await user.dblClick(postButton());
    await expectExactlyOne(spy, id);
  });

  it('two clicks in the same tick', async () => {
    const { spy, id } = await ready();
    const button = postButton();
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await expectExactlyOne(spy, id);
  });

  it('Enter on the button, then a click', async () => {
    const { user, spy, id } = await ready();
    const button = postButton();
    button.focus();
    await user.keyboard('{Enter}');
    await user.click(button);
    await expectExactlyOne(spy, id);
  });

  it('Ctrl+Enter twice', async () => {
    const { user, spy, id } = await ready();
    await user.keyboard('{Control>}{Enter}{Enter}{/Control}');
    await expectExactlyOne(spy, id);
  });

  it('shows that it is sending while the create is on its way', async () => {
    const { user, spy, id } = await ready();
    await user.click(postButton());
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    // Let it land inside this test, not in the next one's fresh db.
    await expectExactlyOne(spy, id);
  });
});

/** Presses Tab until `target` has focus; fails if it is not reachable. */
async function tabTo(user: ReturnType<typeof renderApp>['user'], target: HTMLElement) {
  for (let i = 0; i < 40 && document.activeElement !== target; i++) await user.tab();
  expect(document.activeElement).toBe(target);
}

describe('composer: keyboard only', () => {
  it('Tab to the text, type, Tab to Post, Enter: one post', async () => {
    const spy = spyOnCreate({ delayMs: 200 });
    const id = db.peekNextId();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    // Start from the top of the page, as after following a link.
    (document.activeElement as HTMLElement | null)?.blur();

    await tabTo(user, box);
    await user.keyboard(TEXT);
    await tabTo(user, postButton());
    await user.keyboard('{Enter}');

    await expectThreadOf(id, TEXT);
    expect(spy.count).toBe(1);
  });
});
