// Installable and offline, in a real browser: the web app manifest, the service worker installed
// from the sub-path, the app opened again with no network, writes refused offline with the draft
// kept, and a new deployment offered as "A new version is available" (never a silent reload).
//
// Offline is shown two ways: the browser knows (context.setOffline: navigator.onLine is false, the
// `offline` event fires), and the browser does not know (every request fails while navigator.onLine
// stays true, as after a reload with the network gone, on Wi-Fi without internet, behind a captive
// portal or a dropped VPN).
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request, Response as PageResponse, Route } from '@playwright/test';
import { startStaticServer } from '../../scripts/serve';
import appText from '../../src/i18n/catalogs/en/app.json' with { type: 'json' };
import composeText from '../../src/i18n/catalogs/en/later/compose.json' with { type: 'json' };
import onDemandText from '../../src/i18n/catalogs/en/later/onDemand.json' with { type: 'json' };
import statusText from '../../src/i18n/catalogs/en/status.json' with { type: 'json' };
import { createFixtureSnapshot } from '../../src/mocks/fixtures';
import { allowErrors, APP_BASE_PATH, DIST_DIR, expect, test, type App, type MockApi, type OpenPage } from './fixtures';
import { HTTP_ERROR_RESOURCE, LONG_QUIET_MS, openSignedIn, TOKENS, watchApi, type PageSession } from './support';

const OFFLINE_NOTICE = appText.offline;
const UPDATE_NOTICE = onDemandText.updateAvailable;
/** The seed's post 5, read before the network goes. */
const POST_5 = createFixtureSnapshot().posts.find((post) => post.id === 5)?.content ?? 'post 5 is not in the seed';
/** Offline, every request the page still makes to the network fails: expected, not a fault. */
const OFFLINE_ERRORS = /net::ERR_INTERNET_DISCONNECTED|Failed to fetch/;

/**
 * A page in a fresh context. "Leave this page? The draft stays saved": the person agrees (a reload
 * with a draft open asks).
 */
async function openAgreeingPage(openPage: OpenPage): Promise<PageSession> {
  const session = await openPage();
  session.page.on('dialog', (dialog) => void dialog.accept());
  return session;
}

/** Waits until a service worker controls the page; resolves its script URL and its registration's scope. */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { script: navigator.serviceWorker.controller?.scriptURL, scope: registration?.scope };
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1'), 'not a PNG').toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  short_name?: string;
  display: string;
  start_url: string;
  scope: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

async function postsWithContent(mockApi: MockApi, text: string) {
  return (await mockApi.state()).posts.filter((post) => post.content === text);
}

test.beforeAll(async ({ mockApi }) => {
  await mockApi.reset();
});

// Each test has a browser context of its own (storage, service worker) and unique texts.
// The app's service worker is this file's subject (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'parallel' });

test.describe('installable', () => {
  test('index.html links a valid manifest whose icons load and whose start and scope are the sub-path', async ({ app, openPage }) => {
    const session = await openAgreeingPage(openPage);
    const { page } = session;
    await page.goto(app.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href, 'no <link rel="manifest">').toBeTruthy();
    const manifestUrl = new URL(href ?? '', page.url()).href;
    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Manifest;

    expect(manifest.name).toBe('Social');
    expect(manifest.short_name, 'no short_name').toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(new URL(manifest.start_url, manifestUrl).href, 'start_url is not the app').toBe(app.url);
    expect(new URL(manifest.scope, manifestUrl).href, 'scope is not the app').toBe(app.url);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const dark = await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]').getAttribute('content');
    expect(dark ?? '', 'no theme colour for dark').toMatch(/^#[0-9a-f]{6}$/i);

    const found: string[] = [];
    for (const icon of manifest.icons) {
      const iconResponse = await fetch(new URL(icon.src, manifestUrl));
      expect(iconResponse.status, `${icon.src} did not load`).toBe(200);
      expect(iconResponse.headers.get('content-type')).toBe(icon.type);
      const bytes = Buffer.from(await iconResponse.arrayBuffer());
      if (icon.type === 'image/png') expect(pngSize(bytes), `${icon.src} is not ${icon.sizes}`).toBe(icon.sizes);
      found.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    for (const wanted of ['192x192 any', '512x512 any', '512x512 maskable', 'any any']) {
      expect(found, `no ${wanted} icon in ${found.join(', ')}`).toContain(wanted);
    }
  });

  test('the service worker installs from the sub-path and controls the page', async ({ app, openPage }) => {
    const session = await openAgreeingPage(openPage);
    const { page } = session;
    await openSignedIn(page, TOKENS.ada, { url: app.url });
    const { script, scope } = await waitForServiceWorker(page);
    expect(script).toBe(app.at('sw.js'));
    expect(scope).toBe(app.url);
    // A first install is not an update: nothing to offer.
    await expect(page.getByText(UPDATE_NOTICE)).toHaveCount(0);
  });
});

/** Signed in as ada, the service worker in control, the feed read, then post 5 (an in-app navigation). */
async function readWhileOnline(page: Page, app: App) {
  await openSignedIn(page, TOKENS.ada, { url: app.url });
  await waitForServiceWorker(page);
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  await page.goto(app.at('#/post/5'));
  await expect(page.getByRole('article').filter({ hasText: POST_5 }).first()).toBeVisible();
}

/** What was read stays readable offline: the feed and back to post 5, with no error over them. */
async function expectReadStaysReadable(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: appText.feed }).click();
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article').filter({ hasText: POST_5 }).first()).toBeVisible();
  await expect(page.getByRole('alert'), 'an error is shown over what was already read').toHaveCount(0);
}

