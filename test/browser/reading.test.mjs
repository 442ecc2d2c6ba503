// Reading journeys in a real browser against the mock v2 API over HTTP: sign in, the feed newest
// first and windowed past the 18-id hole, a thread with its replies, a profile, sign out; sensitive,
// locked and hostile posts; a deep link that survives a reload; axe on every page in both schemes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appUrl,
  checkA11y,
  feedPostIds,
  fetchMockJson,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  newPage,
  resetMock,
  sharedBrowser,
  signIn,
  threadIdOf,
  TOKENS,
  USER_IDS,
} from './browser.mjs';

/** The first id of the deleted run 31–48 is 31: a post below it is past the hole. */
const BELOW_HOLE = 31;
/** The DOM must stay bounded while scrolling the feed: far fewer articles than posts seen. */
const MAX_ARTICLES = 60;
const POST_5 = 'Poll: what is your favourite text editor? Reply below.';

const browser = sharedBrowser({ resetMockFirst: true });

/** Opens a fresh page (clean storage), runs `fn`, then asserts the page logged no unexpected errors. */
async function withPage(options, fn) {
  const session = await newPage(browser(), options);
  try {
    await fn(session.page, session);
    assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
  } finally {
    await session.close();
  }
}

async function assertA11y(page, label) {
  const { violations, report } = await checkA11y(page, { label });
  assert.equal(violations.length, 0, report);
}

/** Waits until the feed shows loaded posts (no loading placeholders among the first ones). */
async function waitForFeed(page) {
  const feed = page.getByRole('feed', { name: 'Posts' });
  await feed.getByRole('article').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(
    () => {
      const articles = [...document.querySelectorAll('[role="feed"] article')];
      return articles.length > 0 && articles.slice(0, 3).every((a) => a.getAttribute('aria-busy') !== 'true');
    },
    null,
    { timeout: 15_000 },
  );
}

/** The thread page has its post and (when it has any) its first reply loaded. */
async function waitForThread(page, text) {
  await page.getByRole('article').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.reply[aria-busy="true"]'), null, { timeout: 15_000 });
}

/**
 * One step down the feed, as a reader does: the wheel, or "Load more posts" when it is on screen.
 * The button is taken once and clicked once, and only when it is in the viewport: scrolling down to
 * it would jump over posts the reader never saw (a page made short by the hole lets the next one load
 * at once), and a locator would wait for the next "Load more posts" after that. Scrolling to it may
 * already load the next page and replace the button: a click that finds it gone is fine.
 */
async function scrollFeedOnce(page) {
  const more = await page.getByRole('button', { name: 'Load more posts' }).elementHandle({ timeout: 100 }).catch(() => null);
  const onScreen = await more
    ?.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    })
    .catch(() => false);
  if (onScreen) {
    const clicked = await more.click({ timeout: 2_000 }).then(() => true, () => false);
    // The new page arrives and focus moves to its first post: look at the feed only once that is done,
    // so two quick clicks never skip a whole page unseen.
    if (clicked) {
      await page
        .waitForFunction(() => document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false' && document.activeElement?.closest('[role="feed"]'), null, { timeout: 5_000 })
        .catch(() => {});
    }
  } else await page.mouse.wheel(0, 900);
  await more?.dispose();
  await page.waitForTimeout(150);
}

