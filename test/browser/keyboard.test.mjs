// Keyboard-only journeys in a real browser (Tab, Shift+Tab, Enter, Escape, Ctrl+Enter and the
// single-key shortcuts; never a mouse click): sign in, write a post with n, reply to it, walk the
// feed with j/k, open a post with o, and the shortcut help with ? / Escape.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appUrl,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  mockState,
  newPage,
  sharedBrowser,
  threadIdOf,
  TOKENS,
  USER_IDS,
  waitUntil,
} from './browser.mjs';

const browser = sharedBrowser({ resetMockFirst: true });

/** What holds focus, described for assertions. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'BODY' };
    const labels = 'labels' in el && el.labels ? [...el.labels].map((l) => l.textContent?.trim() ?? '') : [];
    return {
      tag: el.tagName,
      label: labels[0] ?? el.getAttribute('aria-label') ?? '',
      text: (el.textContent ?? '').trim().slice(0, 80),
      postId: el.getAttribute('data-post-id'),
      inDialog: el.closest('[role="dialog"]') !== null,
      inNav: el.closest('nav') !== null,
    };
  });
}

/** Presses Tab (or Shift+Tab) until `matches(focused)` holds; fails after `max` presses. */
async function tabTo(page, matches, { shift = false, max = 40, what = 'the target' } = {}) {
  const trail = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    trail.push(`${now.tag}${now.label ? `[${now.label}]` : now.text ? `(${now.text.slice(0, 20)})` : ''}`);
    if (matches(now)) return now;
  }
  throw new Error(`${shift ? 'Shift+Tab' : 'Tab'} never reached ${what} in ${max} presses: ${trail.join(' → ')}`);
}

describe('keyboard only', () => {
  test('sign in, n to write, Ctrl+Enter to post and to reply, j/k/o on the feed, ? and Escape', async () => {
    const session = await newPage(browser());
    const { page } = session;
    try {
      await page.goto(appUrl());
      await page.getByLabel('API token').waitFor();

      // Sign in: Tab to the token field, type, Enter.
      await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'API token', { what: 'the API token field' });
      await page.keyboard.type(TOKENS.ada);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
      await page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().waitFor({ timeout: 15_000 });

      // n opens the composer with the focus in its text box (and types no "n" into it).
      await page.keyboard.press('n');
      await page.waitForURL(/#\/compose$/, { waitUntil: 'commit' });
      const composer = page.getByLabel('What do you want to say?');
      await composer.waitFor();
      await waitUntil(async () => (await focused(page)).label === 'What do you want to say?', {
        timeout: 5_000,
        message: 'the composer to take focus',
      });
      assert.equal(await composer.inputValue(), '', 'the n shortcut leaked into the text box');

      const text = `Typed without a mouse ${Date.now().toString(36)}`;
      await page.keyboard.type(text);
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/#\/post\/\d+$/, { timeout: 15_000, waitUntil: 'commit' });
      const id = threadIdOf(page);
      await page.getByRole('article').first().getByText(text).waitFor();
      const created = (await mockState()).posts.filter((p) => p.content === text);
      assert.equal(created.length, 1);
      assert.equal(String(created[0].id), id);
      assert.equal(created[0].author, USER_IDS.ada);

      // Tab to the reply box, type, Ctrl+Enter.
      await tabTo(page, (f) => f.tag === 'TEXTAREA' && f.label === 'Your reply', { what: 'the reply box' });
      const reply = `A keyboard reply ${Date.now().toString(36)}`;
      await page.keyboard.type(reply);
      await page.keyboard.press('Control+Enter');
      await page.getByRole('list', { name: /^Replies to / }).getByText(reply).waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { name: '1 reply', exact: true }).waitFor();
      const replies = (await mockState()).posts.filter((p) => p.content === reply);
      assert.equal(replies.length, 1);
      assert.equal(String(replies[0].parent_id), id);

      // Back to the feed through the main navigation: Shift+Tab up to "Feed", Enter.
      await tabTo(page, (f) => f.tag === 'A' && f.inNav && f.text === 'Feed', { shift: true, what: 'the Feed link' });
      await page.keyboard.press('Enter');
      const feed = page.getByRole('feed', { name: 'Posts' });
      await feed.getByText(text).waitFor({ timeout: 15_000 });

      // j / k move the focus from post to post, newest (the one just written) first.
      await page.keyboard.press('j');
      const first = await waitUntil(async () => {
        const f = await focused(page);
        return f.tag === 'ARTICLE' && f.postId ? f : null;
      }, { timeout: 5_000, message: 'j to focus a post' });
      assert.equal(first.postId, id, 'j should start at the top of the feed: the new post');
      await page.keyboard.press('j');
      const second = await waitUntil(async () => {
        const f = await focused(page);
        return f.tag === 'ARTICLE' && f.postId !== first.postId ? f : null;
      }, { timeout: 5_000, message: 'j to move to the next post' });
      assert.ok(Number(second.postId) < Number(first.postId), `j moved up the feed: ${first.postId} → ${second.postId}`);
      await page.keyboard.press('j');
      const third = await waitUntil(async () => {
        const f = await focused(page);
        return f.tag === 'ARTICLE' && f.postId !== second.postId ? f : null;
      }, { timeout: 5_000, message: 'j to move again' });
      await page.keyboard.press('k');
      await waitUntil(async () => (await focused(page)).postId === second.postId, {
        timeout: 5_000,
        message: `k to go back from ${third.postId} to ${second.postId}`,
      });

      // ? opens the shortcut help with the focus inside; Escape closes it and gives the focus back.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      assert.ok((await focused(page)).inDialog, 'the focus should move into the help');
      await help.getByText('New post').waitFor();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
      assert.equal((await focused(page)).postId, second.postId, 'Escape should give the focus back to the post');

      // o opens the focused post's thread.
      await page.keyboard.press('o');
      await page.waitForURL(new RegExp(`#/post/${second.postId}$`), { timeout: 15_000, waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: /^Post by / }).waitFor({ timeout: 15_000 });

      assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });

  test('single-key shortcuts stay out of text fields: n typed in the reply box is text', async () => {
    const session = await newPage(browser());
    const { page } = session;
    try {
      await page.goto(appUrl('#/post/5'));
      await tabTo(page, (f) => f.tag === 'INPUT' && f.label === 'API token', { what: 'the API token field' });
      await page.keyboard.type(TOKENS.ada);
      await page.keyboard.press('Enter');
      await page.getByRole('article').first().getByText('Poll: what is your favourite text editor?').waitFor({ timeout: 15_000 });
      await tabTo(page, (f) => f.tag === 'TEXTAREA' && f.label === 'Your reply', { what: 'the reply box' });
      await page.keyboard.type('nano? j k o');
      assert.equal(await page.getByLabel('Your reply').inputValue(), 'nano? j k o');
      assert.match(page.url(), /#\/post\/5$/, 'a shortcut fired while typing');
      assert.equal(await page.getByRole('dialog').count(), 0, 'the help opened while typing');
      assert.deepEqual(session.pageErrors, []);
    } finally {
      await session.close();
    }
  });
});
