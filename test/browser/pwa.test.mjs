// Installable and offline, in a real browser: the web app manifest, the service worker installed
// from the sub-path, the app opened again with no network, writes refused offline with the draft
// kept, and a new deployment offered as "A new version is available" (never a silent reload).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { startStaticServer } from '../../scripts/static-server.mjs';
import {
  appUrl,
  formatErrors,
  HTTP_ERROR_RESOURCE,
  mockApiUrl,
  mockState,
  newPage,
  requireEnv,
  sharedBrowser,
  signIn,
  TOKENS,
} from './browser.mjs';

const OFFLINE_NOTICE = "You're offline. Showing what was already loaded; posting is paused.";
const UPDATE_NOTICE = 'A new version is available.';
const POST_5 = 'Poll: what is your favourite text editor? Reply below.';
const LONG = { timeout: 20_000 };
/** Offline, every request the page still makes to the network fails: expected, not a fault. */
const OFFLINE_ERRORS = /net::ERR_INTERNET_DISCONNECTED|Failed to fetch/;

const browser = sharedBrowser({ resetMockFirst: true });

async function withPage(fn, { allow = [] } = {}) {
  const session = await newPage(browser());
  // "Leave this page? The draft stays saved": the person agrees (a reload with a draft open asks).
  session.page.on('dialog', (dialog) => void dialog.accept());
  try {
    await fn(session.page, session);
    const errors = session.unexpectedErrors({ allow: [HTTP_ERROR_RESOURCE, ...allow] });
    assert.deepEqual(errors, [], `errors in the page:${formatErrors(errors)}`);
  } finally {
    await session.close();
  }
}

/** Waits until a service worker controls the page; resolves its script URL and its registration's scope. */
async function waitForServiceWorker(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, LONG);
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { script: navigator.serviceWorker.controller.scriptURL, scope: registration?.scope };
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'not a PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable', () => {
  test('index.html links a valid manifest whose icons load and whose start and scope are the sub-path', async () => {
    await withPage(async (page) => {
      await page.goto(appUrl());
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.ok(href, 'no <link rel="manifest">');
      const manifestUrl = new URL(href, page.url()).href;
      const response = await fetch(manifestUrl);
      assert.equal(response.status, 200);
      const manifest = await response.json();

      assert.equal(manifest.name, 'Social');
      assert.ok(manifest.short_name, 'no short_name');
      assert.equal(manifest.display, 'standalone');
      assert.equal(new URL(manifest.start_url, manifestUrl).href, appUrl(), 'start_url is not the app');
      assert.equal(new URL(manifest.scope, manifestUrl).href, appUrl(), 'scope is not the app');
      assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
      assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
      const dark = await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]').getAttribute('content');
      assert.match(dark ?? '', /^#[0-9a-f]{6}$/i, 'no theme colour for dark');

      const found = [];
      for (const icon of manifest.icons) {
        const iconResponse = await fetch(new URL(icon.src, manifestUrl));
        assert.equal(iconResponse.status, 200, `${icon.src} did not load`);
        assert.equal(iconResponse.headers.get('content-type'), icon.type);
        const bytes = Buffer.from(await iconResponse.arrayBuffer());
        if (icon.type === 'image/png') assert.equal(pngSize(bytes), icon.sizes, `${icon.src} is not ${icon.sizes}`);
        found.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
      }
      for (const wanted of ['192x192 any', '512x512 any', '512x512 maskable', 'any any']) {
        assert.ok(found.includes(wanted), `no ${wanted} icon in ${found.join(', ')}`);
      }
    });
  });

  test('the service worker installs from the sub-path and controls the page', async () => {
    await withPage(async (page) => {
      await page.goto(appUrl());
      await signIn(page, TOKENS.ada);
      const { script, scope } = await waitForServiceWorker(page);
      assert.equal(script, appUrl('sw.js'));
      assert.equal(scope, appUrl());
      // A first install is not an update: nothing to offer.
      assert.equal(await page.getByText(UPDATE_NOTICE).count(), 0);
    });
  });
});

