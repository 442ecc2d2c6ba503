// The first load's order of work (issue 10): what index.html starts itself, and what the
// signed-out home paints before the sign-in form's code has arrived.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appUrl, formatErrors, newPage, sharedBrowser } from './browser.mjs';

const browser = sharedBrowser();

describe('the first load', () => {
  test('index.html starts config.json and the English text itself, and the app reads config.json once', async () => {
    const session = await newPage(browser());
    try {
      const { page } = session;
      await page.goto(appUrl());
      await page.getByText('Sign in with your API token to read and write posts.').waitFor({ state: 'visible', timeout: 15_000 });
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
      await page.route(/\/assets\/sign-in-panel-[\w-]+\.js$/, async (route) => {
        held = true;
        await released;
        await route.continue();
      });
      await page.goto(appUrl());
      await page.getByRole('heading', { name: 'Welcome to Social' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText('Sign in with your API token to read and write posts.').waitFor({ state: 'visible' });
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
});
