// The signed-out home's first screen is in the built index.html (build/prerender-plugin.ts): it is
// painted before any of the app's code has arrived, the app's first render takes it over without a
// shift, and nobody it was not rendered for (signed in, another page, another language) ever sees it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appUrl, formatErrors, HTTP_ERROR_RESOURCE, newPage, sharedBrowser, TOKENS, waitUntil } from './browser.mjs';

const browser = sharedBrowser();
const WELCOME = 'Welcome to Social';
const INTRO = 'Sign in with your API token to read and write posts.';

/** Notes every layout shift, and whether the English welcome was ever in the document. */
function watchPage() {
  const seen = { shifts: [], welcome: false };
  Object.defineProperty(window, '__prerenderWatch', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) seen.shifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.nodeName ?? null) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (document.body?.textContent?.includes('Welcome to Social')) seen.welcome = true;
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

describe('the prerendered home', () => {
  test("a signed-out first visit paints the home before the app's code arrives; the app takes it over without a shift", async () => {
    const session = await newPage(browser());
    let release;
    const released = new Promise((resolve) => (release = resolve));
    try {
      const { page } = session;
      const scripts = [];
      // Every script of the app waits until the prerendered screen has been looked at.
      await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
        scripts.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      });
      await page.addInitScript(watchPage);
      // Not until "load": that waits for the held scripts.
      await page.goto(appUrl(), { waitUntil: 'domcontentloaded' });
      const heading = page.getByRole('heading', { name: WELCOME });
      await heading.waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText(INTRO).waitFor({ state: 'visible' });
      // Nothing of the app has run: its code is held, the form is still the loading lines.
      assert.equal(await page.evaluate(() => typeof window.__prerenderWatch), 'object');
      assert.equal(await page.getByLabel('API token').count(), 0);
      assert.equal(await page.getByRole('status').filter({ hasText: 'Loading…' }).count(), 1);
      // ... and it was asked for once that screen was on show.
      await waitUntil(() => page.evaluate(() => document.querySelector('script[type="module"][src*="assets/index-"]') !== null), {
        timeout: 5_000,
        message: "the app's entry script added to the page",
      });
      const boxes = async () => ({
        heading: await heading.boundingBox(),
        intro: await page.getByText(INTRO).boundingBox(),
        signInLink: await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).boundingBox(),
      });
      const before = await boxes();
      const prerenderedHeading = await heading.elementHandle();
      release();
      // The app's own render: the form, the blog entry, the API's status.
      await page.getByLabel('API token').waitFor({ state: 'visible', timeout: 15_000 });
      const banner = page.getByRole('complementary', { name: 'Latest from the blog' });
      await banner.getByRole('button', { name: 'Read more' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('status').filter({ hasText: 'API online' }).waitFor({ state: 'attached', timeout: 15_000 });
      assert.ok(scripts.some((path) => /\/assets\/core-[\w-]+\.js$/.test(path)), `scripts asked for: ${scripts.join(', ')}`);
      // React replaced the prerendered nodes (its first commit empties the root) with the same boxes.
      assert.equal(await prerenderedHeading.evaluate((node) => node.isConnected), false, 'the prerendered heading is still in the page');
      assert.deepEqual(await boxes(), before);
      assert.deepEqual(await page.evaluate(() => window.__prerenderWatch.shifts), []);
      // And it is the app: its links are the router's.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor({ state: 'visible', timeout: 15_000 });
      // No error: the inline loader is allowed by its hash, not blocked by the Content-Security-Policy.
      assert.deepEqual(session.unexpectedErrors(), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      release();
      await session.close();
    }
  });

  const others = [
    {
      name: 'signed in',
      prepare: (page) => page.addInitScript((token) => sessionStorage.setItem('social.api-token', token), TOKENS.ada),
      url: '',
      shows: (page) => page.getByRole('feed').getByRole('article').first(),
    },
    {
      name: 'another page (settings, signed out)',
      url: '#/settings',
      shows: (page) => page.getByRole('heading', { name: 'Settings' }),
    },
    {
      name: 'a Polish browser',
      contextOptions: { locale: 'pl-PL' },
      url: '',
      shows: (page) => page.getByRole('heading', { name: 'Witaj w Social' }),
    },
    {
      name: 'English chosen in the app, Polish browser',
      contextOptions: { locale: 'pl-PL' },
      prepare: (page) => page.addInitScript(() => localStorage.setItem('social.language', 'en')),
      url: '',
      shows: (page) => page.getByRole('heading', { name: WELCOME }),
      welcome: true,
    },
    {
      name: 'the blog banner dismissed in this tab',
      prepare: (page) => page.addInitScript(() => sessionStorage.setItem('social.blog-dismissed', 'x')),
      url: '',
      shows: (page) => page.getByLabel('API token'),
      // The app shows the welcome itself; the prerendered screen (with the banner's place held) is not used.
      welcome: true,
      prerendered: false,
    },
  ];
  for (const { name, contextOptions, prepare, url, shows, welcome = false, prerendered = welcome } of others) {
    test(`${name}: ${prerendered ? 'the prerendered home is used' : 'the prerendered home never shows'}`, async () => {
      const session = await newPage(browser(), { contextOptions });
      try {
        const { page } = session;
        await page.addInitScript(watchPage);
        await prepare?.(page);
        await page.goto(appUrl(url));
        await shows(page).waitFor({ state: 'visible', timeout: 15_000 });
        const state = await page.evaluate(() => ({
          welcome: window.__prerenderWatch.welcome,
          prerendered: document.documentElement.hasAttribute('data-prerendered'),
        }));
        assert.deepEqual(state, { welcome, prerendered });
        assert.deepEqual(session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }), [], `errors in the page:${formatErrors(session.errors)}`);
      } finally {
        await session.close();
      }
    });
  }
});
