// Names and handles in a real browser: a U+202E (right-to-left override) in an account's names reorders
// nothing around them; a handle is isolated and reads in its own direction with the @ first ("@nimda",
// never "@admin"): a Latin one left to right on an Arabic page too, an Arabic one right to left with
// the @ on its right, as identifiers are written there. And a post's "sent from" text stays on its
// side of the separator in Arabic.
import type { Locator } from '@playwright/test';
import { withExtraAccount } from '../support/extra-account';
import { expect, test } from './fixtures';

import { charactersAsDrawn, leftToRight, openSignedIn, STORAGE_KEYS, TOKENS, type PageSession } from './support';

const RLO = '\u202E';
const TRICK = { uuid: 'uuid-rlo-e2e', token: 'tok-rlo-e2e', username: `${RLO}nimda`, displayname: `${RLO}draob eht` };
const TEXT = 'A post by someone whose names are turned around';
/** What the name shows (reversed by its own U+202E, which stays inside it) and the handle (without it). */
const NAME_SHOWN = 'the board';
const HANDLE_SHOWN = '@nimda';
/** An Arabic username (no lam-alef: each letter its own glyph), and a post by it. */
const ARABIC = { uuid: 'uuid-arabic-handle-e2e', token: 'tok-arabic-handle-e2e', username: 'سمير', displayname: 'سمير' };
const ARABIC_TEXT = 'A post by someone whose handle is in Arabic';
/** The seed's newest post, sent from "web". */
const FROM_WEB = 75;

let postId = 0;
let arabicPostId = 0;

test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
  const trick = withExtraAccount(await mockApi.state(), TRICK, [TEXT]);
  const arabic = withExtraAccount(trick.snapshot, ARABIC, [ARABIC_TEXT]);
  await mockApi.restore(arabic.snapshot);
  postId = trick.postIds[0]!;
  arabicPostId = arabic.postIds[0]!;
});

test.afterAll(async ({ mockApi }) => mockApi.reset());

/**
 * In `container` (itself included): the computed `unicode-bidi` of the element with a dir attribute
 * holding exactly `shown`, and the container's characters as drawn, left to right.
 */
async function drawn(container: Locator, shown: string) {
  const isolated = await container.evaluate(
    (parent, text) => {
      const holder = [parent, ...parent.querySelectorAll('[dir]')].find((element) => element.hasAttribute('dir') && element.textContent === text);
      return holder ? getComputedStyle(holder).unicodeBidi : null;
    },
    shown,
  );
  return { isolated, drawn: leftToRight(await charactersAsDrawn(container)) };
}

async function openIn(session: PageSession, url: string, language: string) {
  const { page, context } = session;
  // Signed in and in this language from the start: the sign-in form's labels are English.
  await context.addInitScript(
    ({ keys, token, lang }) => {
      sessionStorage.setItem(keys.token, token);
      localStorage.setItem(keys.language, lang);
    },
    { keys: STORAGE_KEYS, token: TOKENS.ada, lang: language },
  );
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

test('post header: the name isolated, the handle isolated and drawn "@nimda", nothing around them reordered', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await openSignedIn(page, TOKENS.ada, { url: app.at(`#/post/${postId}`) });
  const header = page.getByRole('article').filter({ hasText: TEXT }).first().locator('.post-header h2');
  await expect(header).toContainText(HANDLE_SHOWN);

  const handle = await drawn(header.locator('.handle'), HANDLE_SHOWN);
  expect(handle.isolated).toBe('isolate');
  expect(handle.drawn).toBe(HANDLE_SHOWN);
  // The whole heading as drawn: the name's override stays inside the name.
  const name = header.locator('a');
  expect(await name.evaluate((link) => getComputedStyle(link).unicodeBidi)).toBe('isolate');
  expect((await drawn(header, HANDLE_SHOWN)).drawn).toBe(`${NAME_SHOWN}${HANDLE_SHOWN}`.replace(/ /g, ''));
});

for (const language of ['en', 'ar']) {
  test(`profile header (${language}): the handle isolated and drawn "@nimda", the @ first on the left`, async ({ app, openPage }) => {
    const session = await openPage();
    await openIn(session, app.at(`#/user/${TRICK.uuid}`), language);
    const profileHandle = session.page.locator('.profile-handle');
    await expect(profileHandle).toHaveText(HANDLE_SHOWN);
    const handle = await drawn(profileHandle, HANDLE_SHOWN);
    expect(handle.isolated).toBe('isolate');
    expect(handle.drawn).toBe(HANDLE_SHOWN);
  });

  test(`post header (${language}): an Arabic handle reads right to left, the @ first on its right`, async ({ app, openPage }) => {
    const session = await openPage();
    await openIn(session, app.at(`#/post/${arabicPostId}`), language);
    const handle = session.page.getByRole('article').filter({ hasText: ARABIC_TEXT }).first().locator('.post-header .handle');
    await expect(handle).toHaveText(`@${ARABIC.username}`);
    const shown = await drawn(handle, `@${ARABIC.username}`);
    expect(shown.isolated).toBe('isolate');
    expect(shown.drawn).toBe(`${[...ARABIC.username].reverse().join('')}@`);
  });
}

test('post meta (ar): the date, then the separator, then the "sent from" text, right to left', async ({ app, openPage }) => {
  const session = await openPage();
  await openIn(session, app.at(`#/post/${FROM_WEB}`), 'ar');
  const meta = session.page.getByRole('article').first().locator('.post-meta');
  await expect(meta).toContainText('web');
  const line = (await drawn(meta, 'web')).drawn;
  // Left to right as drawn: "web", the dot, then the date's Arabic words; not "·" at the far left
  // with "web" against the date (the separator inside the isolated text, as it was).
  expect(line).toMatch(/^web·[\u0600-\u06ff]/);
});