/** A write: refused at once, with the text kept. Returns the text. */
async function writeRefused(page: Page): Promise<string> {
  const text = `Written offline ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: appText.newPost }).click();
  const box = page.getByLabel(composeText.contentLabel);
  await box.fill(text);
  await page.getByRole('button', { name: composeText.post, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: composeText.offlinePost })).toBeVisible();
  await expect(box).toHaveValue(text);
  return text;
}

/** Opened again with no network: the app (from the service worker), still signed in, says it is offline, the draft kept. */
async function expectReopenedOffline(page: Page, text: string) {
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(page).toHaveTitle('Social');
  await expect(page.getByLabel(composeText.contentLabel), 'the draft was lost').toHaveValue(text);
}

/** Back online: the app talks to the configured API (the remembered config.json), and the kept draft goes with one press. */
async function expectDraftPostsOnce(page: Page, mockApi: MockApi, text: string) {
  await page.getByRole('button', { name: composeText.post, exact: true }).click();
  await page.waitForURL(/#\/post\/\d+$/);
  await expect(page.getByRole('article').filter({ hasText: text }).first()).toBeVisible();
  const sent = await postsWithContent(mockApi, text);
  expect(sent.length, `the server holds ${sent.length} copies of the post`).toBe(1);
}

/** Whether the page's navigator.onLine says the browser has a network. */
function browserSaysOnline(page: Page) {
  return page.evaluate(() => navigator.onLine);
}

/**
 * Cuts the network of the context's pages and of their service worker, leaving the browser's
 * navigator.onLine alone: every request is aborted as Chromium aborts one with no connection.
 * Playwright (1.65, Chromium) routes a service worker's own fetches through context.route too; what
 * the worker answers from its precache never reaches the network, as offline. Not routed: the
 * browser's own update check of the registration (sw.js and the workbox script it imports), which
 * may still reach the static host — not the API, and not something the page or the worker sent.
 */
async function cutNetwork(context: BrowserContext) {
  const aborted: string[] = [];
  const answered: string[] = [];
  /** Requests issued since the cut (one already on its way may still get its answer). */
  const issued = new Set<Request>();
  const handler = async (route: Route) => {
    aborted.push(route.request().url());
    await route.abort('internetdisconnected');
  };
  const onRequest = (request: Request) => void issued.add(request);
  const onResponse = (response: PageResponse) => {
    if (issued.has(response.request()) && !response.fromServiceWorker()) answered.push(`${response.status()} ${response.url()}`);
  };
  await context.route('**/*', handler);
  context.on('request', onRequest);
  context.on('response', onResponse);
  return {
    aborted,
    /** Requests issued since the cut that got an answer other than from the service worker. */
    answered,
    async restore() {
      context.off('request', onRequest);
      context.off('response', onResponse);
      await context.unroute('**/*', handler);
    },
  };
}

test.describe('offline', () => {
  test('the browser knows: what was read stays readable, a post is refused with the draft kept, a reload shows the app, and it recovers', allowErrors(HTTP_ERROR_RESOURCE, OFFLINE_ERRORS), async ({
    app,
    mockApi,
    openPage,
  }) => {
    const session = await openAgreeingPage(openPage);
    const { page, context } = session;
    await readWhileOnline(page, app);

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
    await expectReadStaysReadable(page);
    const text = await writeRefused(page);
    await expectReopenedOffline(page, text);
    expect(await postsWithContent(mockApi, text), 'the offline post reached the server').toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: statusText.online })).toBeVisible();
    await expectDraftPostsOnce(page, mockApi, text);
  });

  test('the browser does not know (navigator.onLine stays true): the same, once a request gets no answer', allowErrors(HTTP_ERROR_RESOURCE, OFFLINE_ERRORS), async ({ app, mockApi, openPage }) => {
    const session = await openAgreeingPage(openPage);
    const { page, context } = session;
    // Offline this way, nothing tells the page the network is back: the app asks again once a
    // minute (src/lib/online-status.ts). The page's clock runs as usual, and is moved on that minute.
    await page.clock.install();
    await readWhileOnline(page, app);

    const cut = await cutNetwork(context);
    // Opened again with the network gone: the shell from the service worker, config.json and the API
    // unanswered. Nothing but a request that gets no answer can tell the app it is offline.
    await page.reload();
    expect(await browserSaysOnline(page), 'navigator.onLine should stay true: this test is about the browser not knowing').toBe(true);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: POST_5 }).first()).toBeVisible();
    await expectReadStaysReadable(page);
    const text = await writeRefused(page);
    await expectReopenedOffline(page, text);
    expect(await browserSaysOnline(page), 'navigator.onLine after the second reload').toBe(true);
    expect(await postsWithContent(mockApi, text), 'the offline post reached the server').toEqual([]);
    expect(cut.answered, 'requests answered by the network while it was cut').toEqual([]);
    expect(cut.aborted.length, 'no request was cut: the test proves nothing').toBeGreaterThan(0);

    await cut.restore();
    await page.clock.fastForward('01:00');
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: statusText.online })).toBeVisible();
    await expectDraftPostsOnce(page, mockApi, text);
  });
});

/** The dist/ of a deployment, where files can be replaced while it is served. */
async function deployment(mockApi: MockApi) {
  const root = await mkdtemp(path.join(tmpdir(), 'social-pwa-'));
  await cp(DIST_DIR, root, { recursive: true });
  const server = await startStaticServer({
    root,
    basePath: APP_BASE_PATH,
    overrides: { 'config.json': `${JSON.stringify({ apiBaseUrl: mockApi.url, mocks: false })}\n` },
  });
  return {
    url: server.url,
    /**
     * A rebuild that changed index.html: the new file, and the service worker's precache list
     * with its new revision (what vite-plugin-pwa writes: the file's MD5), as a deploy ships them.
     */
    async redeploy(build: string) {
      const indexPath = path.join(root, 'index.html');
      const swPath = path.join(root, 'sw.js');
      const before = await readFile(indexPath);
      const after = Buffer.from(before.toString('utf8').replace('</head>', `<meta name="x-build" content="${build}"></head>`));
      const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
      const sw = await readFile(swPath, 'utf8');
      expect(sw.includes(md5(before)), 'sw.js does not list index.html by its MD5').toBe(true);
      await writeFile(indexPath, after);
      await writeFile(swPath, sw.replace(md5(before), md5(after)));
    },
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

test.describe('a new deployment', () => {
  test('is offered as "A new version is available" with Reload; nothing reloads until asked, and the draft survives', async ({ mockApi, openPage }) => {
    const site = await deployment(mockApi);
    try {
      const session = await openAgreeingPage(openPage);
      const { page } = session;
      await openSignedIn(page, TOKENS.ada, { url: site.url });
      await waitForServiceWorker(page);
      const draft = `A draft across versions ${Date.now().toString(36)}`;
      await page.goto(`${site.url}#/compose`);
      await page.getByLabel(composeText.contentLabel).fill(draft);

      await site.redeploy('2');
      // Opening the app again checks for a new worker: it installs, then waits to be let in.
      const api = watchApi(page, mockApi.url);
      await page.reload();
      await expect(page.getByLabel(composeText.contentLabel)).toBeVisible();
      await page.evaluate(() => {
        (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
      });
      const notice = page.getByRole('status').filter({ hasText: UPDATE_NOTICE });
      await expect(notice).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'the page reloaded without being asked').toBe(true);
      await expect(page.locator('meta[name="x-build"]'), 'the new version ran before Reload').toHaveCount(0);

      // Reload pressed once the page's own first requests are done. Chromium (with DevTools attached,
      // as here) left the new worker "installed" for good when an API request went through the old
      // worker just after SKIP_WAITING: a burst of fetches around the press made this test fail 5
      // times in 6, and sending SKIP_WAITING again did not help. Whether a person without DevTools
      // meets it is not known (issue 37's note).
      await api.quiet(Date.now(), LONG_QUIET_MS);
      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: onDemandText.reload }).click()]);
      await expect(page.getByLabel(composeText.contentLabel)).toBeVisible();
      await expect(page.locator('meta[name="x-build"]'), 'the old version is still served').toHaveAttribute('content', '2');
      await expect(page.getByLabel(composeText.contentLabel), 'the draft was lost').toHaveValue(draft);
      await expect(page.getByText(UPDATE_NOTICE)).toHaveCount(0);
    } finally {
      await site.close();
    }
  });
});