describe('offline', () => {
  test('what was read stays readable, a post is refused with the draft kept, a reload shows the app, and it recovers', async () => {
    await withPage(
      async (page, session) => {
        await page.goto(appUrl());
        await signIn(page, TOKENS.ada);
        await waitForServiceWorker(page);
        await page.getByRole('feed').getByRole('article').first().waitFor(LONG);
        // Read a thread (an in-app navigation: only the hash changes).
        await page.goto(appUrl('#/post/5'));
        await page.getByRole('article').filter({ hasText: POST_5 }).first().waitFor(LONG);

        await session.context.setOffline(true);
        await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
        await page.getByRole('feed').getByRole('article').first().waitFor();
        await page.goBack();
        await page.getByRole('article').filter({ hasText: POST_5 }).first().waitFor();
        assert.equal(await page.getByRole('alert').count(), 0, 'an error is shown over what was already read');

        // A write: refused at once, nothing reaches the server, the text stays.
        const text = `Written offline ${Date.now().toString(36)}`;
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New post' }).click();
        const box = page.getByLabel('What do you want to say?');
        await box.fill(text);
        await page.getByRole('button', { name: 'Post', exact: true }).click();
        await page.getByRole('alert').filter({ hasText: "You're offline — your post was not sent; the draft is kept." }).waitFor();
        assert.equal(await box.inputValue(), text);

        // Opened again with no network: the app (from the service worker), still signed in, says it is offline.
        await page.reload();
        await page.getByRole('button', { name: 'Sign out' }).waitFor(LONG);
        await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).waitFor();
        assert.equal(await page.title(), 'Social');
        assert.equal(await page.getByLabel('What do you want to say?').inputValue(), text, 'the draft was lost');
        assert.equal((await mockState()).posts.filter((post) => post.content === text).length, 0, 'the offline post reached the server');

        // Back online, the app that started offline talks to the configured API (the remembered
        // config.json), and the kept draft goes with one press.
        await session.context.setOffline(false);
        await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
        await page.getByRole('status').filter({ hasText: 'API online' }).waitFor(LONG);
        await page.getByRole('button', { name: 'Post', exact: true }).click();
        await page.waitForURL(/#\/post\/\d+$/, LONG);
        await page.getByRole('article').filter({ hasText: text }).first().waitFor(LONG);
        const sent = (await mockState()).posts.filter((post) => post.content === text);
        assert.equal(sent.length, 1, `the server holds ${sent.length} copies of the post`);
      },
      { allow: [OFFLINE_ERRORS] },
    );
  });
});

/** The dist/ of a deployment, where files can be replaced while it is served. */
async function deployment() {
  const root = await mkdtemp(path.join(tmpdir(), 'social-pwa-'));
  await cp(requireEnv('DIST_DIR'), root, { recursive: true });
  const server = await startStaticServer({
    root,
    basePath: '/apps/social/',
    overrides: { 'config.json': `${JSON.stringify({ apiBaseUrl: mockApiUrl(), mocks: false })}\n` },
  });
  return {
    url: server.url,
    /**
     * A rebuild that changed index.html: the new file, and the service worker's precache list
     * with its new revision (what vite-plugin-pwa writes: the file's MD5), as a deploy ships them.
     */
    async redeploy(build) {
      const indexPath = path.join(root, 'index.html');
      const swPath = path.join(root, 'sw.js');
      const before = await readFile(indexPath);
      const after = Buffer.from(before.toString('utf8').replace('</head>', `<meta name="x-build" content="${build}"></head>`));
      const md5 = (bytes) => createHash('md5').update(bytes).digest('hex');
      const sw = await readFile(swPath, 'utf8');
      assert.ok(sw.includes(md5(before)), 'sw.js does not list index.html by its MD5');
      await writeFile(indexPath, after);
      await writeFile(swPath, sw.replace(md5(before), md5(after)));
    },
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

describe('a new deployment', () => {
  test('is offered as "A new version is available" with Reload; nothing reloads until asked, and the draft survives', async () => {
    const site = await deployment();
    try {
      await withPage(async (page) => {
        await page.goto(site.url);
        await page.getByLabel('API token').fill(TOKENS.ada);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByRole('button', { name: 'Sign out' }).waitFor(LONG);
        await waitForServiceWorker(page);
        const draft = `A draft across versions ${Date.now().toString(36)}`;
        await page.goto(`${site.url}#/compose`);
        await page.getByLabel('What do you want to say?').fill(draft);

        await site.redeploy('2');
        // Opening the app again checks for a new worker: it installs, then waits to be let in.
        await page.reload();
        await page.getByLabel('What do you want to say?').waitFor(LONG);
        await page.evaluate(() => {
          window.__sameDocument = true;
        });
        const notice = page.getByRole('status').filter({ hasText: UPDATE_NOTICE });
        await notice.waitFor(LONG);
        assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page reloaded without being asked');
        assert.equal(await page.locator('meta[name="x-build"]').count(), 0, 'the new version ran before Reload');

        await Promise.all([page.waitForEvent('load', LONG), notice.getByRole('button', { name: 'Reload' }).click()]);
        await page.getByLabel('What do you want to say?').waitFor(LONG);
        assert.equal(await page.locator('meta[name="x-build"]').getAttribute('content'), '2', 'the old version is still served');
        assert.equal(await page.getByLabel('What do you want to say?').inputValue(), draft, 'the draft was lost');
        assert.equal(await page.getByText(UPDATE_NOTICE).count(), 0);
      });
    } finally {
      await site.close();
    }
  });
});