describe('reading', () => {
  test('sign in, scroll the feed past the 18-id hole, open a thread and a profile, sign out', async () => {
    await withPage({}, async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await waitForFeed(page);

      // Newest first: the newest seed post (75) on top, ids strictly descending.
      const first = await feedPostIds(page);
      assert.equal(first[0], '75', `the feed should start at the newest post 75, got ${first.slice(0, 5).join(', ')}`);

      const seen = [];
      let maxArticles = 0;
      let reached = null;
      for (let step = 0; step < 60 && !reached; step += 1) {
        const articles = await page.locator('article').count();
        maxArticles = Math.max(maxArticles, articles);
        assert.ok(articles < MAX_ARTICLES, `the DOM holds ${articles} articles: the feed is not windowed`);
        const ids = await feedPostIds(page);
        for (let i = 1; i < ids.length; i += 1) {
          assert.ok(Number(ids[i]) < Number(ids[i - 1]), `feed order is not newest first: ${ids.join(', ')}`);
        }
        for (const id of ids) if (!seen.includes(id)) seen.push(id);
        // "Visible": in the DOM and in (or above the bottom of) the viewport after scrolling to it.
        const below = ids.find((id) => Number(id) < BELOW_HOLE);
        if (below) {
          const card = page.locator(`[role="feed"] article[data-post-id="${below}"]`);
          await card.scrollIntoViewIfNeeded();
          if (await card.isVisible()) reached = below;
          break;
        }
        await scrollFeedOnce(page);
      }
      assert.ok(reached, `never reached a post below id ${BELOW_HOLE}; seen: ${seen.join(', ')}`);
      for (let id = 31; id <= 48; id += 1) assert.ok(!seen.includes(String(id)), `deleted post ${id} showed in the feed`);
      assert.ok(seen.includes('49') && seen.includes('30'), `posts on both sides of the hole should show: ${seen.join(', ')}`);
      // Windowed: the top of the feed has left the DOM by now.
      assert.equal(await page.locator('[role="feed"] article[data-post-id="75"]').count(), 0, 'post 75 is still in the DOM far down the feed');

      // Keep going down to post 5 and open its thread through its replies link.
      const post5 = page.getByRole('article').filter({ hasText: POST_5 });
      for (let step = 0; step < 60 && !(await post5.isVisible()); step += 1) {
        maxArticles = Math.max(maxArticles, await page.locator('article').count());
        await scrollFeedOnce(page);
      }
      assert.ok(maxArticles < MAX_ARTICLES, `the DOM held up to ${maxArticles} articles`);
      await post5.getByRole('link', { name: /^Open thread: 2 replies$/ }).click();

      await waitForThread(page, POST_5);
      assert.equal(threadIdOf(page), '5');
      await page.getByRole('heading', { name: '2 replies' }).waitFor();
      for (const reply of ['vim, obviously.', 'Whatever has the best undo.', 'Emacs users are typing a reply', 'Three levels deep and still civil.']) {
        await page.getByText(reply).first().waitFor({ state: 'visible' });
      }

      // The author's profile from the author's name on the thread's post.
      await page.getByRole('article').first().getByRole('link', { name: 'Ada Lovelace', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace', exact: true }).waitFor({ timeout: 15_000 });
      // The handle under the name comes first; the posts seen so far (with their own handles) follow.
      assert.equal(await page.getByRole('main').getByText('@ada', { exact: true }).first().getAttribute('class'), 'handle profile-handle');
      assert.match(page.url(), /#\/user\/6d1f5c2a-3b7e-4c1d-9a2f-0ada00000001$/);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome to Social' }).waitFor();
      await page.getByLabel('API token').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0, 'still signed in');
      const stored = await page.evaluate(() => Object.entries({ ...sessionStorage, ...localStorage }));
      assert.ok(!stored.some(([, value]) => value.includes(TOKENS.ada)), `the token is still stored: ${JSON.stringify(stored)}`);
      console.log(`# feed: reached post ${reached}, at most ${maxArticles} articles in the DOM, ${seen.length} posts passed`);
    });
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`every page passes axe (serious/critical) in the ${colorScheme} scheme`, async () => {
      await withPage({ colorScheme }, async (page) => {
        await page.goto(appUrl());
        await page.getByLabel('API token').waitFor();
        await page.getByRole('heading', { name: 'Welcome to Social' }).waitFor();
        await page.getByRole('complementary', { name: 'Latest from the blog' }).waitFor();
        await assertA11y(page, `home, signed out (${colorScheme})`);

        await page.getByLabel('API token').fill('tok-not-a-real-token');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByRole('alert').filter({ hasText: 'did not accept this token' }).waitFor();
        await assertA11y(page, `sign-in with an error (${colorScheme})`);

        // Signed in straight into someone else's thread: the header does not know the own profile yet.
        await page.goto(appUrl('#/post/2'));
        await signIn(page, TOKENS.ada);
        await waitForThread(page, 'Coffee number three.');
        await page.getByRole('banner').getByText('@ada').waitFor();
        await assertA11y(page, `thread 2, own uuid not yet known (${colorScheme})`);

        await page.goto(appUrl());
        await waitForFeed(page);
        await page.getByRole('link', { name: /^Your profile: Ada Lovelace/ }).waitFor();
        await assertA11y(page, `feed (${colorScheme})`);

        await page.goto(appUrl('#/post/5'));
        await waitForThread(page, POST_5);
        await assertA11y(page, `thread 5 (${colorScheme})`);

        await page.goto(appUrl('#/user/6d1f5c2a-3b7e-4c1d-9a2f-0ada00000001'));
        await page.getByRole('heading', { level: 1, name: 'Ada Lovelace', exact: true }).waitFor();
        await assertA11y(page, `profile (${colorScheme})`);

        await page.goto(appUrl('#/settings'));
        await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
        await assertA11y(page, `settings (${colorScheme})`);
      });
    });
  }
});

describe('what a reader is protected from', () => {
  test('an nsfw post’s text is not in the DOM until "Show post" is pressed', async () => {
    const text = 'Graphic description of a horror film scene';
    await withPage({}, async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await page.goto(appUrl('#/post/15'));
      const post = page.getByRole('article').first();
      await post.getByText('This post is marked as sensitive.').waitFor({ timeout: 15_000 });
      await page.getByText('NSFW', { exact: true }).first().waitFor();
      assert.ok(!(await page.content()).includes(text), 'the nsfw text is in the DOM before the reveal');

      await post.getByRole('button', { name: 'Show post' }).click();
      await post.getByText(text).waitFor({ state: 'visible' });
    });
  });

  test('a locked post’s thread says replies are closed and offers no reply box', async () => {
    await withPage({}, async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.bram);
      await page.goto(appUrl('#/post/12'));
      await page.getByText('Replies are closed: this post is locked.').waitFor({ timeout: 15_000 });
      await page.getByRole('article').first().getByTitle('Locked: replies are closed').waitFor();
      assert.equal(await page.getByLabel('Your reply').count(), 0, 'a locked post offers a reply box');
      // The reply written before the lock still shows.
      await page.getByText('Thanks for the heads-up!').waitFor();
    });
  });

  test('hostile post 20 shows <script> as literal text and injects no script', async () => {
    await withPage({}, async (page, session) => {
      const dialogs = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await page.goto(appUrl('#/post/20'));
      const post = page.getByRole('article').first();
      await post.getByText('<script>alert(1)</script>', { exact: true }).waitFor({ timeout: 15_000 });
      await post.getByRole('link', { name: '<img src=x onerror=alert(1)>', exact: true }).waitFor();
      await post.getByText('· <img src=x onerror=alert(1)>').waitFor();
      // The reply (post 23) loads too.
      await page.getByText('Nice try. It is shown as plain text here.').waitFor();
      const injected = await page.evaluate(() => ({
        // index.html's own two (its boot list, a data block, and its loader) aside.
        inlineScripts: document.querySelectorAll('script:not([src]):not(#boot-assets):not(#boot-loader), #root script').length,
        injectedImages: document.querySelectorAll('img[src="x"]').length,
        handlers: document.querySelectorAll('[onerror], [onload]').length,
      }));
      assert.deepEqual(injected, { inlineScripts: 0, injectedImages: 0, handlers: 0 });
      assert.deepEqual(dialogs, [], 'an alert() ran');
      assert.deepEqual(session.pageErrors, []);
    });
  });

  test('no anchor in the hostile posts or on mallory’s profile points anywhere but http(s)', async () => {
    await withPage({}, async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      const pages = [
        ['#/post/20', '<script>alert(1)</script>'],
        ['#/post/21', '[click me](javascript:alert(1))'],
        ['#/post/54', 'Bidi trick:'],
        ['#/post/63', 'DROP TABLE posts'],
        [`#/user/${USER_IDS.mallory}`, 'href="javascript:alert(1)"'],
      ];
      for (const [route, text] of pages) {
        await page.goto(appUrl(route));
        await page.getByRole('main').getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
        // Give the lazily loaded link tokenizer its turn before looking.
        await page.waitForLoadState('networkidle');
        const anchors = await page.locator('a').evaluateAll((list) => list.map((a) => ({ href: a.href, protocol: a.href ? new URL(a.href).protocol : '' })));
        assert.ok(anchors.length > 0, `no anchors at all on ${route}`);
        const bad = anchors.filter((a) => a.protocol !== 'http:' && a.protocol !== 'https:');
        assert.deepEqual(bad, [], `non-http(s) anchors on ${route}`);
        assert.equal(await page.getByRole('main').locator('.post-content a, .profile-bio a').count(), 0, `a link in the hostile text of ${route}`);
      }
    });
  });

  test('a deep link (#/post/5) under the sub-path loads, and reloads, to the thread', async () => {
    await withPage({}, async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await page.goto(appUrl('#/post/5'));
      await waitForThread(page, POST_5);
      await page.reload();
      await waitForThread(page, POST_5);
      await page.getByRole('heading', { name: '2 replies' }).waitFor();
      const url = new URL(page.url());
      assert.equal(url.pathname, '/apps/social/');
      assert.equal(url.hash, '#/post/5');
      assert.equal(threadIdOf(page), '5');
    });
  });
});

