// Foundation acceptance: the built app, served statically from any path with only a config.json
// next to it, runs in a real browser against the v2 API over HTTP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startStaticServer } from '../../scripts/static-server.mjs';
import {
  appUrl,
  checkA11y,
  fetchMockJson,
  formatErrors,
  newPage,
  requireEnv,
  sharedBrowser,
} from './browser.mjs';

/** Chromium reports every HTTP error response (e.g. an expected 404) as this console error. */
const HTTP_ERROR_RESOURCE = /Failed to load resource: the server responded with a status of (404|4\d\d)/;

/** The first `length` characters of `text`, whitespace collapsed as Playwright's text matching does. */
function excerpt(text, length = 40) {
  return text.replace(/\s+/g, ' ').trim().slice(0, length).trim();
}

const browser = sharedBrowser();

/** Serves dist/ under a sub-path with the given overrides, for the duration of `fn`. */
async function withDist(overrides, fn) {
  const server = await startStaticServer({
    root: requireEnv('DIST_DIR'),
    basePath: '/apps/social/',
    overrides,
  });
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

describe('the built app against the mock API over HTTP', () => {
  test('the signed-out home page shows the latest blog entry', async () => {
    const { status, body } = await fetchMockJson('/v2/blog/latest');
    assert.equal(status, 200, `GET /v2/blog/latest answered HTTP ${status}`);
    assert.equal(body.error, false, 'GET /v2/blog/latest answered error: true');
    const content = body.blog?.content;
    assert.ok(typeof content === 'string' && content.trim(), 'the mock blog entry has no content');

    const session = await newPage(browser());
    try {
      const { page } = session;
      await page.goto(appUrl());
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText(excerpt(content)).first().waitFor({ state: 'visible', timeout: 15_000 });
      assert.deepEqual(session.unexpectedErrors(), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });

  test("the home's largest paint is its first screen, not the banner that lands after it; the banner unfolds on request", async () => {
    const { body } = await fetchMockJson('/v2/blog/latest');
    const session = await newPage(browser());
    try {
      const { page } = session;
      // Each largest-contentful-paint entry as it is reported: its element may have left the page
      // since (the prerendered first screen is replaced by the app's render of the same boxes).
      await page.addInitScript(() => {
        const entries = [];
        Object.defineProperty(window, '__largest', { value: entries });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            entries.push({ inBanner: Boolean(entry.element?.closest('.blog-banner')), text: entry.element?.textContent?.slice(0, 60) ?? null });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(appUrl());
      const banner = page.getByRole('complementary', { name: 'Latest from the blog' });
      const more = banner.getByRole('button', { name: 'Read more' });
      await more.waitFor({ state: 'visible', timeout: 15_000 });
      // No input yet, so the last entry is the page's LCP.
      const largest = (await page.evaluate(() => window.__largest.at(-1))) ?? { text: null };
      assert.ok(largest.text, 'no largest-contentful-paint entry');
      assert.equal(largest.inBanner, false, `the page's largest paint is the blog banner's: ${largest.text}`);

      const content = banner.locator('.blog-content');
      const clipped = () => content.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      assert.equal(await clipped(), true, 'the folded entry should show less than its whole text');
      const foldedHeight = (await banner.boundingBox()).height;
      await more.click();
      await banner.getByRole('button', { name: 'Show less' }).waitFor({ state: 'visible' });
      assert.equal(await clipped(), false, 'the unfolded entry should show its whole text');
      assert.ok((await banner.boundingBox()).height > foldedHeight, 'the unfolded banner should grow to hold the entry');
      assert.equal(excerpt(await content.innerText(), 200), excerpt(body.blog.content, 200));
      await banner.getByRole('button', { name: 'Show less' }).click();
      assert.equal(await clipped(), true, 'Show less should fold the entry again');
      assert.deepEqual(session.unexpectedErrors(), [], `errors in the page:${formatErrors(session.errors)}`);
    } finally {
      await session.close();
    }
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`the home page has no serious accessibility violations (${colorScheme})`, async () => {
      const { body } = await fetchMockJson('/v2/blog/latest');
      const session = await newPage(browser(), { colorScheme });
      try {
        const { page } = session;
        await page.goto(appUrl());
        await page.getByText(excerpt(body.blog.content)).first().waitFor({ state: 'visible', timeout: 15_000 });
        const { violations, report } = await checkA11y(page, { label: `home (${colorScheme})` });
        assert.equal(violations.length, 0, report);
      } finally {
        await session.close();
      }
    });
  }
});

describe('config.json', () => {
  test('missing: the app still starts with production defaults (no blank page)', async () => {
    await withDist({ 'config.json': null }, async (url) => {
      const session = await newPage(browser());
      try {
        const { page } = session;
        const configResponse = page.waitForResponse((response) => response.url().endsWith('/config.json'));
        await page.goto(url);
        assert.equal((await configResponse).status(), 404, 'the static server should answer 404 for config.json');
        const banner = page.getByRole('banner').first();
        await banner.waitFor({ state: 'visible', timeout: 15_000 });
        assert.match(await banner.innerText(), /Social/, 'the banner should name the app');
        const text = (await page.locator('body').innerText()).trim();
        assert.ok(text.length > 0, 'the page is blank');
        // Expected 404s: config.json itself, and the API calls to the default same-origin base.
        assert.deepEqual(
          session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE] }),
          [],
          `errors in the page:${formatErrors(session.errors)}`,
        );
      } finally {
        await session.close();
      }
    });
  });

  test('invalid: the app shows a configuration error naming config.json', async () => {
    await withDist({ 'config.json': '{"mocks":"yes"}\n' }, async (url) => {
      const session = await newPage(browser());
      try {
        const { page } = session;
        await page.goto(url);
        const message = page.getByText(/config\.json/i).first();
        await message.waitFor({ state: 'visible', timeout: 15_000 });
        assert.deepEqual(session.pageErrors, [], `uncaught errors in the page:${formatErrors(session.pageErrors)}`);
      } finally {
        await session.close();
      }
    });
  });
});
