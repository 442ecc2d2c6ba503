// Reading journeys in a real browser against the mock v2 API over HTTP: sign in, the feed newest
// first and windowed past the 18-id hole, a thread with its replies, a profile, sign out; sensitive,
// locked and hostile posts; a deep link that survives a reload. (Every page's axe audit, in both
// schemes: a11y-audit.spec.ts.)
import type { Locator, Page } from '@playwright/test';
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import auth from '../../src/i18n/catalogs/en/auth.json' with { type: 'json' };
import common from '../../src/i18n/catalogs/en/common.json' with { type: 'json' };
import compose from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import feedText from '../../src/i18n/catalogs/en/feed.json' with { type: 'json' };
import post from '../../src/i18n/catalogs/en/post.json' with { type: 'json' };
import thread from '../../src/i18n/catalogs/en/later/thread.json' with { type: 'json' };
import { FIXTURE_POST_IDS } from '../../src/mocks/fixtures';
import { expect, test } from './fixtures';
import { seedPost, seedUser } from './journeys';
import { feedPostIds, openSignedIn, showNewest, signIn, threadIdOf, TOKENS, USER_IDS, waitForFeed } from './support';

/** The first id of the deleted run 31–48: a post below it is past the hole. */
const HOLE = FIXTURE_POST_IDS.deletedRun;
/** The DOM must stay bounded while scrolling the feed: far fewer articles than posts seen. */
const MAX_ARTICLES = 60;
const POST_5 = seedPost(5).content;
const ADA = seedUser('ada');

