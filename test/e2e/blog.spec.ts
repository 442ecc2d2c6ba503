// Foundation acceptance: the built app, served statically from any path with only a config.json
// next to it, runs in a real browser against the v2 API over HTTP.
import { startStaticServer } from '../../scripts/serve';
import { allowErrors, APP_BASE_PATH, DIST_DIR, expect, test, type OpenPage } from './fixtures';
import configText from '../../src/i18n/catalogs/en/later/config.json' with { type: 'json' };
import { ANY_CONSOLE_ERROR, checkA11y, type PageSession } from './support';

interface LatestBlog {
  error: boolean;
  blog?: { content: string };
}

/** The first `length` characters of `text`, whitespace collapsed as Playwright's text matching does. */
function excerpt(text: string, length = 40) {
  return text.replace(/\s+/g, ' ').trim().slice(0, length).trim();
}

/**
 * Serves dist/ under a sub-path with the given overrides, and opens a page for `fn`. The page closes
 * before the server does: the app goes on loading chunks once idle, and a server gone under it made
 * "Failed to fetch dynamically imported module" errors when a test ended quickly (CI, stop 40).
 */
async function withDist<T>(overrides: Record<string, string | null>, openPage: OpenPage, fn: (session: PageSession, url: string) => Promise<T>): Promise<T> {
  const server = await startStaticServer({ root: DIST_DIR, basePath: APP_BASE_PATH, overrides });
  const session = await openPage();
  try {
    return await fn(session, server.url);
  } finally {
    await session.close();
    await server.close();
  }
}

