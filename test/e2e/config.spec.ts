// The remembered config.json in a real browser (src/lib/config.ts): the copy a build keeps is tied to
// that build, and stands in only when config.json cannot be fetched at all. Which API the app talks
// to tells which configuration it took: the served config.json's (the mock), the remembered copy's,
// or the built-in default (the page's own origin).
import type { Page } from '@playwright/test';
import { expect, test, type App, type MockApi } from './fixtures';

/** Where the app keeps the last config.json it read (src/app/start.tsx). */
const LAST_CONFIG_KEY = 'social.config.last';
/** An API origin nothing listens on: a configuration that points here must never be the one used. */
const NOWHERE = 'http://127.0.0.1:9';

type Remembered = { build: string; config: { apiBaseUrl: string; mocks: boolean } };

/** The first request the app sends to an API (`…/v2/…`): its origin says which configuration is in force. */
function firstApiRequest(page: Page): Promise<string> {
  return page.waitForRequest((request) => new URL(request.url()).pathname.includes('/v2/')).then((request) => request.url());
}

/** This build's id, as the app records it next to the config.json it read. */
async function thisBuild(openPage: () => Promise<{ page: Page }>, app: App, mockApi: MockApi): Promise<string> {
  const { page } = await openPage();
  const api = firstApiRequest(page);
  await page.goto(app.url);
  expect(new URL(await api).origin, 'a first visit talks to the API of the served config.json').toBe(mockApi.url);
  const raw = await page.waitForFunction((key) => localStorage.getItem(key), LAST_CONFIG_KEY).then((handle) => handle.jsonValue());
  const record = JSON.parse(raw!) as Remembered;
  expect(record.config).toEqual(app.config);
  expect(record.build).toMatch(/\S/);
  return record.build;
}

/**
 * A fresh browser whose storage holds `remembered`, with config.json answered as `served` says
 * (`'unreachable'`: no answer at all; `404`; `'ok'`: the real file), opened at the app: the origin of
 * its first API request.
 */
async function start(
  openPage: () => Promise<{ page: Page }>,
  app: App,
  remembered: Remembered,
  served: 'ok' | 'unreachable' | 404,
): Promise<{ page: Page; api: string }> {
  const { page } = await openPage();
  await page.context().addInitScript(([key, value]) => localStorage.setItem(key!, value!), [LAST_CONFIG_KEY, JSON.stringify(remembered)]);
  if (served !== 'ok') {
    await page.route('**/config.json', (route) =>
      served === 'unreachable' ? route.abort('internetdisconnected') : route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
  }
  const api = firstApiRequest(page);
  await page.goto(app.url);
  return { page, api: new URL(await api).origin };
}

test('the remembered config.json: only this build’s copy, and only when config.json cannot be fetched at all', async ({ app, mockApi, openPage }) => {
  const build = await thisBuild(openPage, app, mockApi);
  const ownOrigin = new URL(app.url).origin;
  const pointingAtMock = { apiBaseUrl: mockApi.url, mocks: false };

  // Unreachable: this build's copy stands in.
  expect((await start(openPage, app, { build, config: pointingAtMock }, 'unreachable')).api).toBe(mockApi.url);
  // Unreachable, but the copy is another build's: not used; the built-in default (this origin) is.
  expect((await start(openPage, app, { build: `${build}-older`, config: pointingAtMock }, 'unreachable')).api).toBe(ownOrigin);
  // Fetched: the file wins over this build's copy, which it replaces.
  const fetched = await start(openPage, app, { build, config: { apiBaseUrl: NOWHERE, mocks: false } }, 'ok');
  expect(fetched.api).toBe(mockApi.url);
  await expect
    .poll(() => fetched.page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Remembered | null, LAST_CONFIG_KEY))
    .toEqual({ build, config: app.config });
  // Answered 404 ("no file"): the default, not the copy.
  expect((await start(openPage, app, { build, config: pointingAtMock }, 404)).api).toBe(ownOrigin);
});