/** The thread page has its post and (when it has any) its replies loaded. */
async function waitForThread(page: Page, text: string) {
  await expect(page.getByRole('article').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.locator('.reply[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The feed has rendered what the viewport shows: a run of consecutive rows reaches from the top of
 * the visible part of the list to its bottom. The list is windowed against the page's scroll, and a
 * scroll re-renders it a moment later: until then the DOM still holds the rows of the old position.
 */
function feedCoversViewport(): boolean {
  const feed = document.querySelector('[role="feed"]');
  if (!feed) return false;
  const list = feed.getBoundingClientRect();
  const top = Math.max(0, list.top);
  const bottom = Math.min(innerHeight, list.bottom);
  if (bottom <= top) return true;
  const rows = [...feed.querySelectorAll(':scope > [data-index]')]
    .map((row) => ({ index: Number(row.getAttribute('data-index')), box: row.getBoundingClientRect() }))
    .sort((a, b) => a.index - b.index);
  // The focused post stays rendered wherever it is: only a run of consecutive rows counts.
  let first = 0;
  for (let i = 1; i <= rows.length; i += 1) {
    if (i < rows.length && rows[i]!.index === rows[i - 1]!.index + 1) continue;
    if (rows[first]!.box.top <= top + 1 && rows[i - 1]!.box.bottom >= bottom - 1) return true;
    first = i;
  }
  return false;
}

/**
 * One step down the feed, as a reader does: the wheel, or "Load more posts" when it is on screen.
 * The button is taken once and clicked once, and only when it is in the viewport: scrolling down to
 * it would jump over posts the reader never saw, and a locator would wait for the next "Load more
 * posts" after that. Scrolling to it may already load the next page and replace the button: a click
 * that finds it gone is fine. Each step ends once the feed shows what the reader now looks at, so
 * the next look at the DOM sees every post passed.
 */
async function scrollFeedOnce(page: Page) {
  const found = await page.evaluateHandle((name) => {
    const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
    const box = button?.getBoundingClientRect();
    const onScreen = box !== undefined && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    const shown = [...document.querySelectorAll('[role="feed"] article[aria-posinset]')].map((article) => Number(article.getAttribute('aria-posinset')));
    return { button: onScreen ? button : null, lastShown: Math.max(0, ...shown) };
  }, feedText.loadMore);
  const button = (await found.getProperty('button')).asElement();
  const lastShown = (await (await found.getProperty('lastShown')).jsonValue()) as number;
  await found.dispose();

  if (button) {
    const clicked = await button.click({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    await button.dispose();
    // The new page arrives and focus moves to its first post: look at the feed only once that is
    // done, so two quick clicks never skip a whole page unseen.
    if (clicked) {
      await page.waitForFunction(
        (last) => {
          const focused = document.activeElement;
          return (
            document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false' &&
            focused?.matches('[role="feed"] article') === true &&
            Number(focused.getAttribute('aria-posinset')) > last
          );
        },
        lastShown,
        { timeout: 15_000 },
      );
    }
  } else {
    const before = await page.evaluate(() => ({ y: scrollY, height: document.documentElement.scrollHeight }));
    await page.mouse.wheel(0, 900);
    // The wheel scrolls at once (headless Chromium does not animate it). At the bottom it cannot:
    // the next page is on its way, and the step ends when it has made the page longer (or when
    // "Load more posts" is on screen, for the next step to press).
    await page.waitForFunction(
      ({ y, height, loadMore }) => {
        if (scrollY === y && document.documentElement.scrollHeight === height) {
          const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === loadMore);
          const box = button?.getBoundingClientRect();
          return box !== undefined && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
        }
        return true;
      },
      { ...before, loadMore: feedText.loadMore },
      { timeout: 15_000 },
    );
  }
  await page.waitForFunction(feedCoversViewport, null, { timeout: 15_000 });
}

/** Whether `inner` reaches below the bottom of `outer` (a clamp's overflow: hidden cuts it off). */
async function isClippedBy(inner: Locator, outer: Locator) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  return !a || !b || a.y + a.height > b.y + b.height + 1;
}

// Each test starts from the seed in its own fresh page: they run side by side, each in its worker's
// own mock (which other files may have changed before).
test.describe.configure({ mode: 'parallel' });
test.beforeEach(async ({ mockApi }) => {
  await mockApi.reset();
});

test.describe('reading', () => {
  test('sign in, scroll the feed past the 18-id hole, open a thread and a profile, sign out', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await signIn(page, TOKENS.ada, { url: app.url });
    await waitForFeed(page);
    // A first visit opens on the highest post the search read (73) and offers the two above it.
    expect((await feedPostIds(page))[0]).toBe('73');
    await showNewest(page);

    // Newest first: the newest seed post (75) on top, ids strictly descending.
    const first = await feedPostIds(page);
    expect(first[0], `the feed should start at the newest post ${FIXTURE_POST_IDS.newest}, got ${first.slice(0, 5).join(', ')}`).toBe(
      String(FIXTURE_POST_IDS.newest),
    );

    const seen: string[] = [];
    let maxArticles = 0;
    let reached: string | null = null;
    for (let step = 0; step < 60 && !reached; step += 1) {
      const articles = await page.locator('article').count();
      maxArticles = Math.max(maxArticles, articles);
      expect(articles, `the DOM holds ${articles} articles: the feed is not windowed`).toBeLessThan(MAX_ARTICLES);
      const ids = await feedPostIds(page);
      for (let i = 1; i < ids.length; i += 1) {
        expect(Number(ids[i]), `feed order is not newest first: ${ids.join(', ')}`).toBeLessThan(Number(ids[i - 1]));
      }
      for (const id of ids) if (!seen.includes(id)) seen.push(id);
      // "Visible": in the DOM and in (or above the bottom of) the viewport after scrolling to it.
      const below = ids.find((id) => Number(id) < HOLE.from);
      if (below) {
        const card = page.locator(`[role="feed"] article[data-post-id="${below}"]`);
        await card.scrollIntoViewIfNeeded();
        if (await card.isVisible()) reached = below;
        break;
      }
      await scrollFeedOnce(page);
    }
    expect(reached, `never reached a post below id ${HOLE.from}; seen: ${seen.join(', ')}`).toBeTruthy();
    for (let id = HOLE.from; id <= HOLE.to; id += 1) expect(seen, `deleted post ${id} showed in the feed`).not.toContain(String(id));
    expect(seen, 'posts on both sides of the hole should show').toEqual(expect.arrayContaining([String(HOLE.to + 1), String(HOLE.from - 1)]));
    // Windowed: the top of the feed has left the DOM by now, but for the post holding focus (the
    // newest, focused when the offer was pressed), which stays so that focus is not lost.
    await expect(page.locator(`[role="feed"] article[data-post-id="${FIXTURE_POST_IDS.newest - 1}"]`), 'the second post is still in the DOM far down the feed').toHaveCount(0);
    await expect(page.locator(`[role="feed"] article[data-post-id="${FIXTURE_POST_IDS.newest}"]`)).toBeFocused();

    // Keep going down to post 5 and open its thread through its replies link.
    const post5 = page.getByRole('article').filter({ hasText: POST_5 });
    for (let step = 0; step < 60 && !(await post5.isVisible()); step += 1) {
      maxArticles = Math.max(maxArticles, await page.locator('article').count());
      await scrollFeedOnce(page);
    }
    expect(maxArticles, `the DOM held up to ${maxArticles} articles`).toBeLessThan(MAX_ARTICLES);
    await post5.getByRole('link', { name: /^Open thread: 2 replies$/ }).click();

    await waitForThread(page, POST_5);
    expect(threadIdOf(page)).toBe('5');
    await expect(page.getByRole('heading', { name: '2 replies' })).toBeVisible();
    for (const reply of [6, 9, 7, 10].map((id) => seedPost(id).content)) {
      await expect(page.getByText(reply).first()).toBeVisible();
    }

    // The author's profile from the author's name on the thread's post.
    await page.getByRole('article').first().getByRole('link', { name: ADA.displayname, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: ADA.displayname, exact: true })).toBeVisible();
    // The handle under the name comes first; the posts seen so far (with their own handles) follow.
    await expect(page.getByRole('main').locator('.profile-handle')).toHaveText(`@${ADA.username}`);
    await expect(page.getByRole('main').getByText(`@${ADA.username}`, { exact: true }).first().locator('xpath=..')).toHaveClass('handle profile-handle');
    await expect(page).toHaveURL(new RegExp(`#/user/${USER_IDS.ada}$`));

    await page.getByRole('button', { name: auth.signOut }).click();
    await expect(page.getByRole('heading', { level: 1, name: appText.welcomeTitle })).toBeVisible();
    await expect(page.getByLabel(auth.tokenLabel)).toBeVisible();
    await expect(page.getByRole('button', { name: auth.signOut }), 'still signed in').toHaveCount(0);
    const stored = await page.evaluate(() => Object.entries({ ...sessionStorage, ...localStorage }));
    expect(stored.filter(([, value]) => value.includes(TOKENS.ada)), 'the token is still stored').toEqual([]);
    test.info().annotations.push({ type: 'feed', description: `reached post ${reached}, at most ${maxArticles} articles in the DOM, ${seen.length} posts passed` });
  });
});

test.describe('what a reader is protected from', () => {
  test('an nsfw post’s text is not in the DOM until "Show post" is pressed', async ({ app, openPage }) => {
    const text = seedPost(15).content;
    const session = await openPage();
    const { page } = session;
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    await page.goto(app.at('#/post/15'));
    const nsfwPost = page.getByRole('article').first();
    await expect(nsfwPost.getByText(post.sensitiveNotice)).toBeVisible();
    await expect(page.getByText(common.nsfw, { exact: true }).first()).toBeVisible();
    expect(await page.content(), 'the nsfw text is in the DOM before the reveal').not.toContain(text);

    await nsfwPost.getByRole('button', { name: post.showPost }).click();
    await expect(nsfwPost.getByText(text)).toBeVisible();
  });

  test('a locked post’s thread says replies are closed and offers no reply box', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await openSignedIn(page, TOKENS.bram, { url: app.url });
    await page.goto(app.at(`#/post/${FIXTURE_POST_IDS.lockedWithReply}`));
    await expect(page.getByText(thread.repliesClosed)).toBeVisible();
    await expect(page.getByRole('article').first().getByTitle(common.locked)).toBeVisible();
    await expect(page.getByLabel(compose.replyLabel), 'a locked post offers a reply box').toHaveCount(0);
    // The reply written before the lock still shows.
    await expect(page.getByText(seedPost(13).content)).toBeVisible();
  });

  test('hostile post 20 shows <script> as literal text and injects no script', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const mallory = seedUser('mallory').displayname;
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    await page.goto(app.at('#/post/20'));
    const hostile = page.getByRole('article').first();
    await expect(hostile.getByText('<script>alert(1)</script>', { exact: true })).toBeVisible();
    await expect(hostile.getByRole('link', { name: mallory, exact: true })).toBeVisible();
    await expect(hostile.getByText(`· ${seedPost(20).from}`)).toBeVisible();
    // The reply (post 23) loads too.
    await expect(page.getByText(seedPost(23).content)).toBeVisible();
    const injected = await page.evaluate(() => ({
      // index.html's own two (its boot list, a data block, and its loader) aside.
      inlineScripts: document.querySelectorAll('script:not([src]):not(#boot-assets):not(#boot-loader), #root script').length,
      injectedImages: document.querySelectorAll('img[src="x"]').length,
      handlers: document.querySelectorAll('[onerror], [onload]').length,
    }));
    expect(injected).toEqual({ inlineScripts: 0, injectedImages: 0, handlers: 0 });
    expect(dialogs, 'an alert() ran').toEqual([]);
  });

  test('no anchor in the hostile posts or on mallory’s profile points anywhere but http(s)', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    // The link tokenizer loads lazily, the first time some text may hold a link, and text shows
    // plain until it has. Loaded first (post 25 has a URL), it tokenizes every text below in its
    // first render: the pages are looked at as they will stay. (The hash changes below keep the page.)
    await page.goto(app.at(`#/post/${FIXTURE_POST_IDS.long}`));
    await expect(page.locator('.post-content a.user-link').first()).toBeVisible();
    const pages: [route: string, text: string][] = [
      ['#/post/20', seedPost(20).content],
      ['#/post/21', '[click me](javascript:alert(1))'],
      ['#/post/54', 'Bidi trick:'],
      ['#/post/63', 'DROP TABLE posts'],
      [`#/user/${USER_IDS.mallory}`, 'href="javascript:alert(1)"'],
    ];
    for (const [route, text] of pages) {
      await page.goto(app.at(route));
      await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
      const anchors = await page.locator('a').evaluateAll((list) =>
        list.map((a) => {
          const href = (a as HTMLAnchorElement).href;
          return { href, protocol: href ? new URL(href).protocol : '' };
        }),
      );
      expect(anchors.length, `no anchors at all on ${route}`).toBeGreaterThan(0);
      const bad = anchors.filter((a) => a.protocol !== 'http:' && a.protocol !== 'https:');
      expect(bad, `non-http(s) anchors on ${route}`).toEqual([]);
      await expect(page.getByRole('main').locator('.post-content a, .profile-bio a'), `a link in the hostile text of ${route}`).toHaveCount(0);
    }
  });

  test('a deep link (#/post/5) under the sub-path loads, and reloads, to the thread', async ({ app, openPage }) => {
    const session = await openPage();
    const { page } = session;
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    await page.goto(app.at('#/post/5'));
    await waitForThread(page, POST_5);
    await page.reload();
    await waitForThread(page, POST_5);
    await expect(page.getByRole('heading', { name: '2 replies' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/apps/social/');
    expect(url.hash).toBe('#/post/5');
    expect(threadIdOf(page)).toBe('5');
  });
});

test.describe('links in text', () => {
  const LONG_URL = `https://example.com/${'a'.repeat(180)}`;

  test('a URL in a post is an underlined link to its http(s) target, opening a new tab, and a narrow page does not scroll sideways', async ({ app, openPage }) => {
    const session = await openPage({ viewport: { width: 360, height: 740 } });
    const { page } = session;
    expect(seedPost(FIXTURE_POST_IDS.long).content, 'the seed post 25 ends in the long URL').toContain(LONG_URL);
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    await page.goto(app.at(`#/post/${FIXTURE_POST_IDS.long}`));
    const link = page.getByRole('link', { name: /^example\.com\/a+…$/ });
    await expect(link).toBeVisible();
    const facts = await link.evaluate((a) => ({
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel'),
      title: a.getAttribute('title'),
      dir: a.getAttribute('dir'),
      underline: getComputedStyle(a).textDecorationLine,
      parentDir: a.parentElement?.getAttribute('dir'),
    }));
    expect(facts).toEqual({
      href: LONG_URL,
      target: '_blank',
      rel: 'noopener noreferrer nofollow ugc',
      title: LONG_URL,
      dir: 'ltr',
      underline: 'underline',
      parentDir: 'auto',
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    // The fixtures' pictures are the mock's own (127.0.0.1): nothing may leave this machine.
    expect(session.externalRequests, 'a link made a request before anyone followed it').toEqual([]);
    // The guard sees what it must: an image from another host is refused by the browser (the proxy
    // that is not there: not a DNS failure, nor a picture from the internet) and recorded.
    const probe = 'https://example.com/guard-probe.png';
    expect(await page.evaluate((src) => new Promise((resolve) => Object.assign(new Image(), { onload: () => resolve('loaded'), onerror: () => resolve('refused'), src })), probe)).toBe('refused');
    expect(session.externalRequests).toContain(`GET ${probe} (image)`);
    expect(session.failedRequests).toContain(`GET ${probe}: net::ERR_PROXY_CONNECTION_FAILED`);
  });

  test('Tab to a link that a clamped post hides shows the whole post', async ({ app, mockApi, openPage }) => {
    const paragraphs = Array.from({ length: 11 }, (_, i) => `Paragraph ${i + 1} of a post that is clamped in the feed.`);
    const content = [...paragraphs, 'The source: https://example.com/the-source'].join('\n\n');
    const created = await mockApi.fetchJson<{ post: { id: string | number } }>('/v2/post', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKENS.bram}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    try {
      const session = await openPage();
      const { page } = session;
      await openSignedIn(page, TOKENS.ada, { url: app.url });
      // A first visit opens on the seed's 73 and offers what is above it as new posts, bram's among
      // them: ada takes the offer, and bram's post is on top.
      await showNewest(page, String(created.body.post.id));
      const clamped = page.locator(`article[data-post-id="${created.body.post.id}"]`);
      const link = clamped.getByRole('link', { name: 'example.com/the-source' });
      await expect(link).toBeAttached();
      await expect(clamped.getByRole('button', { name: post.showMore })).toBeVisible();
      expect(!(await link.isVisible()) || (await isClippedBy(link, clamped.locator('.post-content'))), 'the link is not hidden by the clamp').toBe(true);

      await clamped.focus();
      const linkFocused = () => link.evaluate((a) => a === document.activeElement);
      for (let i = 0; i < 4 && !(await linkFocused()); i += 1) await page.keyboard.press('Tab');
      expect(await linkFocused(), 'Tab never reached the link').toBe(true);
      await expect(clamped.getByRole('button', { name: post.showLess })).toBeVisible();
      expect(await isClippedBy(link, clamped.locator('.post-content')), 'the focused link is still hidden').toBe(false);
    } finally {
      await mockApi.reset();
    }
  });
});
