// Keyboard-only journeys in a real browser (Tab, Shift+Tab, Enter, Escape, Ctrl+Enter and the
// single-key shortcuts; never a mouse click): sign in, write a post with n, reply to it, walk the
// feed with j/k, open a post with o, and the shortcut help with ? / Escape.
import type { Page } from '@playwright/test';
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import auth from '../../src/i18n/catalogs/en/auth.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import feedText from '../../src/i18n/catalogs/en/feed.json' with { type: 'json' };
import settings from '../../src/i18n/catalogs/en/later/settings.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { seedPost, uniqueText } from './journeys';
import { openSignedIn, threadIdOf, TOKENS, USER_IDS, waitForFeedList } from './support';

interface Focused {
  tag: string;
  label?: string;
  text?: string;
  postId?: string | null;
  inDialog?: boolean;
  inNav?: boolean;
}

/** What holds focus, described for assertions. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'BODY' };
    const labels = 'labels' in el && el.labels ? [...(el.labels as NodeListOf<HTMLLabelElement>)].map((l) => l.textContent?.trim() ?? '') : [];
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
async function tabTo(page: Page, matches: (f: Focused) => boolean, { shift = false, max = 40, what = 'the target' } = {}): Promise<Focused> {
  const trail: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    trail.push(`${now.tag}${now.label ? `[${now.label}]` : now.text ? `(${now.text.slice(0, 20)})` : ''}`);
    if (matches(now)) return now;
  }
  throw new Error(`${shift ? 'Shift+Tab' : 'Tab'} never reached ${what} in ${max} presses: ${trail.join(' → ')}`);
}

/**
 * Tabs to the sign-in form's token field once the form is on screen, as a person does: pressed
 * before its code has loaded, Tab only goes round the header's links.
 */
async function tabToTokenField(page: Page): Promise<Focused> {
  await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();
  return tabTo(page, (f) => f.tag === 'INPUT' && f.label === auth.tokenLabel, { what: 'the API token field' });
}

/**
 * Tabs to a thread's reply box once it is on screen, as a person does. On a first visit the reply
 * box stands as "loading" until who-am-I answers (drafts are per account), which the app asks only
 * after the first content is shown: Tab pressed meanwhile goes past it to the replies.
 */
async function tabToReplyBox(page: Page): Promise<Focused> {
  await expect(page.getByLabel(compose.replyLabel)).toBeVisible();
  return tabTo(page, (f) => f.tag === 'TEXTAREA' && f.label === compose.replyLabel, { what: 'the reply box' });
}

/** Waits until the focus is on a feed post that `accept` takes; resolves what is focused. */
async function focusedPost(page: Page, accept: (f: Focused) => boolean, message: string): Promise<Focused> {
  let now: Focused = { tag: 'BODY' };
  await expect
    .poll(
      async () => {
        now = await focused(page);
        return now.tag === 'ARTICLE' && Boolean(now.postId) && accept(now);
      },
      { message, timeout: 5_000 },
    )
    .toBe(true);
  return now;
}

// Both tests sign in as ada and read the seed's post 5; the first writes a post of its own.
test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
});