describe('links in text', () => {
  const LONG_URL = `https://example.com/${'a'.repeat(180)}`;

  test('a URL in a post is an underlined link to its http(s) target, opening a new tab, and a narrow page does not scroll sideways', async () => {
    await withPage({ viewport: { width: 360, height: 740 } }, async (page, session) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      await page.goto(appUrl('#/post/25'));
      const link = page.getByRole('link', { name: /^example\.com\/a+…$/ });
      await link.waitFor({ timeout: 15_000 });
      const facts = await link.evaluate((a) => ({
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
        title: a.getAttribute('title'),
        dir: a.getAttribute('dir'),
        underline: getComputedStyle(a).textDecorationLine,
        parentDir: a.parentElement?.getAttribute('dir'),
      }));
      assert.deepEqual(facts, {
        href: LONG_URL,
        target: '_blank',
        rel: 'noopener noreferrer nofollow ugc',
        title: LONG_URL,
        dir: 'ltr',
        underline: 'underline',
        parentDir: 'auto',
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      // Avatars and the blog image are external (and answered by a placeholder); nothing else may be.
      const requests = session.externalRequests.filter((request) => !request.endsWith('(image)'));
      assert.deepEqual(requests, [], 'a link made a request before anyone followed it');
    });
  });

  test('Tab to a link that a clamped post hides shows the whole post', async () => {
    const paragraphs = Array.from({ length: 11 }, (_, i) => `Paragraph ${i + 1} of a post that is clamped in the feed.`);
    const content = [...paragraphs, 'The source: https://example.com/the-source'].join('\n\n');
    const created = await fetchMockJson('/v2/post', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKENS.bram}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    try {
      await withPage({}, async (page) => {
        await page.goto(appUrl());
        await signIn(page, TOKENS.ada);
        await waitForFeed(page);
        const post = page.locator(`article[data-post-id="${created.body.post.id}"]`);
        const link = post.getByRole('link', { name: 'example.com/the-source' });
        await link.waitFor({ state: 'attached', timeout: 15_000 });
        await post.getByRole('button', { name: 'Show more' }).waitFor();
        assert.ok(!(await link.isVisible()) || (await isClippedBy(link, post.locator('.post-content'))), 'the link is not hidden by the clamp');

        await post.focus();
        for (let i = 0; i < 4 && !(await link.evaluate((a) => a === document.activeElement)); i += 1) await page.keyboard.press('Tab');
        assert.ok(await link.evaluate((a) => a === document.activeElement), 'Tab never reached the link');
        await post.getByRole('button', { name: 'Show less' }).waitFor();
        assert.ok(!(await isClippedBy(link, post.locator('.post-content'))), 'the focused link is still hidden');
      });
    } finally {
      await resetMock();
    }
  });
});

/** Whether `inner` reaches below the bottom of `outer` (a clamp's overflow: hidden cuts it off). */
async function isClippedBy(inner, outer) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  return !a || !b || a.y + a.height > b.y + b.height + 1;
}
