// The first load's order of work (issue 10): what index.html starts itself, what the
// signed-out home paints before the sign-in form's code has arrived, and what a first visit's
// feed sends only once its first posts are on screen.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appUrl, formatErrors, HTTP_ERROR_RESOURCE, newPage, resetMock, sharedBrowser, TOKENS } from './browser.mjs';

const browser = sharedBrowser();

describe('the first load', () => {
  test('index.html starts config.json and the English text itself, and the app reads config.json once', async () => {
    const session = await newPage(browser());
    try {
      const { page } = session;
      await page.goto(appUrl());
      // The app's own render (the welcome text is in index.html itself: test/browser/prerender.test.mjs).
      await page.getByLabel('API token').waitFor({ state: 'visible', timeout: 15_000 });
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, initiatorType: entry.initiatorType })),
      );
      const config = entries.filter((entry) => new URL(entry.name).pathname.endsWith('/config.json'));
      // One request, started by the <link rel=preload> (a second, by fetch(), would mean the preload was not used).
      assert.deepEqual(
        config.map((entry) => entry.initiatorType),
        ['link'],
        `config.json requests: ${JSON.stringify(config)}`,
      );
      // The catalog: preloaded by index.html (Chromium reports a module preload as a 'script' request),
      // and asked for once.
      const preloaded = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
      );
      assert.ok(
        preloaded.some((path) => /\/assets\/en-[\w-]+\.js$/.test(path)),
        `index.html preloads no English catalog: ${JSON.stringify(preloaded)}`,
      );
      const catalog = entries.filter((entry) => /\/assets\/en-[\w-]+\.js$/.test(new URL(entry.name).pathname));
      assert.equal(catalog.length, 1, `English catalog requests: ${JSON.stringify(catalog)}`);
      // The icon is inline (a data: URL the CSP allows: a violation would be a console error below):
      // no request for it competes with the first load's scripts.
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      assert.match(icon ?? '', /^data:image\/svg\+xml,/);
      assert.deepEqual(session.unexpectedErrors(), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });

  test("the signed-out home shows its text without waiting for the sign-in form's code", async () => {
    const session = await newPage(browser());
    let release;
    const released = new Promise((resolve) => (release = resolve));
    try {
      const { page } = session;
      let held = false;
      let asked;
      const askedFor = new Promise((resolve) => (asked = resolve));
      await page.route(/\/assets\/sign-in-panel-[\w-]+\.js$/, async (route) => {
        held = true;
        asked();
        await released;
        await route.continue();
      });
      await page.goto(appUrl());
      await page.getByRole('heading', { name: 'Welcome to Social' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText('Sign in with your API token to read and write posts.').waitFor({ state: 'visible' });
      // The form's code is asked for once the browser reports the text painted (an LCP entry, or
      // two frames and 300 ms): shortly after the text shows, not necessarily before this line.
      await Promise.race([askedFor, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      assert.ok(held, "the form's code was not asked for (or not by the expected name)");
      assert.equal(await page.getByLabel('API token').count(), 0, 'the form showed before its code arrived');
      const before = await page.getByText('Sign in with your API token to read and write posts.').boundingBox();
      release();
      await page.getByLabel('API token').waitFor({ state: 'visible', timeout: 15_000 });
      // The form takes the loading line's place below the text: nothing above it moves.
      assert.deepEqual(await page.getByText('Sign in with your API token to read and write posts.').boundingBox(), before);
      assert.deepEqual(session.unexpectedErrors(), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      release();
      await session.close();
    }
  });

  test('a first visit to the feed sends the status ping, the profile and the blog only once its first posts are on screen', async () => {
    const session = await newPage(browser());
    try {
      const { page } = session;
      // Signed in before the app runs (a new tab with the token), and every API call noted with
      // whether a post was on screen when it was made.
      await page.addInitScript((token) => {
        sessionStorage.setItem('social.api-token', token);
        const calls = [];
        Object.defineProperty(window, '__apiCalls', { value: calls });
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          calls.push({ path: new URL(url, location.href).pathname, postShown: document.querySelector('[role="feed"] article') !== null });
          return original(input, init);
        };
      }, TOKENS.ada);
      await page.goto(appUrl());
      await page.getByRole('feed').getByRole('article').first().waitFor({ state: 'visible', timeout: 15_000 });
      // Then they come: the banner, the status, and the account (the profile names the reader).
      await page.getByRole('complementary', { name: 'Latest from the blog' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('status').filter({ hasText: 'API online' }).waitFor({ state: 'attached', timeout: 15_000 });
      const calls = await page.evaluate(() => window.__apiCalls);
      const secondary = calls.filter((call) => /\/v2\/(ping|profile|blog\/latest)$/.test(call.path));
      for (const path of ['/v2/ping', '/v2/profile', '/v2/blog/latest']) {
        assert.ok(secondary.some((call) => call.path.endsWith(path)), `${path} was never asked for: ${JSON.stringify(calls)}`);
      }
      assert.deepEqual(
        secondary.filter((call) => !call.postShown),
        [],
        'asked for before the first post was on screen',
      );
      // The posts' own reads were not held.
      assert.ok(calls.some((call) => /\/v2\/post\/\d+$/.test(call.path) && !call.postShown), 'no post was read before the first post showed');
      // The head discovery's probes past the newest post answer 404.
      assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });

  test('on a phone, nothing on screen moves while a first visit’s feed measures its posts and loads the next page', async () => {
    // The seed's newest three posts: 73's 200-character "from" wraps to several lines, which the
    // list's height estimate does not count, so the list grows when its posts are measured.
    await resetMock();
    const session = await newPage(browser(), { viewport: { width: 412, height: 823 } });
    try {
      const { page } = session;
      await page.addInitScript((token) => {
        sessionStorage.setItem('social.api-token', token);
        const shifts = [];
        Object.defineProperty(window, '__layoutShifts', { value: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.className ?? null) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, TOKENS.ada);
      await page.goto(appUrl());
      const feed = page.getByRole('feed', { name: 'Posts' });
      await feed.getByRole('article').first().waitFor({ state: 'visible', timeout: 15_000 });
      // The first page holds three posts; the second comes at once, then the footer offers more.
      await feed.locator('article[data-post-id="72"]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.getByRole('button', { name: 'Load more posts' }).waitFor({ state: 'visible', timeout: 15_000 });
      const banner = page.getByRole('complementary', { name: 'Latest from the blog' });
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      // The banner's "Read more" comes last (once its text is measured), inside the banner's height.
      await banner.getByRole('button', { name: 'Read more' }).waitFor({ state: 'visible', timeout: 15_000 });
      assert.deepEqual(await page.evaluate(() => window.__layoutShifts), []);
      assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });
});