test.describe('keyboard only', () => {
  test('sign in, n to write, Ctrl+Enter to post and to reply, j/k/o on the feed, ? and Escape', async ({ app, mockApi, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await page.goto(app.url);

    // Sign in: Tab to the token field, type, Enter.
    await tabToTokenField(page);
    await page.keyboard.type(TOKENS.ada);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: auth.signOut })).toBeVisible();
    await expect(page.getByRole('feed', { name: feedText.listLabel }).getByRole('article').first()).toBeVisible();

    // n opens the composer with the focus in its text box (and types no "n" into it).
    await page.keyboard.press('n');
    await page.waitForURL(/#\/compose$/, { waitUntil: 'commit' });
    const composer = page.getByLabel(compose.contentLabel);
    await expect(composer).toBeVisible();
    await expect.poll(async () => (await focused(page)).label, { message: 'the composer to take focus', timeout: 5_000 }).toBe(compose.contentLabel);
    expect(await composer.inputValue(), 'the n shortcut leaked into the text box').toBe('');

    const text = uniqueText('Typed without a mouse');
    await page.keyboard.type(text);
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/post\/\d+$/, { waitUntil: 'commit' });
    const id = threadIdOf(page);
    await expect(page.getByRole('article').first().getByText(text)).toBeVisible();
    const created = (await mockApi.state()).posts.filter((p) => p.content === text);
    expect(created.length).toBe(1);
    expect(String(created[0]?.id)).toBe(id);
    expect(created[0]?.author).toBe(USER_IDS.ada);

    // Tab to the reply box, type, Ctrl+Enter.
    await tabToReplyBox(page);
    const reply = uniqueText('A keyboard reply');
    await page.keyboard.type(reply);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('list', { name: /^Replies to / }).getByText(reply)).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 reply', exact: true })).toBeVisible();
    const replies = (await mockApi.state()).posts.filter((p) => p.content === reply);
    expect(replies.length).toBe(1);
    expect(String(replies[0]?.parent_id)).toBe(id);

    // Back to the feed through the main navigation: Shift+Tab up to "Feed", Enter.
    await tabTo(page, (f) => f.tag === 'A' && f.inNav === true && f.text === appText.feed, { shift: true, what: 'the Feed link' });
    await page.keyboard.press('Enter');
    const feed = page.getByRole('feed', { name: feedText.listLabel });
    await expect(feed.getByText(text)).toBeVisible();
    // The reply is a post too, the newest: once the feed has found it, the top of the feed is settled.
    await expect(feed.getByText(reply)).toBeVisible();

    // j / k move the focus from post to post, newest (the reply just written) first.
    await page.keyboard.press('j');
    const first = await focusedPost(page, () => true, 'j to focus a post');
    expect(first.postId, 'j should start at the top of the feed: the reply just written').toBe(String(replies[0]?.id));
    await page.keyboard.press('j');
    const second = await focusedPost(page, (f) => f.postId !== first.postId, 'j to move to the next post');
    expect(Number(second.postId), `j moved up the feed: ${first.postId} → ${second.postId}`).toBeLessThan(Number(first.postId));
    await page.keyboard.press('j');
    const third = await focusedPost(page, (f) => f.postId !== second.postId, 'j to move again');
    await page.keyboard.press('k');
    await focusedPost(page, (f) => f.postId === second.postId, `k to go back from ${third.postId} to ${second.postId}`);

    // ? opens the shortcut help with the focus inside; Escape closes it and gives the focus back.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: settings.shortcutsSection });
    await expect(help).toBeVisible();
    expect((await focused(page)).inDialog, 'the focus should move into the help').toBe(true);
    await expect(help.getByText(settings.shortcutNew)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    expect((await focused(page)).postId, 'Escape should give the focus back to the post').toBe(second.postId);

    // o opens the focused post's thread.
    await page.keyboard.press('o');
    await page.waitForURL(new RegExp(`#/post/${second.postId}$`), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: /^Post by / })).toBeVisible();
  });

  // WCAG 2.4.11 (focus not obscured): a header that stays on screen must never cover what has the
  // focus, on a phone (where it took a quarter of the screen: 200 px of 823) or a desktop.
  for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
    test(`walking the feed up and down (j/k, Shift+Tab) never leaves the focus under the header, ${viewport.width} px wide`, async ({ app, openPage }) => {
      const session = await openPage({ viewport });
      const { page } = session;
      await page.goto(app.url);
      await tabToTokenField(page);
      await page.keyboard.type(TOKENS.ada);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
      await waitForFeedList(page);
      /** How much of the focused element the header covers, in px (0: none). */
      const covered = () =>
        page.evaluate(() => {
          const header = document.querySelector('header')!.getBoundingClientRect();
          const box = document.activeElement!.getBoundingClientRect();
          return Math.max(0, Math.min(header.bottom, box.bottom) - Math.max(header.top, box.top));
        });
      const walk: string[] = [];
      const press = async (key: string) => {
        await page.keyboard.press(key);
        const now = await focused(page);
        // The feed scrolls to what is focused in the next frame or two.
        await expect.poll(covered, { message: `after ${[...walk, key].join(' ')}: the header covers the focused ${now.tag} ${now.postId ?? now.text ?? ''}` }).toBe(0);
        walk.push(key);
      };
      for (let i = 0; i < 8; i += 1) await press('j');
      expect((await focused(page)).postId, 'j did not move down the feed').toBeTruthy();
      for (let i = 0; i < 6; i += 1) await press('k');
      for (let i = 0; i < 3; i += 1) await press('j');
      for (let i = 0; i < 4; i += 1) await press('Shift+Tab');
      expect(walk.length).toBe(21);
    });
  }

  test('single-key shortcuts stay out of text fields: n typed in the reply box is text', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await page.goto(app.at('#/post/5'));
    await tabToTokenField(page);
    await page.keyboard.type(TOKENS.ada);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article').first().getByText(seedPost(5).content)).toBeVisible();
    await tabToReplyBox(page);
    await page.keyboard.type('nano? j k o');
    expect(await page.getByLabel(compose.replyLabel).inputValue()).toBe('nano? j k o');
    expect(page.url(), 'a shortcut fired while typing').toMatch(/#\/post\/5$/);
    await expect(page.getByRole('dialog'), 'the help opened while typing').toHaveCount(0);
  });
});

test('a page title takes the focus after a navigation, with a ring only for the keyboard: none on a deep link, none after a click', async ({ app, openPage }) => {
  const { page } = await openPage();
  /** The page title: whether it has the focus, and whether the browser draws its ring (:focus-visible). */
  const title = () =>
    page.evaluate(() => {
      const h1 = document.querySelector('h1');
      return { text: h1?.textContent ?? '', focused: h1 !== null && document.activeElement === h1, ring: h1?.matches(':focus-visible') ?? false };
    });
  // A deep link to a profile: its loading heading, then the profile's own; nobody has done anything yet.
  await openSignedIn(page, TOKENS.ada, { url: app.at(`#/user/${USER_IDS.ada}`) });
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await title()).toMatchObject({ text: 'Ada Lovelace', ring: false });

  // A click on a link: the next page's title has the focus (for a screen reader), without a ring.
  await page.getByRole('navigation', { name: appText.mainNav }).getByRole('link', { name: appText.settings }).click();
  await expect.poll(title).toEqual({ text: settings.title, focused: true, ring: false });

  // The keyboard: Enter on a link, and the title has the focus with its ring.
  await tabTo(page, (f) => f.tag === 'A' && f.inNav === true && f.text === appText.feed, { what: 'the Feed link' });
  await page.keyboard.press('Enter');
  await expect.poll(title).toEqual({ text: appText.feed, focused: true, ring: true });
});
