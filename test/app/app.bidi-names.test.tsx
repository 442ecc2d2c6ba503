/**
 * Every user-supplied name and handle is bidi-isolated where it is shown: a U+202E (right-to-left
 * override) inside one cannot reorder the text around it. A handle is isolated with its @ and in
 * its own direction (dir="auto"), and shown without its bidi controls, so `@\u202Enimda` never reads
 * "@admin". jsdom has no layout: these check the structure that isolates (a <bdi>, or an element
 * with a dir attribute: `unicode-bidi: isolate` in the HTML standard's own style sheet);
 * test/e2e/bidi-names.spec.ts checks the browser's computed style and the order the characters are
 * drawn in.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { muteAccount } from '../../src/entities/mute/mute-store';
import { withExtraAccount } from '../support/extra-account';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { idOf } from '../support/account-data';

afterEach(() => cleanup());

const RLO = '\u202E';
const TRICK = { uuid: 'uuid-rlo', token: 'tok-rlo', username: `${RLO}nimda`, displayname: `${RLO}draob eht` };
const TEXT = 'A post by someone whose handle is turned around';
const REPLY = 'A reply to it, by ada';

/** The account with the trick in its names, one post by it, ada's reply to that, and the blog entry by it. */
function seed(): { postId: number } {
  const { snapshot, postIds } = withExtraAccount(db.snapshot(), TRICK, [TEXT]);
  db.restore({ ...snapshot, blog: { ...snapshot.blog, author: TRICK.uuid } });
  const postId = postIds[0]!;
  db.createPost(MOCK_USER_IDS.ada, { content: REPLY, parentId: postId });
  return { postId };
}

function isIsolating(element: Element): boolean {
  return element.tagName === 'BDI' || element.hasAttribute('dir');
}

/** The element holding exactly `text` inside `container` isolates it. */
function expectIsolated(container: HTMLElement, text: string) {
  const holders = [...container.querySelectorAll('*')].filter((element) => element.textContent === text && isIsolating(element));
  expect(holders, `no isolating element holds exactly ${JSON.stringify(text)} in ${container.outerHTML}`).not.toEqual([]);
}

/** The display name as a message puts it in (i18n t()): isolated, without its bidi controls. */
const SHOWN_NAME = '\u2068draob eht\u2069';

/** The handle as shown: without its bidi controls (src/components/ui/handle.tsx). */
const SHOWN_HANDLE = '@nimda';

/** The handle with its @ in an element of its own that isolates it in its own direction (dir="auto"). */
function expectHandle(container: HTMLElement) {
  const holders = [container, ...container.querySelectorAll('*')].filter((element) => element.textContent === SHOWN_HANDLE && element.getAttribute('dir') === 'auto');
  expect(holders, `no handle isolated in its own direction in ${container.outerHTML}`).not.toEqual([]);
}

const card = (text: string) => screen.getByText(text).closest('article')!;

describe('names and handles are bidi-isolated', () => {
  it('in the post header, the reply header ("Replying to @…"), the account menu and the tab title', async () => {
    const { postId } = seed();
    renderApp({ route: `/post/${postId}`, token: TRICK.token });
    await screen.findByText(REPLY);
    const post = card(TEXT).querySelector<HTMLElement>('.post-header')!;
    expectIsolated(post, TRICK.displayname);
    expectHandle(post.querySelector('.handle')!);

    expectHandle(card(REPLY).querySelector<HTMLElement>('.replying-to a')!);

    const menu = document.querySelector<HTMLElement>('header.app-header .account-name')!;
    await within(menu).findByText(SHOWN_HANDLE);
    expectIsolated(menu, TRICK.displayname);
    expectHandle(menu.querySelector('.handle')!);

    // The heading ends in the name, isolated and without its override (t() puts every name in so);
    // in the tab title the app's name follows it, outside the isolate.
    expect(document.title).toBe(`\u2068Post by ${SHOWN_NAME}\u2069 · Social`);
  });

  it('in the profile header and the heading of its posts seen so far', async () => {
    const { postId } = seed();
    renderApp({ route: `/post/${postId}`, token: MOCK_TOKENS.ada });
    await screen.findByText(TEXT);
    await act(async () => {
      window.location.hash = `#/user/${TRICK.uuid}`;
    });
    const heading = await screen.findByRole('heading', { level: 1, name: TRICK.displayname });
    const profile = heading.closest('section')!;
    expectIsolated(heading, TRICK.displayname);
    expectHandle(profile.querySelector('.profile-handle')!);
    const seen = await screen.findByRole('region', { name: `Posts by ${SHOWN_NAME} seen so far` });
    expectIsolated(seen.querySelector('h2')!, SHOWN_NAME);
  });

  it('in the list of muted accounts in Settings', async () => {
    seed();
    muteAccount(idOf('ada'), { uuid: TRICK.uuid, username: TRICK.username });
    renderApp({ route: '/settings', token: MOCK_TOKENS.ada });
    const list = await screen.findByRole('list', { name: '1 muted account' });
    expectHandle(list.querySelector('li')!);
  });

  it('in the blog banner', async () => {
    seed();
    renderApp({ route: '/' });
    const banner = await screen.findByRole('complementary', { name: 'Latest from the blog' });
    expectIsolated(banner.querySelector('.blog-author')!, TRICK.displayname);
  });
});