// One test checks that a build refusing to start registers no service worker: workers must be allowed
// for that to mean anything (the config blocks them elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('the built app against the mock API over HTTP', () => {
  test('the signed-out home page shows the latest blog entry', allowErrors(), async ({ app, mockApi, openPage }) => {
    const { status, body } = await mockApi.fetchJson<LatestBlog>('/v2/blog/latest');
    expect(status, 'GET /v2/blog/latest').toBe(200);
    expect(body.error, 'GET /v2/blog/latest answered error: true').toBe(false);
    const content = body.blog?.content ?? '';
    expect(content.trim(), 'the mock blog entry has no content').not.toBe('');

    const session = await openPage();
    const { page } = session;
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(excerpt(content)).first()).toBeVisible();
  });

  test("the home's largest paint is its first screen, not the banner that lands after it; the banner unfolds on request", allowErrors(), async ({ app, mockApi, openPage }) => {
    const { body } = await mockApi.fetchJson<LatestBlog>('/v2/blog/latest');
    const session = await openPage();
    const { page } = session;
    // Each largest-contentful-paint entry as it is reported: its element may have left the page
    // since (the prerendered first screen is replaced by the app's render of the same boxes).
    await page.addInitScript(() => {
      const entries: { inBanner: boolean; text: string | null }[] = [];
      Object.defineProperty(window, '__largest', { value: entries });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          entries.push({ inBanner: Boolean(entry.element?.closest('.blog-banner')), text: entry.element?.textContent?.slice(0, 60) ?? null });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(app.url);
    const banner = page.getByRole('complementary', { name: 'Latest from the blog' });
    const more = banner.getByRole('button', { name: 'Read more' });
    await expect(more).toBeVisible();
    // No input yet, so the last entry is the page's LCP.
    const largest = await page.evaluate(() => (window as unknown as { __largest: { inBanner: boolean; text: string | null }[] }).__largest.at(-1));
    expect(largest?.text, 'no largest-contentful-paint entry').toBeTruthy();
    expect(largest?.inBanner, `the page's largest paint is the blog banner's: ${largest?.text}`).toBe(false);

    const content = banner.locator('.blog-content');
    const clipped = () => content.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(await clipped(), 'the folded entry should show less than its whole text').toBe(true);
    const foldedHeight = (await banner.boundingBox())?.height ?? 0;
    await more.click();
    await expect(banner.getByRole('button', { name: 'Show less' })).toBeVisible();
    expect(await clipped(), 'the unfolded entry should show its whole text').toBe(false);
    expect((await banner.boundingBox())?.height, 'the unfolded banner should grow to hold the entry').toBeGreaterThan(foldedHeight);
    expect(excerpt(await content.innerText(), 200)).toBe(excerpt(body.blog?.content ?? '', 200));
    await banner.getByRole('button', { name: 'Show less' }).click();
    expect(await clipped(), 'Show less should fold the entry again').toBe(true);
  });

  for (const locale of ['en-GB', 'pl', 'ar']) {
    test(`on a 360 px phone (${locale}) the banner shows its tag, its author's name and the whole date`, allowErrors(), async ({ app, openPage }) => {
      const session = await openPage({ contextOptions: { locale, viewport: { width: 360, height: 740 } } });
      const { page } = session;
      await page.goto(app.url);
      const banner = page.locator('aside.blog-banner');
      await expect(banner.locator('.blog-meta time')).toBeVisible();
      const shown = await banner.evaluate((aside) => {
        const box = aside.getBoundingClientRect();
        const within = (element: Element | null) => {
          const rect = element?.getBoundingClientRect();
          return !!rect && rect.width > 0 && rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 && rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
        };
        const time = aside.querySelector('.blog-meta time');
        const name = aside.querySelector('.blog-author bdi');
        return {
          tag: within(aside.querySelector('.blog-meta .tag')),
          // Some of the name at least (it may end in an ellipsis): not squeezed to nothing.
          name: within(name) && (name?.getBoundingClientRect().width ?? 0) >= 24,
          date: within(time) && !!time && time.scrollWidth <= time.clientWidth + 1,
          more: within(aside.querySelector('.blog-more')),
        };
      });
      expect(shown).toEqual({ tag: true, name: true, date: true, more: true });
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the home page has no serious accessibility violations (${colorScheme})`, async ({ app, mockApi, openPage }) => {
      const { body } = await mockApi.fetchJson<LatestBlog>('/v2/blog/latest');
      const { page } = await openPage({ colorScheme });
      await page.goto(app.url);
      await expect(page.getByText(excerpt(body.blog?.content ?? '')).first()).toBeVisible();
      const { violations, report } = await checkA11y(page, { label: `home (${colorScheme})` });
      expect(violations, report).toEqual([]);
    });
  }
});

test.describe('config.json', () => {
  test('missing: the app still starts with production defaults (no blank page)', async ({ openPage }) => {
    await withDist({ 'config.json': null }, openPage, async ({ page }, url) => {
      const configResponse = page.waitForResponse((response) => response.url().endsWith('/config.json'));
      await page.goto(url);
      expect((await configResponse).status(), 'the static server should answer 404 for config.json').toBe(404);
      const banner = page.getByRole('banner').first();
      await expect(banner).toBeVisible();
      await expect(banner, 'the banner should name the app').toContainText('Social');
      expect((await page.locator('body').innerText()).trim(), 'the page is blank').not.toBe('');
      // Expected 404s: config.json itself, and the API calls to the default same-origin base.
    });
  });

  test('"mocks": true in a production build: a configuration error that names build:preview, and no mock code', allowErrors(ANY_CONSOLE_ERROR), async ({ openPage }) => {
    await withDist({ 'config.json': '{"apiBaseUrl":"./mock-api","mocks":true}\n' }, openPage, async (session, url) => {
      const scripts: string[] = [];
      session.page.on('request', (request) => {
        if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
      });
      await session.page.goto(url);
      await expect(session.page.getByText(configText.mocksNotBuilt)).toBeVisible();
      await expect(session.page.getByText(/npm run build:preview/)).toBeVisible();
      expect(await session.page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)), 'a service worker was registered').toBe(0);
      expect(scripts.filter((script) => /mockServiceWorker|msw|mocks?[-/]/i.test(script)), 'mock code was fetched').toEqual([]);
    });
  });

  for (const apiBaseUrl of ['/\\evil.example', '\\\\evil.example', ' //evil.example']) {
    test(`an apiBaseUrl that leads to another host (${JSON.stringify(apiBaseUrl)}) is refused before any request`, allowErrors(ANY_CONSOLE_ERROR), async ({ openPage }) => {
      await withDist({ 'config.json': `${JSON.stringify({ apiBaseUrl, mocks: false })}\n` }, openPage, async (session, url) => {
        await session.page.goto(url);
        await expect(session.page.getByText(configText.apiBaseUrl)).toBeVisible();
        // The browser refuses every request to a host other than this machine, and newPage records it.
        expect(session.externalRequests).toEqual([]);
      });
    });
  }

  test('invalid: the app shows a configuration error naming config.json', allowErrors(ANY_CONSOLE_ERROR), async ({ openPage }) => {
    await withDist({ 'config.json': '{"mocks":"yes"}\n' }, openPage, async (session, url) => {
      await session.page.goto(url);
      await expect(session.page.getByText(/config\.json/i).first()).toBeVisible();
    });
  });
});
