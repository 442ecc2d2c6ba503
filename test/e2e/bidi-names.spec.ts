// Names and handles in a real browser: a U+202E (right-to-left override) in an account's names reorders
// nothing around them, and a handle reads in its own order with the @ before it ("@nimda", never
// "@admin"), in the post header, the profile header, and the same way in Arabic (right to left).
import type { Locator } from '@playwright/test';
import { withExtraAccount } from '../support/extra-account';
import { expect, test } from './fixtures';
import { expectNoPageErrors } from './journeys';
import { signIn, STORAGE_KEYS, TOKENS } from './support';

const RLO = '\u202E';
const TRICK = { uuid: 'uuid-rlo-e2e', token: 'tok-rlo-e2e', username: `${RLO}nimda`, displayname: `${RLO}draob eht` };
const TEXT = 'A post by someone whose names are turned around';
/** What the name shows (reversed by its own U+202E, which stays inside it) and the handle (without it). */
const NAME_SHOWN = 'the board';
const HANDLE_SHOWN = 'nimda';

let postId = 0;

test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
  const added = withExtraAccount(await mockApi.state(), TRICK, [TEXT]);
  await mockApi.restore(added.snapshot);
  postId = added.postIds[0]!;
});

test.afterAll(async ({ mockApi }) => mockApi.reset());

/**
 * The element holding exactly the shown handle: computed `unicode-bidi`, its text, the text before
 * it in its parent, and the parent's characters in the order they are drawn, left to right.
 */
async function handleAsDrawn(container: Locator) {
  return container.evaluate((parent, shown) => {
    const holder = [...parent.querySelectorAll('*')].find((element) => element.textContent === shown);
    if (!holder) return null;
    const chars: { x: number; char: string }[] = [];
    const walker = document.createTreeWalker(parent, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0 && node.data[i]!.trim()) chars.push({ x: box.left, char: node.data[i]! });
      }
    }
    return {
      unicodeBidi: getComputedStyle(holder).unicodeBidi,
      before: holder.previousSibling?.textContent ?? '',
      drawn: chars.sort((a, b) => a.x - b.x).map((c) => c.char).join(''),
    };
  }, HANDLE_SHOWN);
}

test('post header: the name isolated, the handle isolated and drawn "@nimda", nothing around them reordered', async ({ app, openPage }) => {
  const session = await openPage();
  const { page } = session;
  await signIn(page, TOKENS.ada, { url: app.at(`#/post/${postId}`) });
  const header = page.getByRole('article').filter({ hasText: TEXT }).first().locator('.post-header h2');
  await expect(header).toContainText(HANDLE_SHOWN);

  const handle = await handleAsDrawn(header.locator('.handle'));
  expect(handle, 'no element holds exactly the handle').not.toBeNull();
  expect(handle!.unicodeBidi).toBe('isolate');
  expect(handle!.before.endsWith('@'), 'the @ is outside the isolated handle, just before it').toBe(true);
  expect(handle!.drawn).toBe(`@${HANDLE_SHOWN}`);
  // The whole heading as drawn: the name's override stays inside the name.
  const name = header.locator('a');
  expect(await name.evaluate((link) => getComputedStyle(link).unicodeBidi)).toBe('isolate');
  expect((await handleAsDrawn(header))!.drawn).toBe(`${NAME_SHOWN}@${HANDLE_SHOWN}`.replace(/ /g, ''));
  expectNoPageErrors(session);
});

for (const { language, drawn } of [
  { language: 'en', drawn: `@${HANDLE_SHOWN}` },
  // Right to left: the @ still comes first, on the right, outside the handle.
  { language: 'ar', drawn: `${HANDLE_SHOWN}@` },
]) {
  test(`profile header (${language}): the handle isolated, the @ before it`, async ({ app, openPage }) => {
    const session = await openPage();
    const { page, context } = session;
    // Signed in and in this language from the start: the sign-in form's labels are English.
    await context.addInitScript(
      ({ keys, token, lang }) => {
        sessionStorage.setItem(keys.token, token);
        localStorage.setItem(keys.language, lang);
      },
      { keys: STORAGE_KEYS, token: TOKENS.ada, lang: language },
    );
    await page.goto(app.at(`#/user/${TRICK.uuid}`));
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const profileHandle = page.locator('.profile-handle');
    await expect(profileHandle).toContainText(HANDLE_SHOWN);
    const handle = await handleAsDrawn(profileHandle);
    expect(handle, 'no element holds exactly the handle').not.toBeNull();
    expect(handle!.unicodeBidi).toBe('isolate');
    expect(handle!.before).toBe('@');
    expect(handle!.drawn).toBe(drawn);
    expectNoPageErrors(session);
  });
}
